import { chromium } from 'playwright-core';
import Pusher from 'pusher';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const base = 'http://localhost:4104';
const session = JSON.parse(readFileSync('/tmp/realtime-shots/session.json', 'utf8')) as { userId: string; cookies: string[] };
const appKey = readFileSync('/tmp/realtime-data/app-key', 'utf8').trim();
const secret = createHmac('sha256', appKey).update('pusher').digest('hex');
const ctx = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'rt-shots-')), {
  executablePath: '/usr/bin/chromium', headless: true, viewport: { width: 1280, height: 800 },
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
await ctx.addCookies(session.cookies.map((c) => { const [pair] = c.split(';'); const i = pair.indexOf('='); return { name: pair.slice(0, i), value: pair.slice(i + 1), url: base }; }));
const page = ctx.pages()[0] ?? (await ctx.newPage());
const logs: string[] = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
await page.goto(`${base}/dashboard`);
await page.waitForSelector('[data-testid="notification-bell"]');
await page.waitForFunction(() => true);
for (let i = 0; i < 50 && !logs.some((l) => l.includes('Live channel connected')); i++) await page.waitForTimeout(100);
await page.screenshot({ path: '/tmp/realtime-shots/1-dashboard.png' });
await page.click('[data-testid="notification-bell"]');
await page.waitForSelector('text=View all');
await page.waitForTimeout(400);
await page.screenshot({ path: '/tmp/realtime-shots/2-bell-dropdown.png' });
// publish like any server would, through the Pusher HTTP API
const sdk = new Pusher({ appId: 'pathways', key: 'pathways-key', secret, host: '127.0.0.1', port: '4104', useTLS: false });
await sdk.trigger(`private-user.${session.userId}`, 'notification.created', { id: '00000000-0000-4000-8000-00000000abcd', type: 'test.live', title: 'Live: survey response received', body: 'A new response arrived for “Baseline survey 2026”.', url: null, readAt: null, createdAt: new Date().toISOString() });
await page.waitForSelector('text=Live: survey response received >> nth=0');
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/realtime-shots/3-live-toast.png' });
await page.keyboard.press('Escape');
await page.goto(`${base}/notifications`);
await page.waitForSelector('text=Mark all read');
await page.screenshot({ path: '/tmp/realtime-shots/4-notifications-page.png', fullPage: true });
await page.click('button:has-text("Mark all read")');
await page.waitForTimeout(1200);
await page.screenshot({ path: '/tmp/realtime-shots/5-after-mark-all.png', fullPage: true });
console.log(logs.join('\n'));
await ctx.close();
