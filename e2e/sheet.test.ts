// A long game's score sheet in Chromium (issue 33, "Memory"): the server keeps a table's last
// SHEET_RECENT rows in memory and its description carries only those; a person who asks sees the
// earlier ones too, loaded from the server a page at a time, every deal in order and numbered, the
// totals the sums of their columns. The game (30 deals, a client over the socket against three bots)
// is watched by a spectator in a fresh browser context at 360×740 and 1280×800; screenshots go to
// e2e/artifacts/ (and BASKA_SHOTS); axe-core checks the sheet; nothing scrolls sideways on a phone.
import { SHEET_RECENT, type SheetRow } from '@baska/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, playSeat, start, stopAll, tableWithBots } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { PHONE, errorsOf, guest, openPage } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const DESKTOP = { width: 1280, height: 800 };
const DEALS = SHEET_RECENT + 6;

const browser = useChromium(stopAll);

/** The sheet's rows on the screen: each row's number and scores. */
const screenRows = (page: Page) =>
  page.$$eval('.sheet tbody tr', (trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')),
  );

describe('a long game’s score sheet', () => {
  it('shows the last rows, and the earlier ones when asked: every deal in order, the totals their sums', async () => {
    const server = await start({ BASKA_TABLE_SEED: 'e2e-sheet' });
    const player = new Client(server.url);
    await player.guest('Długi Gracz');
    const id = await tableWithBots(player, 'random', { deals: DEALS, pauseSeconds: 0, public: true });
    await player.connect();
    const mark = player.mark();
    player.send({ type: 'join', table: id });
    await player.next((m) => m.type === 'snapshot', 20_000, mark);
    await player.http('POST', `/api/tables/${id}/start`);
    await playSeat(player, id, (legal) => legal[0]!);

    // The server: the description carries the last rows; the route gives every row, a page at a time.
    const info = (await player.http('GET', `/api/tables/${id}`)).body.table;
    const played: number = info.dealsPlayed;
    expect(played).toBeGreaterThanOrEqual(DEALS); // a bok-round owed is played out
    expect(info.sheet).toHaveLength(SHEET_RECENT);
    expect(info.sheetFrom).toBe(played - SHEET_RECENT);
    const all: SheetRow[] = [];
    for (let from = 0; from < played; from += 10) {
      const page = await player.http('GET', `/api/tables/${id}/sheet?from=${from}&size=10`);
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ from, dealsPlayed: played });
      all.push(...page.body.rows);
    }
    expect(all).toHaveLength(played);
    expect(all.slice(-SHEET_RECENT)).toEqual(info.sheet);
    for (let s = 0; s < 4; s++) expect(all.reduce((sum, r) => sum + r.scores[s]!, 0)).toBe(info.totals[s]);
    // Bad asks: a coded refusal.
    for (const bad of ['from=-1', 'size=0', 'size=201', 'from=x', 'page=2'])
      expect((await player.http('GET', `/api/tables/${id}/sheet?${bad}`)).body.error.code).toBe('ERR_SCHEMA');

    // A spectator's phone, in a context that visited nothing else.
    const { context, page } = await openPage(browser(), server, PHONE);
    await guest(page, 'Kibic');
    await page.goto(`${server.url}/#/t/${id}`);
    await page.waitForSelector('.sheet tbody tr');
    const first = played - SHEET_RECENT;
    let rows = await screenRows(page);
    expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: SHEET_RECENT }, (_, i) => first + i + 1));
    const earlier = page.locator('.sheet button.earlier');
    expect(await earlier.textContent()).toBe(`Pokaż wcześniejsze rozdania (${first})`);
    await page.locator('.sheet').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}sheet-recent-phone.png` });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}sheet-recent-desktop.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    expect(await accessibilityProblems(page), 'the last rows').toEqual([]);

    await earlier.click();
    await page.waitForSelector('.sheet button.earlier', { state: 'detached' });
    rows = await screenRows(page);
    expect(rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: played }, (_, i) => i + 1));
    expect(rows.map((r) => r.slice(2).map((v) => Number(v.replace('\u2212', '-'))))).toEqual(all.map((r) => r.scores));
    const totals = await page.$$eval('.sheet tfoot tr:first-child td', (td) =>
      td.map((x) => Number(x.textContent!.replace('\u2212', '-'))),
    );
    expect(totals).toEqual(info.totals);
    // The keyboard goes on in the sheet, which a phone scrolls, not the page.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('scroll'))).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.locator('.sheet').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}sheet-whole-phone.png` });
    expect(await accessibilityProblems(page), 'the whole sheet').toEqual([]);
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SHOTS}sheet-whole-desktop.png`, fullPage: true });
    expect(errorsOf(page)).toEqual([]);
    await context.close();
    player.close();
  });
});
