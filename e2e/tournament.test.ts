// Tournaments in a real browser (Debian's Chromium through playwright-core) against the real server,
// on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: a director creates a hall tournament of 8 from
// the form, draws and starts a round, enters deals, refuses a row that does not sum to zero, corrects
// an entry (shown in the history); the public page in another browser updates by itself; the
// projector view shows the standings. Screenshots at phone and desktop sizes in e2e/artifacts/
// (and in BASKA_SHOTS when set); axe-core checks the pages against WCAG 2 A and AA.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, CHROMIUM, accessibilityProblems } from './browser.js';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  await stopAll();
});

async function open(url: string, viewport = DESKTOP) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  return { context, page, errors };
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, name), fullPage: false });

/** Type a deal's small points into the open protocol of table `table` and add it. */
async function enterRow(page: Page, table: number, row: number[]) {
  const box = page.locator('details.protocol').nth(table - 1);
  if (!(await box.evaluate((d) => (d as HTMLDetailsElement).open))) await box.locator('summary').click();
  const inputs = box.locator('.entry input[type=number]');
  for (const [i, v] of row.entries()) await inputs.nth(i).fill(String(v));
}

for (const database of DATABASES) {
  describe(`tournament pages on ${database.name}`, () => {
    it('a director runs a hall round from the browser; the public page and the projector follow', async () => {
      const server = await start(database.env());
      const { page, errors } = await open(server.url);
      await page.evaluate(() =>
        fetch('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Sędzia Kreft', password: 'kaszëbë-1234' }),
        }),
      );
      await page.goto(`${server.url}/#/tournaments`);
      await page.reload(); // the client reads who is signed in when it loads
      await page.getByLabel('Nazwa turnieju').fill('Grand Prix Żnina — turniej majowy');
      await page.getByLabel('Własny').check();
      await page.getByLabel('Liczba rund').fill('2');
      await page.getByLabel('Rozdań przy stoliku czteroosobowym').fill('3');
      await page
        .getByLabel('Gracze', { exact: true })
        .fill(
          [
            'Anna Kowalska',
            'Jan Kaszuba',
            'Ewa Nowak',
            'Piotr Wiśniewski',
            'Ola Bury',
            'Kazimierz Stolc',
            'Marta Lis',
            'Józef Kreft',
          ].join('\n'),
        );
      await shot(page, 'tournament-new-1280.png');
      await page.getByRole('button', { name: 'Załóż turniej' }).click();
      await page.getByRole('button', { name: 'Losuj rundę 1', exact: true }).click();
      await page.getByRole('button', { name: 'Rozpocznij rundę 1' }).click();
      await expect.poll(() => page.locator('details.protocol').count()).toBe(2);

      await enterRow(page, 1, [10, -5, -5, 1]); // sums to 1: the button stays off
      expect(
        await page.locator('details.protocol').first().getByRole('button', { name: 'Dopisz rozdanie' }).isDisabled(),
      ).toBe(true);
      await expect
        .poll(() => page.locator('details.protocol').first().locator('.entry .error').innerText())
        .toContain('Suma wiersza: 1');
      await enterRow(page, 1, [10, -5, -5, 0]);
      await page.locator('details.protocol').first().getByRole('button', { name: 'Dopisz rozdanie' }).click();
      await expect
        .poll(() => page.locator('details.protocol').first().locator('summary').innerText())
        .toContain('rozegrano 1 z 3 rozdań');

      // The public page, in another browser, without an account.
      const id = /tournament\/([\w-]+)/.exec(page.url())![1]!;
      const pub = await open(`${server.url}/#/tournament/${id}`, PHONE);
      await expect.poll(() => pub.page.locator('.standings tbody tr').count()).toBe(8);
      // A deal entered by the director reaches it by itself (no reload).
      await enterRow(page, 2, [-6, 2, 2, 2]);
      await page.locator('details.protocol').nth(1).getByRole('button', { name: 'Dopisz rozdanie' }).click();
      await expect
        .poll(() => pub.page.locator('.round-tables').innerText(), { timeout: 15_000 })
        .toMatch(/rozegrano 1 z 3 rozdań[\s\S]*rozegrano 1 z 3 rozdań/);
      await shot(pub.page, 'tournament-standings-360.png');
      expect(await accessibilityProblems(pub.page)).toEqual([]);

      // A correction: the row changes and the history says who made it.
      await page.locator('details.protocol').first().getByRole('button', { name: 'Popraw' }).click();
      await enterRow(page, 1, [12, -4, -4, -4]);
      await page.getByLabel('Powód poprawki').fill('źle policzona kontra');
      await page.locator('details.protocol').first().getByRole('button', { name: 'Zapisz' }).click();
      await expect.poll(() => page.locator('.history').innerText()).toContain('poprawka');
      expect(await page.locator('.history').innerText()).toContain('źle policzona kontra');
      expect(await page.locator('.history').innerText()).toContain('Sędzia Kreft');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, 'tournament-director-1280.png');
      await page.locator('details.protocol').first().scrollIntoViewIfNeeded();
      await shot(page, 'tournament-protocol-1280.png');
      expect(await accessibilityProblems(page)).toEqual([]);

      // The seating list at phone size, as printed.
      const phone = await page.context().newPage();
      await phone.setViewportSize(PHONE);
      await phone.goto(`${server.url}/#/tournament/${id}/director`);
      await phone.locator('.seating').first().scrollIntoViewIfNeeded();
      await phone.emulateMedia({ media: 'print' });
      await shot(phone, 'tournament-seating-360.png');

      // The projector: large standings, no controls.
      const proj = await open(`${server.url}/#/tournament/${id}/projector`);
      await expect.poll(() => proj.page.locator('.standings.big tbody tr').count()).toBe(8);
      expect(await proj.page.locator('button, input, select, header').count()).toBe(0);
      await shot(proj.page, 'tournament-projector-1280.png');
      expect(await accessibilityProblems(proj.page)).toEqual([]);

      // Printable protocols come from the core, in the page's language.
      const html = await (await fetch(`${server.url}/api/tournaments/${id}/protocols?round=1&lang=pl`)).text();
      expect(html).toContain('Stolik');
      expect([...errors, ...pub.errors, ...proj.errors]).toEqual([]);
    });
  });
}
