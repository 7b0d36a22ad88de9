// @postgres-pass (also run on the PostgreSQL pass): sessions and the LISTEN/NOTIFY session cache
/**
 * The platform journey, driven through the real UI in Chromium like a person would: register and
 * verify by mail, turn on two-factor, sign in again through the challenge, create a team and invite
 * a colleague, who registers in a second browser, verifies and joins; the owner sees the live
 * notification arrive without reloading; finally an API token made on the tokens page calls
 * /api/v1/me. Mail is read from an SMTP sink (the only thing a person would read outside the app).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { authenticator } from '../test/helpers/two-factor.js';
import { launchBrowser, shot as saveShot, type Browser } from './helpers/browser.js';
import { startMailSink, type CapturedMail, type MailSink } from './helpers/mail.js';
import { startServer, type RunningServer } from './helpers/server.js';
import { WAIT_GUARD_MS } from '../test/helpers/wait.js';

const OWNER = {
  name: 'Amina Okafor',
  email: 'amina.okafor@example.org',
  password: 'journey-Owner-pass-2026',
};
const EDITOR = {
  name: 'Tomás Rivera',
  email: 'tomas.rivera@example.org',
  password: 'journey-Editor-pass-2026',
};
const TEAM = 'Field Research';
const WAIT = { timeout: WAIT_GUARD_MS };

let server: RunningServer;
let sink: MailSink;
let owner: Browser;
let editor: Browser;
let ownerLive: LiveWatch;

/**
 * Watches the page's websocket frames: whether the user's private channel is subscribed right now
 * (pusher's subscription_succeeded on private-user.*, reset when the socket closes).
 */
interface LiveWatch {
  subscribed(): boolean;
}
function watchLive(page: Page): LiveWatch {
  let subscribed = false;
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString('utf8');
      if (text.includes('pusher_internal:subscription_succeeded') && text.includes('private-user.'))
        subscribed = true;
    });
    ws.on('close', () => (subscribed = false));
  });
  return { subscribed: () => subscribed };
}

const linkIn = (mail: CapturedMail, path: RegExp) => {
  const url = mail.text.match(new RegExp(`https?://[^\\s<>"]+${path.source}[^\\s<>"]*`))?.[0];
  if (!url) throw new Error(`no ${path} link in the mail "${mail.subject}":\n${mail.text}`);
  return url;
};

/** A full-page screenshot from the top of the page (fixed header and navigation where a person sees them). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  return saveShot(page, name);
}

/** Whether the element at the centre of the locator's box is the locator's element (or inside it): nothing covers it. */
async function uncovered(page: Page, selector: ReturnType<Page['getByTestId']>) {
  return selector.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!top && (el === top || el.contains(top));
  });
}

/** A form field by its label (the accessible name, without Mantine's required asterisk). */
const field = (page: Page, label: string) =>
  page.getByRole('textbox', { name: label, exact: true });

/** Types a 6-digit code into a Mantine PinInput (one box per digit, focus moves by itself). */
async function typeCode(page: Page, code: string) {
  const boxes = page.getByRole('textbox', {
    name: 'Code from your authenticator app',
    exact: true,
  });
  await expect.poll(() => boxes.count(), WAIT).toBe(6);
  await boxes.first().click();
  await page.keyboard.type(code);
  await expect
    .poll(
      async () =>
        await boxes.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value).join('')),
      WAIT,
    )
    .toBe(code);
}

async function register(page: Page, who: typeof OWNER, opts: { emailPrefilled?: boolean } = {}) {
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await field(page, 'Name').fill(who.name);
  if (opts.emailPrefilled) expect(await field(page, 'Email').inputValue()).toBe(who.email);
  else await field(page, 'Email').fill(who.email);
  await field(page, 'Password').fill(who.password);
  await field(page, 'Confirm password').fill(who.password);
  await page.getByLabel(/I agree to the/).check();
}

beforeAll(async () => {
  sink = await startMailSink();
  server = await startServer({ env: sink.env });
  owner = await launchBrowser();
  ownerLive = watchLive(owner.page);
  editor = await launchBrowser();
});

afterAll(async () => {
  await owner?.close();
  await editor?.close();
  await server?.stop();
  await sink?.close();
});

describe.sequential('platform journey', () => {
  let totp: ReturnType<typeof authenticator>;
  let confirmedStep = 0;
  let invitationUrl = '';

  it('1. registers, receives the verification mail, opens its link (in the same browser: signed in) and lands on the dashboard verified', async () => {
    const { page } = owner;
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('link', { name: 'Register' }).first().click();
    await page.waitForURL(`${server.baseUrl}/register`);
    await register(page, OWNER);
    await shot(page, 'journey-01-register');
    await page.getByRole('button', { name: 'Register' }).click();

    // the same answer for a new or a known address: "check your email" on the sign-in page
    await page
      .getByText('We have sent you an email. Open the link in it to finish creating your account.')
      .waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/login');
    await shot(page, 'journey-02-check-email');

    const mail = await sink.waitFor((m) => m.to.includes(OWNER.email) && /verif/i.test(m.subject));
    const link = linkIn(mail, /\/verify-email\//);
    expect(new URL(link).origin).toBe(server.baseUrl);
    await page.goto(link);
    await page.waitForURL(`${server.baseUrl}/dashboard`, WAIT);
    await expect.poll(() => page.title(), WAIT).toBe('Dashboard - Pathways');
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    await shot(page, 'journey-03-dashboard-verified');
  });

  it('2. turns on two-factor on the profile page (confirming the password) and sees the recovery codes', async () => {
    const { page } = owner;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${server.baseUrl}/user/profile`, WAIT);
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), WAIT)
      .toBe('Two-factor authentication is off.');
    await page.getByTestId('two-factor-enable').click();

    // a sensitive action: the password is asked for first
    await page.getByRole('heading', { name: 'Confirm your password' }).waitFor(WAIT);
    await shot(page, 'journey-04-confirm-password');
    await field(page, 'Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Confirm' }).click();

    // the set-up continues by itself once the password is confirmed (no second click)
    const qr = page.getByTestId('two-factor-qr');
    await qr.waitFor(WAIT);
    expect(await qr.getAttribute('src')).toMatch(/^data:image\//);
    const setupKey = (await page.getByTestId('two-factor-setup-key').textContent())!.trim();
    expect(setupKey).toMatch(/^[A-Z2-7 ]{16,}$/);
    await shot(page, 'journey-05-two-factor-qr');

    totp = authenticator(setupKey);
    confirmedStep = totp.currentStep();
    await typeCode(page, await totp.code(confirmedStep));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();

    const codes = page.getByTestId('recovery-codes');
    await codes.waitFor(WAIT);
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), WAIT)
      .toBe('Two-factor authentication is on.');
    const shown = await codes.locator('code').allTextContents();
    expect(shown).toHaveLength(10);
    for (const c of shown) expect(c.trim()).toMatch(/\S{6,}/);
    await shot(page, 'journey-06-recovery-codes');
  });

  it('3. logs out, logs in with the password, passes the two-factor challenge with a fresh code and reaches the dashboard', async () => {
    const { page } = owner;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/user'), WAIT);
    await page.goto(`${server.baseUrl}/login`);
    await field(page, 'Email').fill(OWNER.email);
    await field(page, 'Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Log in' }).click();

    await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor(WAIT);
    expect(new URL(page.url()).pathname).toBe('/two-factor-challenge');
    await shot(page, 'journey-07-two-factor-challenge');

    // a code is good once: the confirm code's time-step is spent, so the app's next code is typed
    // (the server takes the steps either side of its own, for clocks that drift: no waiting for it)
    await typeCode(page, await totp.code(Math.max(totp.currentStep(), confirmedStep + 1)));
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL(`${server.baseUrl}/dashboard`, WAIT);
    await expect.poll(() => page.title(), WAIT).toBe('Dashboard - Pathways');
    await shot(page, 'journey-08-dashboard-after-2fa');
  });

  it('4. creates the team "Field Research" and invites a colleague by email as an editor', async () => {
    const { page } = owner;
    await page.getByTestId('team-switcher').click();
    await page.getByRole('menuitem', { name: 'Create new team' }).click();
    await page.getByLabel('Team name').fill(TEAM);
    await shot(page, 'journey-09-create-team');
    await page.getByRole('button', { name: 'Create team' }).click();

    await page.getByRole('heading', { name: TEAM, level: 1 }).waitFor(WAIT);
    await expect.poll(() => page.title(), WAIT).toBe(`${TEAM} - Team settings - Pathways`);
    await page.getByTestId('invite-email').fill(EDITOR.email);
    await page.getByRole('radio', { name: /Editor/ }).check();
    await page.getByRole('button', { name: 'Send invitation' }).click();

    const pending = page.getByTestId('pending-invitations');
    await pending.getByText(EDITOR.email).waitFor(WAIT);
    const role = pending.getByTestId('invitation-role');
    await expect.poll(() => role.textContent()).toBe('Editor');
    await shot(page, 'journey-10-team-invitation');

    const mail = await sink.waitFor((m) => m.to.includes(EDITOR.email));
    expect(mail.subject).toContain(TEAM);
    invitationUrl = linkIn(mail, /\/team-invitations\//);
    // the whole role is readable, not cut to "EDIT…"
    expect(
      await role.evaluate((el) => {
        const l = el.querySelector('.mantine-Badge-label') ?? el;
        return l.scrollWidth <= l.clientWidth;
      }),
    ).toBe(true);
  });

  it('5-6. the colleague registers from the invitation in a second browser, verifies and joins; the owner sees it live without reloading', async () => {
    const { page } = owner;
    // the owner goes to the dashboard and keeps it open
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Dashboard' })
      .click();
    await page.waitForURL(`${server.baseUrl}/dashboard`, WAIT);
    const bell = page.getByTestId('notification-bell');
    await bell.waitFor(WAIT);
    await expect.poll(() => ownerLive.subscribed(), WAIT).toBe(true);
    const before = await bell.getAttribute('aria-label');
    expect(before).toBe('Notifications');
    // reloading is a new document (load) or a visit elsewhere; the dashboard's own live refresh
    // (an Inertia partial reload: same document, same URL, its history entry replaced) is neither
    let reloaded = false;
    const dashboardUrl = page.url();
    page.on('load', () => (reloaded = true));
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame() && f.url() !== dashboardUrl) reloaded = true;
    });

    const p2 = editor.page;
    await p2.goto(invitationUrl);
    await p2.waitForURL((u) => u.pathname === '/register', WAIT);
    await p2.getByText(`Create your account with ${EDITOR.email} to join ${TEAM}`).waitFor(WAIT);
    await register(p2, EDITOR, { emailPrefilled: true });
    await shot(p2, 'journey-11-invitee-register');
    await p2.getByRole('button', { name: 'Register' }).click();
    await p2
      .getByText('We have sent you an email. Open the link in it to finish creating your account.')
      .waitFor(WAIT);

    // the owner's open dashboard: the toast arrives over the live channel when the colleague
    // joins, and closes itself after a few seconds, so it is watched for from now on (on a busy
    // machine the colleague's own steps below can outlast it); while it shows, it sits below the
    // app header: nothing covers the bell
    const toast = page.locator('.mantine-Notification-root').filter({
      hasText: `${EDITOR.name} (${EDITOR.email}) accepted the invitation and joined as Editor.`,
    });
    const toastUncovers = toast.waitFor(WAIT).then(() => uncovered(page, bell));
    toastUncovers.catch(() => {}); // awaited below; this only keeps an early failure handled

    const mail = await sink.waitFor((m) => m.to.includes(EDITOR.email) && /verif/i.test(m.subject));
    await p2.goto(linkIn(mail, /\/verify-email\//));
    await p2.waitForURL(`${server.baseUrl}/dashboard`, WAIT);
    await p2.getByText(`Welcome to ${TEAM}! You joined as Editor.`).waitFor(WAIT);
    await expect.poll(() => p2.getByTestId('team-switcher').innerText(), WAIT).toContain(TEAM);
    await shot(p2, 'journey-12-invitee-joined');

    // the owner's open dashboard: the toast showed, and the bell's count arrives live too
    expect(await toastUncovers).toBe(true);
    await expect.poll(() => bell.getAttribute('aria-label'), WAIT).toBe('Notifications, 1 unread');
    await expect
      .poll(() => page.getByTestId('notification-badge').textContent(), WAIT)
      .toContain('1');
    expect(reloaded, 'the dashboard must not have been reloaded').toBe(false);
    await shot(page, 'journey-13-live-notification');

    await bell.click();
    await page.getByText(`${EDITOR.name} joined ${TEAM}`).first().waitFor(WAIT);
    await shot(page, 'journey-14-notification-list');
    await page.keyboard.press('Escape');
  });

  it('7. creates a read-only API token, reads it from the one-time modal and calls /api/v1/me with it', async () => {
    const { page } = owner;
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'API tokens' }).click();
    await page.getByRole('heading', { name: 'API Tokens', level: 1 }).waitFor(WAIT);
    await field(page, 'Name').fill('Journey reader');
    const abilities = page.getByRole('group', { name: 'Abilities' });
    for (const a of ['Read', 'Create', 'Update', 'Delete']) {
      const box = page.getByRole('checkbox', { name: a, exact: true });
      if (a === 'Read') await box.check();
      else if (await box.count()) await box.uncheck();
    }
    expect(await abilities.count()).toBeLessThanOrEqual(1);
    await page.getByRole('button', { name: 'Create', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'API token created' });
    await dialog.waitFor(WAIT);
    // let the modal finish fading in before the screenshot
    await expect.poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity), WAIT).toBe('1');
    const token = (await dialog.getByTestId('new-token').textContent())!.trim();
    expect(token.length).toBeGreaterThan(20);
    await shot(page, 'journey-15-token-modal');

    const res = await fetch(`${server.baseUrl}/api/v1/me`, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    const me = (await res.json()) as {
      user: { email: string; name: string };
      team: { name: string };
      role: string;
      abilities: string[];
    };
    expect(me.user).toMatchObject({ email: OWNER.email, name: OWNER.name });
    expect(me.team.name).toBe(TEAM);
    expect(me.role).toBe('owner');
    expect(me.abilities).toEqual(['read']);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Journey reader').first().waitFor();
    await shot(page, 'journey-16-token-listed');
  });
});
