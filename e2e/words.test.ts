// The site's words on a 360 px phone in Polish, English and German (issue 32, "Words"), as a player
// reads them in Chromium against the real server: the end of a deal (the multiplier and the grade
// in words, the scores with a true minus sign), the rules page's points ("ze 104 oczek"), and the
// director's protocol (a row that sums to 0 is not told it must, its standings and history with
// "−"). Screenshots of each screen in the three languages to BASKA_SHOTS (else e2e/artifacts/).
import { join } from 'node:path';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, clippedTexts, freshPage, useChromium } from './browser.js';
import { PHONE, createTable, guest, openMenu, playUntil, register } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const LANGS = ['pl', 'en', 'de'] as const;

const browser = useChromium(stopAll);

/** Switch the page's language by the header's select (no reload: the screen stays as it is). */
const setLang = (page: Page, l: string) =>
  page.$eval(
    'header select',
    (s, v) => {
      (s as HTMLSelectElement).value = v;
      s.dispatchEvent(new Event('change', { bubbles: true }));
    },
    l,
  );

/** The page is not wider than the phone (nothing scrolls sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

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

    it("the director's protocol: a row summing to 0 is told so, a negative has a true minus sign", async () => {
      const server = await start(database.env());
      const { page, errors } = await freshPage(browser(), server.url, PHONE);
      await register(page, 'Sędzia Słowik');
      await page.goto(`${server.url}/#/tournaments`);
      await page.reload(); // the client reads who is signed in when it loads
      await page.getByLabel('Nazwa turnieju').fill('Słowa');
      await page.getByLabel('Własny').check();
      await page.getByLabel('Liczba rund').fill('1');
      await page.getByLabel('Rozdań przy stoliku czteroosobowym').fill('2');
      await page.getByLabel('Gracze', { exact: true }).fill(['Anna', 'Jan', 'Ewa', 'Piotr'].join('\n'));
      await page.getByRole('button', { name: 'Załóż turniej' }).click();
      await page.getByRole('button', { name: 'Losuj rundę 1', exact: true }).click();
      await page.getByRole('button', { name: 'Rozpocznij rundę 1' }).click();
      const box = page.locator('details.protocol').first();
      await box.locator('summary').click();
      const inputs = box.locator('.entry input[type=number]');
      const fill = async (row: number[]) => {
        for (const [i, v] of row.entries()) await inputs.nth(i).fill(String(v));
      };
      const said = {
        pl: 'Suma wiersza: 0, zgadza się',
        en: 'Row sum: 0, as it must be',
        de: 'Zeilensumme: 0, wie es sein muss',
      };
      const wrong = {
        pl: 'Suma wiersza: 1 — musi wynosić 0',
        en: 'Row sum: 1 — it must be 0',
        de: 'Zeilensumme: 1 — sie muss 0 sein',
      };
      for (const l of LANGS) {
        await setLang(page, l);
        await fill([10, -5, -5, 1]);
        await expect.poll(() => box.locator('.entry .error').innerText()).toBe(wrong[l]);
        await fill([10, -5, -5, 0]);
        await expect.poll(() => box.locator('.entry .muted').innerText()).toBe(said[l]);
        expect(await box.locator('.entry .error').count()).toBe(0);
        await box.locator('.entry').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `row-sum-${l}-360.png`) });
      }
      await setLang(page, 'pl');
      await box.getByRole('button', { name: 'Dopisz rozdanie' }).click();
      await box.getByRole('button', { name: 'Popraw' }).click();
      await fill([12, -4, -4, -4]);
      await page.getByLabel('Powód poprawki').fill('źle policzona kontra');
      await box.getByRole('button', { name: 'Zapisz' }).click();
      await expect.poll(() => page.locator('.history').innerText()).toContain('poprawka');
      // The history says the row as it was and is, each negative with "−" (it read "-5").
      const history = await page.locator('.history').innerText();
      expect(history).toContain('było +10, −5, −5, 0 → +12, −4, −4, −4');
      expect(history).not.toMatch(/(^|\s)-\d/m);
      for (const l of LANGS) {
        await setLang(page, l);
        await page.locator('.history').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `director-history-${l}-360.png`) });
        expect(await overflow(page)).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
    });
  });
}
