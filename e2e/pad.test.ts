// The score pad in Chromium against the real server (SQLite, and PostgreSQL with BASKA_TEST_PG_URL):
// a signed-in player keeps a pad through a bok-round, an offence, typed points and an undo; a
// watcher's link updates by itself; a deal made offline waits on the phone and arrives once; hostile
// requests are refused with a code and change nothing; a guest's pad stays in the browser over a
// reload. Screenshots at phone and desktop sizes (BASKA_SHOTS names a second folder for them), and
// axe-core's WCAG 2 A/AA checks on the entry screen.
import { type BrowserContext, type Locator, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DATABASES, type Running, start, stopAll } from '../packages/server/test/harness.js';
import { pl } from '../packages/web/src/i18n/pl.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BASKA_SHOTS;
const w = pl.pad;

const browser = useChromium(stopAll);

async function open(
  server: Running,
  viewport = PHONE,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser().newContext({ viewport, hasTouch: viewport === PHONE });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(`${server.url}/#/pad`);
  return { context, page, errors };
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: true });
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

/** Enter a deal in words through the quick buttons. */
async function deal(
  page: Page,
  d: {
    contract: string;
    old: string[];
    doubling?: string;
    grade?: [string, string];
    winner?: string;
    tie?: boolean;
    points?: number;
    offence?: [string, string];
  },
) {
  const form = page.locator('section.pad-entry');
  await form.getByRole('button', { name: d.contract, exact: true }).click();
  const oldSet = form.locator('fieldset').nth(1);
  for (const n of d.old) await oldSet.getByRole('button', { name: n, exact: true }).click();
  if (d.doubling) await form.locator('fieldset').nth(2).getByRole('button', { name: d.doubling, exact: true }).click();
  if (d.grade)
    await form.getByRole('group', { name: d.grade[0] }).getByRole('button', { name: d.grade[1], exact: true }).click();
  if (d.winner) await form.getByRole('button', { name: d.winner, exact: true }).click();
  if (d.tie) await form.getByRole('button', { name: w.tie, exact: true }).click();
  if (d.points !== undefined) await form.getByLabel(w.points).fill(String(d.points));
  if (d.offence) {
    await form.locator('details.offence summary').click();
    await form
      .getByRole('group', { name: w.offender })
      .getByRole('button', { name: d.offence[0], exact: true })
      .click();
    await form.getByLabel(w.offenceKind).selectOption(d.offence[1]);
  }
  await form.getByRole('button', { name: w.save }).click();
}

const text = (l: Locator) =>
  l
    .first()
    .innerText({ timeout: 10_000 })
    .catch(() => '');
const totals = (page: Page) => page.locator('.pad-totals li b').allInnerTexts();
const num = (s: string) => Number(s.replace('−', '-').replace('+', ''));

describe.each(DATABASES)('the score pad on $name', (database) => {
  it('a pad with a bok-round, an offence, typed points and an undo; a watcher; offline entries; hostile requests', async () => {
    const server = await start(database.env());
    const { context, page, errors } = await open(server);
    const reg = await context.request.post(`${server.url}/api/register`, {
      data: { name: 'Anna', password: 'kaszëbë-1234' },
    });
    expect(reg.status()).toBe(200);
    await page.reload();
    // A new pad: four names, the standard rules, 20 gr a point.
    const names = ['Anna', 'Bolek', 'Celina', 'Darek'];
    for (const [i, n] of names.entries()) await page.getByLabel(w.player(i + 1), { exact: true }).fill(n);
    await page.getByLabel(w.stake).fill('20');
    await page.getByRole('button', { name: w.start }).click();
    await page.waitForURL(/#\/pad\/s\//);
    const id = /#\/pad\/s\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;

    // 1: zwyczajna, the old (Anna, Celina) win z wyjściem: +1.
    await deal(page, { contract: 'zwyczajna', old: ['Anna', 'Celina'], grade: [w.oldWon, 'z wyjściem'] });
    await expect.poll(() => totals(page)).toEqual(['+1', '−1', '+1', '−1']);
    // 2: 52:52, the young win, ×2 for the old's loss: −2; a bok-round starts.
    await deal(page, { contract: 'zwyczajna', old: ['Anna', 'Celina'], tie: true });
    await expect.poll(() => totals(page)).toEqual(['−1', '+1', '−1', '+1']);
    await expect.poll(() => text(page.locator('.pad-status'))).toContain(w.bokLeft(4));
    await expect.poll(() => text(page.locator('.pad-next'))).toContain(w.bokRound);
    // Phone screenshots of the entry screen in a bok-round, with the row it will give.
    await page.locator('section.pad-entry').getByRole('button', { name: 'gran', exact: true }).click();
    await page.locator('section.pad-entry fieldset').nth(1).getByRole('button', { name: 'Bolek', exact: true }).click();
    await page
      .locator('section.pad-entry fieldset')
      .nth(2)
      .getByRole('button', { name: 'kontra', exact: true })
      .click();
    await button(page, w.soloWon).click();
    await expect.poll(() => text(page.locator('.preview'))).toContain('+60');
    await shot(page, 'pad-entry-360');
    expect(await accessibilityProblems(page)).toEqual([]);
    // 3: gran by Bolek with a kontra, won, in the bok-round: 5 × 2 × 2 = 20 each, +60 for him.
    await page.locator('section.pad-entry').getByRole('button', { name: w.save }).click();
    await expect.poll(() => totals(page)).toEqual(['−21', '+61', '−21', '−19']);
    // 4: an offence: Darek (young) fails to follow in zwyczajna: the old win z wyjściem, ×2 in the bok-round.
    await deal(page, { contract: 'zwyczajna', old: ['Anna', 'Bolek'], offence: ['Darek', 'revoke'] });
    await expect.poll(() => totals(page)).toEqual(['−19', '+63', '−23', '−21']);
    await expect.poll(() => text(page.locator('.pad-sheet tbody tr').nth(3))).toContain(w.marks.offence);
    // 5: typed small points, then undone.
    await button(page, w.inNumbers).click();
    const inputs = page.locator('.numbers input');
    for (const [i, v] of ['4', '-4', '4', '-3'].entries()) await inputs.nth(i).fill(v);
    await expect.poll(() => text(page.locator('.pad-numbers'))).toContain(w.sum(1));
    expect(await page.locator('.pad-numbers button.save').isDisabled()).toBe(true);
    await inputs.nth(3).fill('-4');
    await page.locator('.pad-numbers button.save').click();
    await expect.poll(() => totals(page)).toEqual(['−15', '+59', '−19', '−25']);
    await button(page, w.undo).click();
    await expect.poll(() => totals(page)).toEqual(['−19', '+63', '−23', '−21']);
    await expect.poll(() => text(page.locator('.pad-status'))).toContain(w.bokLeft(2));
    await expect.poll(() => text(page.locator('.pad-totals .money').first())).toContain('3,80');

    // A watcher with the link, not signed in: read-only, and it follows by itself.
    const watcher = await open(server, DESKTOP);
    await watcher.page.goto(`${server.url}/#/pad/s/${id}`);
    await expect.poll(() => text(watcher.page.locator('.banner'))).toContain(w.watching);
    await expect.poll(() => totals(watcher.page)).toEqual(['−19', '+63', '−23', '−21']);
    expect(await watcher.page.locator('section.pad-entry').count()).toBe(0);
    expect(await watcher.page.getByRole('button', { name: w.undo }).count()).toBe(0);

    // Offline: the deal waits on the phone, marked, and arrives once when the connection returns.
    await button(page, w.inWords).click();
    await context.setOffline(true);
    await deal(page, { contract: 'cicha', old: ['Celina'], winner: w.soloWon });
    await expect.poll(() => text(page.locator('.banner.warn'))).toContain(w.waiting(1).slice(0, 20));
    await expect.poll(() => totals(page)).toEqual(['−27', '+55', '+1', '−29']); // computed on the phone meanwhile
    expect(await page.locator('.pad-sheet tr.pending').count()).toBe(1);
    await context.setOffline(false);
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await expect.poll(() => page.locator('.banner.warn').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => totals(watcher.page), { timeout: 10_000 }).toEqual(['−27', '+55', '+1', '−29']);
    const stored = await (await context.request.get(`${server.url}/api/pads/${id}`)).json();
    expect(stored.pad.rows).toHaveLength(5);
    await shot(page, 'pad-totals-360');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'pad-entry-1280');
    await shot(watcher.page, 'pad-watch-1280');

    // Hostile requests: a row that does not sum to zero, and an entry to another's pad.
    const bolek = await browser().newContext();
    await bolek.request.post(`${server.url}/api/register`, { data: { name: 'Bolek', password: 'kaszëbë-1234' } });
    const refusals = [
      await context.request.post(`${server.url}/api/pads/${id}/entries`, {
        data: { id: 'hostile-sum-1', scores: [5, 5, -5, -4] },
      }),
      await bolek.request.post(`${server.url}/api/pads/${id}/entries`, {
        data: { id: 'hostile-other-1', scores: [5, -5, 5, -5] },
      }),
      await bolek.request.post(`${server.url}/api/pads/${id}/undo`, { data: { entry: stored.pad.rows[4].id } }),
    ];
    expect(await Promise.all(refusals.map(async (r) => (await r.json()).error.code))).toEqual([
      'ERR_SUM',
      'ERR_NOT_OWNER',
      'ERR_NOT_OWNER',
    ]);
    const after = await (await context.request.get(`${server.url}/api/pads/${id}`)).json();
    expect(after.pad).toEqual(stored.pad);
    expect(errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await Promise.all([context.close(), watcher.context.close(), bolek.close()]);
  });
});

describe("a guest's pad", () => {
  it('stays in the browser over a reload, at a table of five where the dealer sits out', async () => {
    const server = await start({});
    const { context, page, errors } = await open(server);
    for (const [i, n] of ['Ala', 'Bartek', 'Czesia', 'Dawid', 'Ewa'].entries())
      await page.getByLabel(i < 4 ? w.player(i + 1) : w.fifth, { exact: true }).fill(n);
    expect(await page.locator('.note').filter({ hasText: w.guestNote }).count()).toBe(1);
    await shot(page, 'pad-new-360');
    await page.getByRole('button', { name: w.start }).click();
    await page.waitForURL(/#\/pad\/l\//);
    await expect.poll(() => text(page.locator('.pad-next'))).toContain('Ala');
    // Ala deals and sits out: she is not offered as old.
    expect(await page.locator('section.pad-entry fieldset').nth(1).getByRole('button', { name: 'Ala' }).count()).toBe(
      0,
    );
    await deal(page, { contract: 'zwyczajna', old: ['Bartek', 'Ewa'], points: 80 });
    await expect.poll(() => totals(page)).toEqual(['0', '+2', '−2', '−2', '+2']);
    await page.reload();
    await expect.poll(() => totals(page)).toEqual(['0', '+2', '−2', '−2', '+2']);
    await expect.poll(() => text(page.locator('.pad-next'))).toContain('Bartek');
    expect(await accessibilityProblems(page)).toEqual([]);
    await button(page, w.inNumbers).click();
    expect(await page.locator('.numbers input').nth(1).isDisabled()).toBe(true); // Bartek deals the second deal and sits out
    await shot(page, 'pad-numbers-360');
    expect(await accessibilityProblems(page)).toEqual([]);
    expect(errors).toEqual([]);
    expect((await totals(page)).map(num).reduce((a, b) => a + b)).toBe(0);
    await context.close();
  });
});
