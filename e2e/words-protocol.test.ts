// The director's protocol on a 360 px phone in Polish, English and German (issue 32, "Words"): a row
// that sums to 0 is told so (it read "Suma wiersza: 0 — musi wynosić 0"), one that does not is told
// it must; the history of a corrected row writes its negatives with the true minus sign (it read
// "-5"). Screenshots in the three languages to BASKA_SHOTS (else e2e/artifacts/).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, freshPage, useChromium } from './browser.js';
import { LANGS, PHONE, overflow, register, setLang } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

const browser = useChromium(stopAll);

for (const database of BROWSER_DATABASES) {
  describe(`the director's protocol at 360 px on ${database.name}`, () => {
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
        // The standings' headings apart: the place's text ends at least 6 px before the player's begins
        // (they ran together as "MiejsceGracz").
        const gap = await page.$eval('.standings thead tr', (row) => {
          const text = (th: Element) => {
            const range = document.createRange();
            range.selectNodeContents(th);
            return range.getBoundingClientRect();
          };
          return text(row.children[1]!).left - text(row.children[0]!).right;
        });
        expect(gap).toBeGreaterThanOrEqual(6);
        // ...and the whole table in its box at 360 px: "Pkt turniejowe" not cut at the edge.
        expect(
          await page.$eval('table.standings', (t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth),
        ).toBeLessThanOrEqual(0);
        await page.locator('.history').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(SHOTS, `director-history-${l}-360.png`) });
        expect(await overflow(page)).toBeLessThanOrEqual(0);
      }
      expect(errors).toEqual([]);
    });
  });
}
