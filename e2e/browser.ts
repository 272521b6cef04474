// What the browser tests share: Debian's Chromium, where screenshots go, axe-core's checks, and playing a seat through the table screen.
import { fileURLToPath } from 'node:url';
import axe from 'axe-core';
import type { Page } from 'playwright-core';

export const CHROMIUM = process.env.BASKA_CHROMIUM ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));

/** What axe-core finds against WCAG 2 A and AA on the page as it is (contrast, labels, roles…). */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  // Evaluated by the test harness (the page's CSP refuses inline scripts, as it should).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: ['wcag2a', 'wcag2aa'] }),
  );
  return result.violations.map(
    (v) => `${v.impact}: ${v.id} — ${v.help}: ${v.nodes.map((n) => String(n.target)).join(', ')}`,
  );
}

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
 * can move until we do, so a state that lasts only while we think is not missed.
 */
export async function playUntil(page: Page, done: () => Promise<boolean>, ms = 60_000) {
  const until = Date.now() + ms;
  const myTurn = async () =>
    (await page.$('.calls button')) !== null || (await page.$('.hand .card.playable')) !== null;
  for (;;) {
    if (await done()) return;
    if (Date.now() > until) throw new Error('the game did not reach the expected state');
    if (!(await myTurn())) {
      await page.waitForTimeout(50);
      continue;
    }
    if (await done()) return;
    await moveIfMyTurn(page);
  }
}
