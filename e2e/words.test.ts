// The site's words on a 360 px phone in Polish, English and German (issue 32, "Words"), as a player
// reads them in Chromium against the real server: the end of a deal (the multiplier and the grade
// in words, the scores with a true minus sign), the rules page's points ("ze 104 oczek"), the
// profile's kontras and the score pad's old pair. Screenshots of each screen in the three languages
// to BASKA_SHOTS (else e2e/artifacts/). The director's protocol: words-protocol.test.ts.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, clippedTexts, freshPage, useChromium } from './browser.js';
import { LANGS, PHONE, createTable, guest, openMenu, overflow, playUntil, setLang } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

const browser = useChromium(stopAll);

for (const database of BROWSER_DATABASES) {
  describe(`words at 360 px on ${database.name}`, () => {
    it('the end of a deal and the rules page, in pl, en and de', async () => {
      const server = await start(database.env());
      const { page, errors } = await freshPage(browser(), server.url, PHONE);
      await guest(page, 'Józefina');
      await createTable(page, { bots: 'basic', deals: 2 });
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
        await page.screenshot({ path: join(SHOTS, `profile-${l}-360.png`), fullPage: true });
      }
      await setLang(page, 'pl');
      expect(await page.locator('main').innerText()).toContain('Powiedziane kontry: 0, z tego wygrane: 0');

      // A score pad's entry: the old are "dwie osoby", not "dwóch".
      await page.goto(`${server.url}/#/pad`);
      for (const [i, n] of ['Anna', 'Bolek', 'Celina', 'Darek'].entries())
        await page.getByLabel(`Gracz ${i + 1}`, { exact: true }).fill(n);
      await page.getByRole('button', { name: 'Zaczynamy' }).click();
      await page.locator('section.pad-entry').getByRole('button', { name: 'zwyczajna', exact: true }).click();
      await page.getByRole('group', { name: 'Starzy (dwie osoby)' }).waitFor();
      for (const l of LANGS) {
        await setLang(page, l);
        await page.locator('section.pad-entry').screenshot({ path: join(SHOTS, `pad-entry-${l}-360.png`) });
      }
      expect(errors).toEqual([]);
    });
  });
}
