// What the browser tests do as a player: open a page (page errors and refusals by the
// Content-Security-Policy collected in `errors`), enter as a guest, create a table from the lobby's
// form, and play one's seat (the first playable card, pass unless told otherwise) until a state comes.
import type { TournamentAnswer } from '@baska/protocol';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Running } from '../packages/server/test/harness.js';
import { ARTIFACTS } from './browser.js';

export type Viewport = { width: number; height: number };
export const PHONE: Viewport = { width: 360, height: 740 };
export const DESKTOP: Viewport = { width: 1280, height: 860 };

/** What went wrong on a page opened by `openPage`. */
export const errorsOf = (page: Page): string[] => (page as Page & { errors?: string[] }).errors ?? [];

/** `openPage`, and an error on the page's console is a failure too (in `errorsOf`). */
export async function openWatched(browser: Browser, server: Running, viewport: Viewport) {
  const opened = await openPage(browser, server, viewport);
  opened.page.on('console', (m) => {
    if (m.type() === 'error') errorsOf(opened.page).push(m.text());
  });
  return opened;
}

/**
 * Screenshots of the page at phone (360×740) and desktop (1280×800, the whole page) size, to be
 * looked at: e2e/artifacts/NAME-phone.png and NAME-desktop.png; then back to `back`, if given.
 */
export async function shots(page: Page, name: string, back?: Viewport) {
  for (const [size, viewport] of [
    ['phone', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${ARTIFACTS}${name}-${size}.png`, fullPage: size === 'desktop' });
  }
  if (back) await page.setViewportSize(back);
}

/** A fresh browser context at a size, with its page; page errors fail the test. */
export async function openPage(
  browser: Browser,
  server: Running,
  viewport: Viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  // The Content-Security-Policy must not have to refuse anything the client does.
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text());
  });
  (page as Page & { errors?: string[] }).errors = errors;
  await page.goto(server.url);
  return { context, page };
}

/** On a phone the header's places are behind its menu button: open it (nothing to do on a desktop). */
export async function openMenu(page: Page) {
  const menu = page.locator('header button[aria-controls=places]');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** Go to one of the header's places by its name (through the menu on a phone). */
export async function goTo(page: Page, place: string) {
  await openMenu(page);
  await page.locator('header nav').getByRole('link', { name: place, exact: true }).click();
}

export async function guest(page: Page, nickname: string) {
  await page.fill('input[name=nickname]', nickname);
  await page.click('form button.primary');
  await page.waitForSelector('form.create');
}

/** Create a table from the lobby form; returns its id (from the address). */
export async function createTable(
  page: Page,
  opts: { bots?: string; deals?: number; seconds?: number; switches?: Record<string, 'on' | 'off'> } = {},
) {
  await page.selectOption('select[name=bots]', opts.bots ?? 'basic');
  if (opts.switches) {
    await page.click('form.create details summary');
    for (const [option, state] of Object.entries(opts.switches))
      await page.selectOption(`select[name=${option}]`, state);
  }
  await page.fill('input[name=deals]', String(opts.deals ?? 1));
  await page.fill('input[name=seconds]', String(opts.seconds ?? 600));
  await page.click('form.create button.primary');
  await page.waitForURL(/#\/t\//);
  return /#\/t\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;
}

/** Drag with a finger: touch events straight into Chromium (which turns them into pointer events). */
export async function touchDrag(page: Page, from: string, to: string) {
  const a = (await page.locator(from).boundingBox())!;
  const b = (await page.locator(to).boundingBox())!;
  const [x0, y0, x1, y1] = [a.x + a.width / 2, a.y + a.height / 2, b.x + b.width / 2, b.y + b.height / 2];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y: y0 }] });
  for (let i = 1; i <= 8; i++) {
    const k = i / 8;
    const touchPoints = [{ x: x0 + (x1 - x0) * k, y: y0 + (y1 - y0) * k }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export const hand = (page: Page) => page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('data-card')!));
export const trickCards = (page: Page) =>
  page.$$eval('.trick .played', (d) => d.map((x) => x.getAttribute('aria-label')!));

/** Do `move`, then wait until the table has moved on from the version it was at. */
export async function afterVersion(page: Page, move: () => Promise<void>) {
  const version = await page.getAttribute('.table-screen', 'data-version');
  await move();
  await page.waitForFunction(
    (v) => document.querySelector('.table-screen')?.getAttribute('data-version') !== v,
    version,
  );
}

/**
 * Make one move if it is this page's turn: a call (`prefer` first when offered, else pass) or the
 * first playable card. Returns what was done, or null.
 */
export async function moveIfMyTurn(page: Page, prefer?: (call: string) => boolean): Promise<string | null> {
  const calls = await page.$$eval('.calls button', (b) => b.map((x) => x.getAttribute('data-call')!));
  if (calls.length) {
    const call = calls.find((c) => prefer?.(c)) ?? (calls.includes('pass') ? 'pass' : calls[0]!);
    await afterVersion(page, () => page.click(`.calls button[data-call="${call}"]`));
    return call;
  }
  const playable = await page.$$eval('.hand .card.playable', (b) => b.map((x) => x.getAttribute('data-card')!));
  if (playable.length) {
    await afterVersion(page, () => page.click(`.hand .card[data-card="${playable[0]}"]`));
    return playable[0]!;
  }
  return null;
}

/**
 * Play this page's seat until `done` holds. `done` is checked again once it is our turn, when nothing
 * can move until we do, so a state that lasts only while we think is not missed. Between deals the
 * player reads the deal's end and says Dalej when the table waits for him, as people do, rather than
 * let the pause run out (30 s by default).
 */
export async function playUntil(page: Page, done: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  const myTurn = async () =>
    (await page.$('.calls button')) !== null || (await page.$('.hand .card.playable')) !== null;
  for (;;) {
    if (await done()) return;
    if (Date.now() > until) throw new Error('the game did not reach the expected state');
    if (await page.$('.deal-end .pause')) {
      // The deal may have ended since `done` was asked: a caller waiting for its end must see it unread.
      if (await done()) return;
      await page.click('.deal-end button.primary', { timeout: 2000 }).catch(() => {}); // gone meanwhile: the pause ended
      continue;
    }
    if (!(await myTurn())) {
      await page.waitForTimeout(50);
      continue;
    }
    if (await done()) return;
    await moveIfMyTurn(page);
  }
}

/** A request from the page itself (its cookies, its origin), as the client would send it; the answer's JSON. */
export function send<T = TournamentAnswer>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    ([p, b]) =>
      fetch(p as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      }).then((r) => r.json()),
    [path, body] as const,
  );
}

/** Register `name` in the page's browser (a director must be a registered player). */
export const register = (page: Page, name: string) =>
  send<unknown>(page, '/api/register', { name, password: 'kaszëbë-1234' });

/** The site's languages, for a screen read in each. */
export const LANGS = ['pl', 'en', 'de'] as const;

/** Switch the page's language by the header's select (no reload: the screen stays as it is). */
export const setLang = (page: Page, l: string) =>
  page.$eval(
    'header select',
    (s, v) => {
      (s as HTMLSelectElement).value = v;
      s.dispatchEvent(new Event('change', { bubbles: true }));
    },
    l,
  );

/** The page is not wider than the phone (nothing scrolls sideways). */
export const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
