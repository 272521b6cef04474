// The site's words on a 360 px phone in Polish, English and German (issue 32, "Words"), as a player
// reads them in Chromium against the real server: the end of a deal (the multiplier and the grade
// in words, the scores with a true minus sign), the rules page's points ("ze 104 oczek"), the
// profile's kontras and the score pad's old pair; names in lines without "(gość, ty)", ×1 with no
// doubling "bez podwojeń", the profile's headings whole at 360 px (by their laid-out boxes), the
// pad's 52:52 on its own row. Screenshots of each screen in the three languages to BASKA_SHOTS (else
// e2e/artifacts/). The director's protocol: words-protocol.test.ts.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, clippedTexts, freshPage, useChromium } from './browser.js';
import { LANGS, PHONE, createTable, guest, openMenu, overflow, playUntil, setLang } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

/** A name with its seat's marks, "Józefina (gość, ty)", in any of the three languages. */
const MARKED = /\((gość|guest|Gast)\b|, (ty|you|du)\)|\((ty|you|du)\)/;

/**
 * The words of `selector`'s cells broken across lines (a soft hyphen's "Roz-dania"), found by their
 * laid-out boxes: a word on one line has one box.
 */
const brokenWords = (page: Page, selector: string) =>
  page.$$eval(selector, (cells) =>
    cells.flatMap((cell) => {
      const broken: string[] = [];
      const walk = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode())
        for (const m of (node.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          const tops = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          if (tops.size > 1) broken.push(m[0]);
        }
      return broken;
    }),
  );

const browser = useChromium(stopAll);

for (const database of BROWSER_DATABASES) {
  describe(`words at 360 px on ${database.name}`, () => {
    it('the end of a deal and the rules page, in pl, en and de', async () => {
      const server = await start(database.env());
      const { page, errors } = await freshPage(browser(), server.url, PHONE);
      await guest(page, 'Józefina');
      const table = await createTable(page, { bots: 'basic', deals: 2 });
      await page.click('text=Zaczynamy');
      await page.waitForSelector('.felt');
      await playUntil(page, async () => (await page.$('.deal-end .reckoning')) !== null);
      const end = page.locator('.deal-end');
      for (const l of LANGS) {
        await setLang(page, l);
        const text = await end.innerText();
        // The multiplier names its doublings in words, never "0 liczonych podwojeń: ×1".
        expect(text).not.toMatch(/\b0 (liczonych podwojeń|doublings counted|gezählte Kontras)/);
        expect(text).toMatch(/×\d+ \(/);
        // Nobody doubled: the multiplier says so plainly, not that "none counts".
        if ((await end.locator('ul.doublings').count()) === 0)
          expect(text).toMatch(/×\d+ \((bez podwojeń|no doublings|ohne Kontra)\)/);
        // A name inside a line never carries "(gość, ty)" (the seats' badges show it): "cicha — ty: …".
        for (const line of [text, await page.locator('.contract-bar').innerText()]) expect(line).not.toMatch(MARKED);
        // Scores: the true minus sign, never a hyphen before a digit.
        expect(text).not.toMatch(/(^|\s)-\d/m);
        expect(await clippedTexts(page, '.deal-end')).toEqual([]);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await end.screenshot({ path: join(SHOTS, `deal-end-${l}-360.png`) });
      }
      await setLang(page, 'pl');

      await page.goto(`${server.url}/#/rules`);
      await page.waitForSelector('#karty');
      for (const l of LANGS) {
        await setLang(page, l);
        await page.locator('#karty').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `rules-points-${l}-360.png`) });
      }
      await setLang(page, 'pl');
      const rules = await page.locator('main').innerText();
      expect(rules).toContain('ze 104 oczek');
      expect(rules).toContain('Cała talia ma 104 oczka');

      // The player's profile after that deal: his kontras in words (no "Dane kontry").
      await openMenu(page);
      await page.locator('header a[href^="#/player/"]').click();
      await page.waitForSelector('.profile table, main table');
      for (const l of LANGS) {
        await setLang(page, l);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        // The headings are whole words on one line each: no soft hyphen, no word broken across lines.
        expect(await page.locator('main').innerHTML()).not.toContain('\u00ad');
        expect(await brokenWords(page, '.profile table thead th')).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `profile-${l}-360.png`), fullPage: true });
      }
      await setLang(page, 'pl');
      const profile = await page.locator('main').innerText();
      expect(profile).toContain('Zgłoszone kontry: 0, w tym wygrane: 0');
      // The game is still in play (one deal of two): listed as such, and the statistics say they wait for its end.
      expect(profile).toContain('w toku');
      expect(profile).toContain('Statystyki liczą tylko zakończone gry bez podpowiedzi');

      // The game played to its end: its deals reach the statistics, with the contracts' five columns,
      // whose headings fit a phone as whole words.
      await page.goto(`${server.url}/#/t/${table}`);
      await page.waitForSelector('.felt');
      await playUntil(page, async () => (await page.$('.game-end')) !== null);
      await openMenu(page);
      await page.locator('header a[href^="#/player/"]').click();
      await page.waitForSelector('.profile table.contracts');
      for (const l of LANGS) {
        await setLang(page, l);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await page.locator('main').innerHTML()).not.toContain('\u00ad');
        expect(await brokenWords(page, '.profile table thead th')).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `profile-finished-${l}-360.png`), fullPage: true });
      }
      await setLang(page, 'pl');
      expect(await page.locator('main').innerText()).not.toContain('Statystyki liczą tylko');

      // A score pad's entry: the old are "dwie osoby", not "dwóch".
      await page.goto(`${server.url}/#/pad`);
      for (const [i, n] of ['Anna', 'Bolek', 'Celina', 'Darek'].entries())
        await page.getByLabel(`Gracz ${i + 1}`, { exact: true }).fill(n);
      await page.getByRole('button', { name: 'Zaczynamy' }).click();
      await page.locator('section.pad-entry').getByRole('button', { name: 'zwyczajna', exact: true }).click();
      await page.getByRole('group', { name: 'Starzy (dwie osoby)' }).waitFor();
      // 52:52 is no side's win: its own row, with who wins it under these rules (standard: the young, RULES §5).
      const tie = page.getByRole('group', { name: 'Remis' });
      await tie.getByRole('button', { name: '52:52' }).waitFor();
      expect(await tie.innerText()).toContain('przy 52:52 wygrywają młodzi');
      expect(
        await page.getByRole('group', { name: 'Wygrali młodzi' }).getByRole('button', { name: '52:52' }).count(),
      ).toBe(0);
      for (const l of LANGS) {
        await setLang(page, l);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await page.locator('section.pad-entry').screenshot({ path: join(SHOTS, `pad-entry-${l}-360.png`) });
      }
      expect(errors).toEqual([]);
    });
  });
}
