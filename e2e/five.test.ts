// A table of five in Chromium against the real server (RULES §9: the dealer of each deal sits it
// out): a person opens one from the lobby's form with four bots and plays it to the end. Around the
// felt sit the four who play the deal; the one who dealt is named above it as sitting out; when that
// is the person himself, his screen shows the deal as a spectator sees it (no hand, no calls), his
// place marked with the line that he sits out. The score sheet has five columns, the one out a dash;
// the lobby counts five seats; the replay names each deal's players. Screenshots at 360×740 and
// 1280×800 go to e2e/artifacts/; axe-core checks each screen; no error reaches the console.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DATABASES, type Running, start, stopAll } from '../packages/server/test/harness.js';
import { accessibilityProblems, useChromium } from './browser.js';
import { type Viewport, createTable, errorsOf, guest, openWatched, playUntil, shots } from './play.js';

const PHONE: Viewport = { width: 360, height: 740 };
const DESKTOP: Viewport = { width: 1280, height: 800 };

const browser = useChromium(stopAll);

const open = (server: Running, viewport: Viewport) => openWatched(browser(), server, viewport);

const felt = (page: Page) =>
  page.$$eval('.felt .seat .who b', (b) => b.map((x) => x.textContent ?? '')).then((n) => n.sort());

for (const database of DATABASES)
  describe(`a table of five on ${database.name}`, () => {
    it('a person and four bots: four around the cards, the dealer sitting out; when it is him, no hand and a line that says so', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '120', BASKA_TABLE_SEED: 'e2e-five' });
      const { context, page } = await open(server, PHONE);
      await guest(page, 'Kaszëba');
      await page.selectOption('select[name=players]', '5');
      await page.fill('input[name=pause]', '0');
      await page.locator('form.create').scrollIntoViewIfNeeded();
      await shots(page, 'five-create', PHONE);
      const id = await createTable(page, { bots: 'basic', deals: 5 });
      await page.waitForSelector('.waiting');
      expect(await page.$$('.waiting .seats li')).toHaveLength(5);
      await shots(page, 'five-waiting', PHONE);
      expect(await accessibilityProblems(page), 'waiting').toEqual([]);

      // The lobby counts five seats at it.
      const other = await open(server, DESKTOP);
      await guest(other.page, 'Gapiasz');
      await other.page.waitForSelector('.tables.full-list .table-row');
      expect(await other.page.textContent('.tables.full-list .table-row')).toContain('zajęte 5/5');

      await page.click('text=Zaczynamy');
      await page.waitForSelector('.felt');
      // Whoever sits the deal out is named above the felt; four sit around it.
      await page.waitForSelector('.sitting-out');
      expect(await page.$$('.felt .seat')).toHaveLength(4);

      // He plays until a deal he deals, and sits out: the table as a spectator sees it, his place marked.
      await playUntil(page, async () => (await page.$('.sitting-out.mine')) !== null, 150_000);
      // The server says the same, asked at once: the four bots play this deal on, and with no pause
      // the next one (someone else sitting out) may start while the screenshots below are taken.
      const info = (await (await fetch(`${server.url}/api/tables/${id}`)).json()).table;
      expect(info.seats[info.sitsOut].name).toBe('Kaszëba');
      // The last deal's summary (with no pause it stays until read) is read first.
      if (await page.$('.deal-end')) await page.click('.deal-end button.primary');
      expect(await page.$$('.hand .card')).toHaveLength(0);
      expect(await page.$('.calls')).toBeNull();
      expect(await page.textContent('.sitting-out.mine')).toContain(
        'W tym rozdaniu pauzujesz: rozdajesz, a grają pozostali czterej.',
      );
      expect(await page.textContent('.sitting-out.mine .who b')).toBe('Kaszëba (ty)');
      expect(await page.$$('.felt .seat')).toHaveLength(4);
      expect((await felt(page)).some((n) => n.includes('Kaszëba'))).toBe(false);
      // Nothing on his screen is a card of anyone's hand: only backs, and the cards played.
      expect(await page.$$('.felt .seat .backs .mini')).not.toHaveLength(0);
      expect(await page.$$('.hand')).toHaveLength(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shots(page, 'five-sitting-out', PHONE);
      expect(await accessibilityProblems(page), 'sitting out').toEqual([]);

      // The next deal is his to play again: his hand, his place at the bottom, a bot sitting out.
      await page.waitForSelector('.hand .card', { timeout: 90_000 });
      expect(await page.$('.sitting-out.mine')).toBeNull();
      expect(await page.textContent('.felt .seat-bottom .who b')).toBe('Kaszëba (ty)');
      expect(await page.textContent('.sitting-out')).toMatch(/Bot .*rozdaje, pauzuje/);

      // The score sheet: five columns, the one who sat out a dash.
      await page.waitForSelector('.sheet tbody tr');
      expect(await page.$$('.sheet thead th')).toHaveLength(2 + 5);
      const firstRow = await page.$$eval('.sheet tbody tr:first-child td', (t) => t.map((x) => x.textContent ?? ''));
      expect(firstRow.slice(2).filter((x) => x.startsWith('—'))).toHaveLength(1);
      await page.locator('.sheet').scrollIntoViewIfNeeded();
      await shots(page, 'five-table', PHONE);
      expect(await accessibilityProblems(page), 'table').toEqual([]);

      // To the end: the standings of all five.
      await playUntil(page, async () => (await page.$('.game-end')) !== null, 150_000);
      expect(await page.$$('.standings li')).toHaveLength(5);
      const totals = await page.$$eval('.standings .total', (t) =>
        t.map((x) => Number(/[-\u2212]?\d+/.exec(x.textContent!)![0].replace('\u2212', '-'))),
      );
      expect(totals.reduce((x, y) => x + y, 0)).toBe(0);
      await page.locator('.game-end').scrollIntoViewIfNeeded();
      await shots(page, 'five-game-end', PHONE);
      // The sheet's five columns fit a phone: nothing to scroll sideways.
      await page.setViewportSize(PHONE);
      await page.locator('.sheet').scrollIntoViewIfNeeded();
      await shots(page, 'five-sheet', PHONE);
      const sheet = await page.$eval('.sheet .scroll', (e) => ({ scroll: e.scrollWidth, box: e.clientWidth }));
      expect(sheet.scroll, JSON.stringify(sheet)).toBeLessThanOrEqual(sheet.box);
      expect(await accessibilityProblems(page), 'game end').toEqual([]);

      // The replay of a five's record: each deal's players by name, and who sat it out.
      await page.goto(`${server.url}/#/replay/${id}`);
      await page.waitForSelector('.replay .open-hands');
      expect(await page.$$('.replay .open-hand')).toHaveLength(4);
      expect(await page.textContent('.replay .sitting-out-line')).toMatch(/^Pauzuje w tym rozdaniu: /);
      await shots(page, 'five-replay', PHONE);
      expect(await accessibilityProblems(page), 'replay').toEqual([]);
      for (const p of [page, other.page]) expect(errorsOf(p)).toEqual([]);
      await context.close();
      await other.context.close();
    }, 300_000);
  });
