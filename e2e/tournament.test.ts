// Tournaments in a real browser (Debian's Chromium through playwright-core) against the real server,
// on PostgreSQL with BASKA_TEST_PG_URL, else SQLite: a director creates a hall tournament of 8 from
// the form, draws and starts a round, enters deals, refuses a row that does not sum to zero, corrects
// an entry (shown in the history); the public page in another browser updates by itself; the
// projector view shows the standings; a list of players from a Polish spreadsheet's CSV (Windows-1250)
// keeps its letters and never replaces the names typed without asking; a visitor with the link of an
// online tournament is led to enter as a guest and back to sign up; an online tournament of 9 (a table of five and one of four),
// set up in the director's form with his clocks, played over 2 rounds by four people in their
// browsers and bots, ranks on its page as `baska tournament standings` on its file. Screenshots at phone and desktop sizes in e2e/artifacts/
// (and in BASKA_SHOTS when set); axe-core checks the pages against WCAG 2 A and AA.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { playUntil, register, send } from './play.js';

const BASKA = fileURLToPath(new URL('../packages/cli/bin/baska.js', import.meta.url));

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

const browser = useChromium(stopAll);

async function open(url: string, viewport = DESKTOP) {
  const context = await browser().newContext({ viewport });
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

for (const database of BROWSER_DATABASES) {
  describe(`tournament pages on ${database.name}`, () => {
    it('a director runs a hall round from the browser; the public page and the projector follow', async () => {
      const server = await start(database.env());
      const { page, errors } = await open(server.url);
      await register(page, 'Sędzia Kreft');
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

      // The public page, in another browser(), without an account.
      const id = /tournament\/([\w-]+)/.exec(page.url())![1]!;
      const pub = await open(`${server.url}/#/tournament/${id}`, PHONE);
      await expect.poll(() => pub.page.locator('.standings tbody tr').count()).toBe(8);
      // No table has finished: no places and no tournament points yet (all were "1" and "51,75"); the
      // small points entered so far stand in their own column ("W toku"), table 1's as typed.
      expect(await pub.page.locator('.not-counted').innerText()).toContain(
        'żaden jeszcze nie skończył, więc nie ma jeszcze miejsc',
      );
      expect(await pub.page.locator('.standings tbody td:first-child').allInnerTexts()).toEqual(Array(8).fill('—'));
      expect(await pub.page.locator('.standings thead th:nth-child(5)').innerText()).toBe('W toku*');
      expect(await pub.page.locator('.standings tbody td:nth-child(6)').allInnerTexts()).toEqual(Array(8).fill('—'));
      expect((await pub.page.locator('.standings tbody td:nth-child(5)').allInnerTexts()).sort()).toEqual(
        ['−5', '−5', '0', '0', '0', '0', '0', '10'].sort(),
      );
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

    it('a hall tournament of 8: two phones enter whole rounds by their codes, one offline for a while; the director confirms and corrects; the projector shows the final standings', async () => {
      const server = await start(database.env());
      const { page: director, errors } = await open(server.url);
      await register(director, 'Sędzia Hinz');
      const created = await send(director, '/api/tournaments', {
        name: 'Turniej w remizie',
        format: { format: 'znin', rounds: 2, deals: { 4: 3 } },
        mode: 'hall',
        players: 'Ala\nBeata\nCezary\nDorota\nEdmund\nFranek\nGrażyna\nHenryk',
      });
      const id = created.tournament.id as string;
      await director.goto(`${server.url}/#/tournament/${id}/director`);
      await director.reload();
      const phones = await Promise.all([open(server.url, PHONE), open(server.url, PHONE)]);
      const rows = [
        [6, -2, -2, -2],
        [-4, 4, -4, 4],
        [2, 2, -2, -2],
      ];
      for (const round of [1, 2]) {
        await director.getByRole('button', { name: `Losuj rundę ${round}`, exact: true }).click();
        await director.getByRole('button', { name: `Rozpocznij rundę ${round}` }).click();
        await expect
          .poll(() => director.locator('section.round').first().locator('.seating .code').count(), { timeout: 15_000 })
          .toBe(2);
        const codes = await director
          .locator('section.round')
          .first()
          .locator('.seating .code')
          .allInnerTexts()
          .then((x) => x.map((c) => c.trim()));
        expect(codes).toHaveLength(2);
        await Promise.all(
          phones.map(async ({ page, context }, k) => {
            await page.goto(`${server.url}/#/hall/${codes[k]}`);
            await page.getByRole('button', { name: 'Liczbami' }).click();
            for (const [d, row] of rows.entries()) {
              // The second phone loses its connection for its second and third deals of round 1.
              if (k === 1 && round === 1 && d === 1) await context.setOffline(true);
              const inputs = page.locator('.pad-numbers input[inputmode=numeric]');
              for (const [s, v] of row.entries()) await inputs.nth(s).fill(String(v));
              if (k === 0 && round === 1 && d === 1) await shot(page, 'hall-entry-360.png');
              await page.getByRole('button', { name: 'Zapisz rozdanie' }).click();
            }
            if (k === 1 && round === 1) {
              await expect
                .poll(() => page.locator('.banner').innerText(), { timeout: 10_000 })
                .toContain('2 rozdania czekają');
              await shot(page, 'hall-offline-360.png');
              await context.setOffline(false);
              await page.evaluate(() => window.dispatchEvent(new Event('online')));
            }
            await expect.poll(() => page.locator('.hall-deals > li').count(), { timeout: 20_000 }).toBe(3);
            expect(await page.locator('.banner').count()).toBe(0);
            if (k === 0 && round === 1) await shot(page, 'hall-rows-360.png');
          }),
        );
        // The director confirms what the tables entered.
        await director.reload();
        for (const table of [1, 2]) {
          const box = director
            .locator('section.round')
            .first()
            .locator('details.protocol')
            .nth(table - 1);
          await box.locator('summary').click();
          await box.getByRole('button', { name: /Potwierdź 3 oczekujące rozdania/ }).click();
          // The confirmations are one request each: give a loaded machine time.
          await expect
            .poll(() => box.locator('summary').innerText(), { timeout: 30_000 })
            .toContain('rozegrano 3 z 3 rozdań');
        }
      }
      // Never lost, never doubled: every table has exactly its three rows.
      const view = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
      for (const r of view.tournament.rounds) for (const t of r.tables) expect(t.protocol).toEqual(rows);
      // A correction by the director, kept in the history.
      const box = director.locator('section.round').first().locator('details.protocol').first();
      // The phone typed it in small points: the phones' form opens with them.
      await box.getByRole('button', { name: 'Popraw' }).first().click();
      const inputs = box.locator('.pad-numbers input[inputmode=numeric]');
      for (const [i, v] of [8, -4, -2, -2].entries()) await inputs.nth(i).fill(String(v));
      await director.getByLabel('Powód poprawki').fill('pomyłka w zapisie');
      await box.getByRole('button', { name: 'Zapisz rozdanie' }).click();
      await expect
        .poll(() => director.locator('.history').innerText(), { timeout: 10_000 })
        .toContain('pomyłka w zapisie');
      // The phones' entries and confirmations are named in Polish, each phone by its number at the
      // table whose phone it is (the server gives each its own).
      const history = await director.locator('.history').innerText();
      expect(history).toMatch(
        /wpis rozdania z telefonu stolika · Runda 1 · Stolik 1 · Rozdanie 1 — telefon \d+ stolika 1,/,
      );
      expect(history).toContain('potwierdzenie rozdania');
      expect(history).not.toMatch(/\b(entered|confirmed)\b/);
      // "Drukuj" under round 2 prints round 2's seating list alone (it printed every round's): what
      // the print dialog gets is read as the page stands when it opens, under the print styles.
      await director.evaluate(() => {
        const w = window as unknown as { printed?: string[] };
        window.print = () => {
          const sheet = Array.from(document.styleSheets).flatMap((x) => Array.from(x.cssRules));
          const hidden = sheet.some((r) => r.cssText.includes('.no-print') && r.cssText.startsWith('@media print'));
          w.printed = Array.from(document.querySelectorAll('section.round'))
            .filter((x) => !(hidden && x.closest('.no-print')))
            .map((x) => x.querySelector('h2')!.textContent!);
        };
      });
      await director.locator('section.round').first().getByRole('button', { name: 'Drukuj' }).click();
      await expect
        .poll(() => director.evaluate(() => (window as unknown as { printed?: string[] }).printed))
        .toEqual([expect.stringMatching(/^Runda 2/)]);
      const proj = await open(`${server.url}/#/tournament/${id}/projector`);
      await expect.poll(() => proj.page.locator('.standings.big tbody tr').count()).toBe(8);
      const final = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament;
      expect(final.rounds.every((r: { complete: boolean }) => r.complete)).toBe(true);
      const shown = await proj.page.locator('.standings.big tbody tr td:nth-child(2)').allInnerTexts();
      expect(shown).toEqual(final.standings.slice(0, 8).map((r: { name: string }) => r.name));
      await shot(proj.page, 'tournament-projector-final-1280.png');
      expect(await accessibilityProblems(phones[0].page)).toEqual([]);
      expect([...errors, ...phones.flatMap((p) => p.errors), ...proj.errors]).toEqual([]);
    });

    it('a director’s list of players: a spreadsheet’s CSV (Windows-1250) is read with its letters and never drops the names typed; a withdrawal and a second draw are asked about first', async () => {
      const server = await start(database.env());
      const { page, errors } = await open(server.url);
      await page.evaluate(() =>
        fetch('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Sędzia Listy', password: 'kaszëbë-1234' }),
        }),
      );
      // Excel in Polish saves "CSV (rozdzielany przecinkami)" in Windows-1250: ę = 0xEA, Ż = 0xAF, Ś = 0x8C, ł = 0xB3.
      const csv =
        'Lp.;Imię i nazwisko;Miejscowość\r\n1;Grzegorz Brzęczyszczykiewicz;Żnin\r\n2;Halina Żuraw;Barcin\r\n3;Świętopełk Łęcki;Gniewkowo\r\n';
      const cp1250: Record<string, number> = { ę: 0xea, Ż: 0xaf, Ś: 0x8c, Ł: 0xa3, ł: 0xb3, ś: 0x9c, ć: 0xe6 };
      const path = join(mkdtempSync(join(tmpdir(), 'baska-list-')), 'zapisy.csv');
      writeFileSync(path, Uint8Array.from([...csv].map((ch) => cp1250[ch] ?? ch.charCodeAt(0))));
      const typed = ['Anna Kowalska', 'Jan Kaszuba', 'Ewa Nowak', 'Piotr Wiśniewski', 'Ola Bury'];
      await page.goto(`${server.url}/#/tournaments`);
      await page.reload(); // the client reads who is signed in when it loads
      await page.getByLabel('Nazwa turnieju').fill('Turniej z listy');
      await page.getByLabel('Gracze', { exact: true }).fill(typed.join('\n'));
      // The file would replace the names typed: the director is asked, and "Anuluj" keeps them.
      const asked: string[] = [];
      page.once('dialog', (d) => (asked.push(d.message()), void d.dismiss()));
      await page.getByLabel('Wczytaj CSV').setInputFiles(path);
      await expect.poll(() => asked.length).toBe(1);
      expect(asked[0]).toContain('Zastąpić ich listą z pliku?');
      expect(await page.getByLabel('Gracze', { exact: true }).inputValue()).toBe(typed.join('\n'));
      await page.getByRole('button', { name: 'Załóż turniej' }).click();
      await page.waitForURL(/#\/tournament\/[\w-]+\/director/);
      // The same file added on the director's page, its Polish letters whole.
      await expect.poll(() => page.locator('ul.players li').count()).toBe(5);
      await page.locator('section.card-box').getByLabel('Wczytaj CSV').setInputFiles(path);
      await expect.poll(() => page.locator('ul.players li').count()).toBe(8);
      const names = await page.locator('ul.players').innerText();
      for (const name of ['Grzegorz Brzęczyszczykiewicz', 'Halina Żuraw', 'Świętopełk Łęcki', ...typed])
        expect(names).toContain(name);
      expect(names).not.toContain('\ufffd');

      // A withdrawal and a second draw are asked about first: "Anuluj" changes nothing.
      const answer = (accept: boolean) =>
        page.once('dialog', (d) => (asked.push(d.message()), void (accept ? d.accept() : d.dismiss())));
      answer(false);
      await page.locator('ul.players li', { hasText: 'Ola Bury' }).getByRole('button', { name: 'Wycofaj' }).click();
      await expect.poll(() => asked.at(-1)).toBe('Wycofać z turnieju: Ola Bury?');
      expect(await page.locator('ul.players li').count()).toBe(8);
      answer(true);
      await page.locator('ul.players li', { hasText: 'Ola Bury' }).getByRole('button', { name: 'Wycofaj' }).click();
      await expect.poll(() => page.locator('ul.players li').count()).toBe(7);
      await page.getByLabel('Dopisz graczy', { exact: true }).fill('Zofia Bury');
      await page.getByRole('button', { name: 'Dopisz graczy' }).click();
      await expect.poll(() => page.locator('ul.players li').count()).toBe(8);
      await page.getByRole('button', { name: 'Losuj rundę 1', exact: true }).click();
      const seating = () => page.locator('.seating').innerText();
      await expect.poll(seating).toContain('Zofia Bury');
      const first = await seating();
      // Two players swapped by hand; a second draw (from the same seed) would undo it, so it asks.
      const [a, b] = await page.locator('.seating tbody tr td:last-child').allInnerTexts();
      await page.getByRole('combobox', { name: 'Gracz' }).first().selectOption({ label: a! });
      await page.getByRole('combobox', { name: 'Gracz' }).nth(1).selectOption({ label: b! });
      await page.getByRole('button', { name: 'Zamień miejscami' }).click();
      await expect.poll(seating).not.toBe(first);
      const swapped = await seating();
      answer(false);
      await page.getByRole('button', { name: 'Losuj rundę 1 jeszcze raz' }).click();
      await expect.poll(() => asked.at(-1)).toContain('ręczne zamiany miejsc przepadną');
      expect(await seating()).toBe(swapped);
      const events = async () =>
        (
          await (
            await fetch(`${server.url}/api/tournaments/${/tournament\/([\w-]+)/.exec(page.url())![1]}/events`)
          ).json()
        ).events.length;
      const before = await events();
      answer(true);
      await page.getByRole('button', { name: 'Losuj rundę 1 jeszcze raz' }).click();
      await expect.poll(events).toBe(before + 1);
      await expect.poll(seating).toBe(first); // drawn again from the same seed: the swap is undone
      expect(errors).toEqual([]);
    });

    it('a visitor who opens an online tournament’s link is led to enter as a guest and back to sign up', async () => {
      const server = await start(database.env());
      const dir = await open(server.url);
      await dir.page.evaluate(() =>
        fetch('/api/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Sędzia Zapisów', password: 'kaszëbë-1234' }),
        }),
      );
      const created = await dir.page.evaluate(() =>
        fetch('/api/tournaments', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Turniej w sieci', mode: 'online', players: 'Ala\nOla\nEla' }),
        }).then((r) => r.json()),
      );
      const id = created.tournament.id as string;
      const { page, errors } = await open(`${server.url}/#/tournament/${id}`, PHONE);
      await expect.poll(() => page.locator('main').innerText()).toContain('żeby się zapisać, wejdź jako gość');
      await shot(page, 'tournament-online-visitor-360.png');
      await page.getByRole('link', { name: 'Wejdź i zapisz się' }).click();
      await page.fill('input[name=nickname]', 'Gość Kaszub');
      await page.click('form button.primary');
      await page.getByRole('button', { name: 'Zapisz się do turnieju' }).click();
      await expect.poll(() => page.locator('main').innerText()).toContain('Zapisano cię do turnieju.');
      const view = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament;
      expect(view.players.map((p: { name: string }) => p.name)).toEqual(['Ala', 'Ola', 'Ela', 'Gość Kaszub']);
      expect([...errors, ...dir.errors]).toEqual([]);
    });

    it('an online tournament of 9 (a table of five and one of four): the director sets it up in the form, four people play from their browsers with bots for typed names; the page ranks as `baska tournament standings`', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0' });
      const { page: director, errors } = await open(server.url);
      await register(director, 'Sędzia Sieci');
      // Short rounds: one deal at a table of four, five at the table of five (each of its players
      // sits one out, RULES §9), 30 s a move and no pause between deals — the clocks he sets.
      await director.goto(`${server.url}/#/tournaments`);
      await director.reload(); // the client reads who is signed in when it loads
      await director.getByLabel('Nazwa turnieju').fill('Turniej w sieci');
      await director.getByLabel('Własny').check();
      await director.getByLabel('Liczba rund').fill('2');
      await director.getByLabel('Rozdań przy stoliku czteroosobowym').fill('1');
      await director.getByLabel('Rozdań przy stoliku pięcioosobowym').fill('5');
      await director.getByLabel('w sieci, przy stołach serwera').check();
      await director.getByLabel('Sekund na ruch').fill('30');
      await director.getByLabel('Przerwa po rozdaniu (sekund)').fill('0');
      await director.getByLabel('Gracze', { exact: true }).fill('Bot Ala\nBot Olek\nBot Ela\nBot Kuba\nBot Zosia');
      await director.setViewportSize(PHONE);
      await director.getByLabel('Przerwa po rozdaniu (sekund)').scrollIntoViewIfNeeded();
      await shot(director, 'tournament-new-online-360.png');
      await director.setViewportSize(DESKTOP);
      await director.getByRole('button', { name: 'Załóż turniej' }).click();
      await director.waitForURL(/#\/tournament\/[\w-]+\/director/);
      const id = /#\/tournament\/([\w-]+)\/director/.exec(director.url())![1]!;
      const created = await (await fetch(`${server.url}/api/tournaments/${id}`)).json();
      expect(created.tournament.clock).toEqual({ secondsPerMove: 30, pauseSeconds: 0 });
      expect(created.tournament.format.deals).toEqual({ 4: 1, 5: 5 });
      const people = await Promise.all(
        ['Kaszub', 'Kociewiak', 'Gburka', 'Zaboracz'].map(() => open(server.url, PHONE)),
      );
      for (const [k, p] of ['Kaszub', 'Kociewiak', 'Gburka', 'Zaboracz'].entries()) {
        await people[k]!.page.fill('input[name=nickname]', p);
        await people[k]!.page.click('form button.primary');
        await people[k]!.page.waitForSelector('form.create');
        await people[k]!.page.goto(`${server.url}/#/tournament/${id}`);
        await people[k]!.page.getByRole('button', { name: 'Zapisz się do turnieju' }).click();
        await expect.poll(() => people[k]!.page.locator('main').innerText()).toContain('Zapisano cię do turnieju.');
      }
      await expect
        .poll(() => people[0]!.page.locator('main p.muted').first().innerText())
        .toContain('30 sek. na ruch, bez przerwy po rozdaniu');
      await shot(people[0]!.page, 'tournament-online-joined-360.png');
      await director.goto(`${server.url}/#/tournament/${id}/director`);
      await director.reload();
      for (const round of [1, 2]) {
        await director.getByRole('button', { name: `Losuj rundę ${round}`, exact: true }).click();
        await director.getByLabel('Za nieobecnych gra komputer (zaznaczone w protokole)').check();
        await director.getByRole('button', { name: `Rozpocznij rundę ${round}` }).click();
        await expect
          .poll(() => director.locator('section.round').first().locator('h2').innerText())
          .toContain('w toku');
        await Promise.all(
          people.map(async ({ page }, k) => {
            // The lobby tells each person his table; the tournament page leads to it.
            await page.goto(`${server.url}/#/`);
            await expect
              .poll(() => page.locator('.tournament-notice').innerText(), { timeout: 15_000 })
              .toContain(`runda ${round}`);
            if (k === 0 && round === 1) await shot(page, 'tournament-lobby-notice-360.png');
            await page.goto(`${server.url}/#/tournament/${id}`);
            await page.getByRole('link', { name: /Twój stolik/ }).click();
            await page.waitForSelector('.table-screen');
            await playUntil(
              page,
              async () => (await page.locator('h2', { hasText: 'Koniec gry' }).count()) > 0,
              150_000,
            );
          }),
        );
        await expect
          .poll(
            async () =>
              (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament.rounds[round - 1].complete,
            {
              timeout: 15_000,
            },
          )
          .toBe(true);
        await director.reload();
      }
      const page = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament;
      // Each round had its table of five: five rows, each with the one who sat it out as null.
      for (const r of page.rounds as { tables: { players: unknown[]; protocol: (number | null)[][] }[] }[]) {
        const five = r.tables.find((t) => t.players.length === 5)!;
        expect(r.tables.map((t) => t.players.length).sort()).toEqual([4, 5]);
        expect(five.protocol.map((row) => row.filter((x) => x === null).length)).toEqual([1, 1, 1, 1, 1]);
      }
      const path = join(mkdtempSync(join(tmpdir(), 'baska-t-')), 't.json');
      writeFileSync(path, await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      const cli = JSON.parse(
        execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
      );
      expect(page.standings).toEqual(cli.standings.map(({ placesCount: _, ...row }: { placesCount: unknown }) => row));
      // The public page shows those standings.
      const pub = people[0]!.page;
      await pub.goto(`${server.url}/#/tournament/${id}`);
      await expect
        .poll(() => pub.locator('.standings tbody tr td:nth-child(2)').allInnerTexts())
        .toEqual(page.standings.map((r: { name: string }) => r.name));
      expect([...errors, ...people.flatMap((p) => p.errors)]).toEqual([]);
    }, 360_000); // two rounds of five browsers, each round's play allowed 150 s: 40 s when the machine is quiet
  });
}
