// A tournament's pages on a 360-pixel phone in a real browser (Debian's Chromium), as a director and
// his players see them: nothing in the header's menu is cut ("Turnieje" was, behind the edge of a
// line that scrolled without showing it), and the standings' last column ("Pkt turniejowe") fits its
// box with long Polish names; a season's table, wider than any phone, scrolls to its last column.
// The layout does not touch the database: SQLite only. Screenshots at phone and desktop size.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, hallRoundStarted, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { openMenu } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const browser = useChromium(stopAll);

const LONG = [
  'Grzegorz Brzęczyszczykiewicz',
  'Małgorzata Żółtowska-Kowalczyk',
  'Urszula Kołodziej-Dąb',
  'Świętopełk Pomorski',
  'Józef Ścięgosz',
  'Anna Kowalska',
  'Jan Kaszuba',
  'Ewa Nowak',
];

/** Where an element's box ends, and where the box it scrolls in (or the page) ends. */
const edges = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const wrap = (el.closest('.standings-wrap') ?? document.documentElement).getBoundingClientRect();
      return { text: (el as HTMLElement).innerText, left: box.left, right: box.right, wrapRight: wrap.right };
    }),
  );

describe('a tournament on a 360 px phone', () => {
  it('the header menu is whole, and the standings with long names fit their box; a season scrolls to its end', async () => {
    const server = await start({});
    const dir = new Client(server.url);
    const me = await dir.register('Sędzia Turnieju');
    const { id } = await hallRoundStarted(dir, {
      name: 'Grand Prix Żnina',
      format: { format: 'znin', rounds: 1, deals: { 4: 1 } },
      players: LONG,
    });
    // Ties, so that shared places give 49,5 and 47,5 points; five-digit small points (−11 230).
    for (const table of [1, 2])
      expect(
        (
          await dir.http('POST', `/api/tournaments/${id}/rows`, {
            round: 1,
            table,
            row: [-11240, 3750, 3750, 3740],
            id: `row-${table}-00000`,
          })
        ).status,
      ).toBe(200);

    const [name, value] = dir.cookie.split('=') as [string, string];
    for (const viewport of [PHONE, DESKTOP]) {
      const context = await browser().newContext({ viewport });
      await context.addCookies([{ name, value, url: server.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const size = viewport.width;

      for (const lang of ['pl', 'de'] as const) {
        await page.goto(`${server.url}/#/tournament/${id}`);
        await page.locator('header select').selectOption(lang);
        await expect.poll(() => page.locator('.standings tbody tr').count()).toBe(8);
        await openMenu(page); // a phone's places are behind the menu button
        // Every place of the menu is on the screen, the tournaments' one too; the menu does not scroll.
        const links = await edges(page, 'header nav a');
        expect(links.map((l) => l.text)).toContain(lang === 'pl' ? 'Turnieje' : 'Turniere');
        for (const l of links) expect(l.right, `${lang}: ${l.text}`).toBeLessThanOrEqual(size);
        const nav = await page.locator('header nav').evaluate((n) => [n.scrollWidth, n.clientWidth]);
        expect(nav[0], lang).toBeLessThanOrEqual(nav[1]!);
        if (lang === 'pl') await page.screenshot({ path: join(SHOTS, `tournament-header-${size}.png`) });
      }
      await page.locator('header select').selectOption('pl');
      await page.keyboard.press('Escape'); // the menu closes (the focus is in the header)

      // The standings fit their box: nothing to scroll, the last column's title whole inside it.
      const wrap = page.locator('.standings-wrap').first();
      const [scroll, client] = await wrap.evaluate((w) => [w.scrollWidth, w.clientWidth]);
      expect(scroll).toBeLessThanOrEqual(client);
      const heads = await edges(page, '.standings thead th');
      expect(heads.at(-1)!.text.replace(/\s+/g, ' ')).toBe('Pkt turniejowe');
      for (const h of heads) expect(h.right, h.text).toBeLessThanOrEqual(h.wrapRight);
      // Each name is there whole (broken inside a word on a phone, never cut).
      const names = await page.locator('.standings tbody td:nth-child(2)').allInnerTexts();
      expect(names.map((n) => n.replace(/\s+/g, ' ')).sort()).toEqual([...LONG].sort());
      expect(await page.locator('.standings tbody td:nth-child(5)').allInnerTexts()).toContain('49,5');
      await wrap.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `tournament-standings-long-${size}.png`) });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size);
      expect(await accessibilityProblems(page)).toEqual([]);

      // A season is wider than a phone: its box scrolls, and its last column is reached at the end.
      await page.goto(`${server.url}/#/season/${me.id}`);
      const season = page.locator('.standings-wrap');
      await expect.poll(() => page.locator('.standings tbody tr').count()).toBe(8);
      await page.screenshot({ path: join(SHOTS, `season-${size}.png`) });
      await season.evaluate((w) => (w.scrollLeft = w.scrollWidth));
      const last = (await edges(page, '.standings thead th')).at(-1)!;
      expect(last.text).toContain('Grand Prix Żnina');
      expect(last.right).toBeLessThanOrEqual(last.wrapRight + 0.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size);
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
