/**
 * The diagram's pictures and its fit, in Chromium on a 7-element theory of change: the exported SVG
 * and PNG draw every link line (not only the arrowheads), and "Fit" keeps the text readable.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createTestApp, type TestApp } from '../test/helpers/app.js';
import { createUser } from '../test/helpers/auth.js';
import { createTeamFor } from '../test/helpers/team-membership.js';
import { seedTheoryOfChange } from '../src/server/modules/problems/toc-views.test-support.js';
import { cookiesFor, launchBrowser, shot, stableBox, type Browser } from './helpers/browser.js';

let t: TestApp;
let base: string;
let browser: Browser;
let page: Page;
let toc: Awaited<ReturnType<typeof seedTheoryOfChange>>;
const WAIT = { timeout: 30_000 };

beforeAll(async () => {
  t = await createTestApp({ build: { assets: undefined } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const user = await createUser(t.app, { name: 'Amina Okafor' });
  const team = await createTeamFor(t.app, user.id, 'Field Research');
  toc = await seedTheoryOfChange(t.app.ctx.db, { teamId: team.id, size: 7 });
  const { headers } = await t.app.ctx.auth.api.signInEmail({
    body: { email: user.email, password: user.password },
    returnHeaders: true,
  });
  browser = await launchBrowser({ viewport: { width: 1280, height: 800 } });
  await browser.context.addCookies(cookiesFor(headers, base));
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function openDiagram() {
  await page.goto(`${base}/problems/${toc.problemId}/diagram`, { waitUntil: 'networkidle' });
  await page.locator('.react-flow__node-element').first().waitFor(WAIT);
  await stableBox(page.locator('.react-flow__node-element').first());
}

async function download(item: 'SVG image' | 'PNG image') {
  await page.getByRole('button', { name: 'Export' }).click();
  const d = page.waitForEvent('download', WAIT);
  await page.getByRole('menuitem', { name: item }).click();
  const file = readFileSync((await (await d).path())!);
  // the menu has closed before the next one opens
  await page.getByRole('menu').waitFor({ state: 'detached', ...WAIT });
  return file;
}

/** The smallest element title or column label on screen, in CSS pixels (font size times the zoom). */
async function smallestText() {
  return page.evaluate(() => {
    const vp = document.querySelector<HTMLElement>('.react-flow__viewport')!;
    const zoom = new DOMMatrixReadOnly(getComputedStyle(vp).transform).a;
    const sizes = [
      ...document.querySelectorAll<HTMLElement>(
        '.react-flow__node-element p, .react-flow__node-column p',
      ),
    ].map((p) => parseFloat(getComputedStyle(p).fontSize) * zoom);
    return Math.min(...sizes);
  });
}

describe('diagram pictures and fit', () => {
  it('fits 7 elements with their text readable (at least 9 px), on opening and with Fit', async () => {
    await openDiagram();
    expect(await smallestText()).toBeGreaterThanOrEqual(9);
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await stableBox(page.locator('.react-flow__node-element').first());
    expect(await smallestText()).toBeGreaterThanOrEqual(9);
    await shot(page, 'diagram-7-fit');
  });

  it('exports an SVG with a stroked line for every link', async () => {
    await openDiagram();
    const svg = download('SVG image');
    const text = (await svg).toString('utf8');
    const paths = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      return [...doc.querySelectorAll('path.react-flow__edge-path')].map((p) => ({
        stroke: (p as SVGElement).style.stroke || p.getAttribute('stroke') || '',
        width: (p as SVGElement).style.strokeWidth || p.getAttribute('stroke-width') || '',
      }));
    }, text);
    expect(paths.length).toBe(toc.linkCount);
    for (const p of paths) {
      expect(p.stroke).not.toBe('');
      expect(p.stroke).not.toBe('none');
      expect(parseFloat(p.width)).toBeGreaterThan(0);
    }
  });

  it('exports a PNG with a line drawn between two linked elements', async () => {
    await openDiagram();
    // where the middle of the first link lands in the picture: the SVG export has the same geometry
    // (its size, the viewport's transform, the links' paths)
    const svg = (await download('SVG image')).toString('utf8');
    const target = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, 'image/svg+xml');
      const root = doc.documentElement;
      const viewport = doc.querySelector<HTMLElement>('.react-flow__viewport')!;
      const m = new DOMMatrixReadOnly(viewport.style.transform);
      const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
      path.setAttribute('d', doc.querySelector('path.react-flow__edge-path')!.getAttribute('d')!);
      const mid = path.getPointAtLength(path.getTotalLength() / 2);
      const p = m.transformPoint(new DOMPoint(mid.x, mid.y));
      return {
        x: p.x,
        y: p.y,
        width: Number(root.getAttribute('width')),
        height: Number(root.getAttribute('height')),
      };
    }, svg);
    const png = (await download('PNG image')).toString('base64');
    const dark = await page.evaluate(
      async ({ data, x, y }) => {
        const img = new Image();
        img.src = `data:image/png;base64,${data}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.width;
        canvas.height = img.height;
        const c = canvas.getContext('2d')!;
        c.drawImage(img, 0, 0);
        const px = c.getImageData(Math.round(x) - 4, Math.round(y) - 4, 9, 9).data;
        let n = 0;
        for (let i = 0; i < px.length; i += 4) if (px[i] + px[i + 1] + px[i + 2] < 600) n++;
        return { n, w: img.width, h: img.height };
      },
      { data: png, x: target.x, y: target.y },
    );
    expect([dark.w, dark.h]).toEqual([target.width, target.height]);
    expect(dark.n, 'pixels of the link line around the middle of the first link').toBeGreaterThan(
      0,
    );
  });
});
