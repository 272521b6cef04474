// Players between rounds in a real browser (Debian's Chromium) against the real server, on PostgreSQL
// with BASKA_TEST_PG_URL, else SQLite: in a hall tournament of 8 the director withdraws a player after
// round 1 and adds a late entry for round 2 from the players' list (each asked first, and a drawn
// round 2 is not lost without asking), round 2 seats exactly its 8, the history says what happened in
// words, and the public page's standings, with the two marked, are `baska tournament standings --json`
// on the exported file. Online, a person who signs in after round 1 joins from round 2 on the
// tournament's page, until round 2 is drawn. Screenshots at phone and desktop sizes in e2e/artifacts/
// (and BASKA_SHOTS).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TournamentView } from '@baska/protocol';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { playUntil, register, send } from './play.js';

const BASKA = fileURLToPath(new URL('../packages/cli/bin/baska.js', import.meta.url));
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;

const browser = useChromium(stopAll);

/** What an element says, its spaces (a no-break space too) as one. */
const said = async (loc: Locator) => (await loc.innerText()).replace(/\s+/g, ' ');

const viewOf = async (url: string, id: string) =>
  ((await (await fetch(`${url}/api/tournaments/${id}`)).json()) as { tournament: TournamentView }).tournament;

async function open(url: string, viewport = DESKTOP) {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

/** Both sizes of what the page shows at `selector`, scrolled to it. */
async function shots(page: Page, name: string, selector: string) {
  for (const [size, viewport] of [
    ['360', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.locator(selector).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`) });
  }
}

/** Every table of a round played through, one deal each: seat 0 wins at table 1, seat 1 at table 2. */
async function playRound(page: Page, url: string, id: string, round: number) {
  const view = await viewOf(url, id);
  for (const t of view.rounds[round - 1]!.tables) {
    const row = t.players.map((_, s) => (s === t.table - 1 ? 6 : -2));
    const r = await send(page, `/api/tournaments/${id}/rows`, {
      round,
      table: t.table,
      row,
      id: `row-${round}-${t.table}-e2e`,
    });
    expect(r.tournament, JSON.stringify(r)).toBeDefined();
  }
}

for (const database of BROWSER_DATABASES) {
  describe(`players between rounds in the browser on ${database.name}`, () => {
    it('a player withdrawn after round 1 and a late entry for round 2: the list, the draw, the history and the standings', async () => {
      const server = await start(database.env());
      const { page, errors } = await open(server.url);
      await register(page, 'Sędzia Dojazdów');
      const created = await send(page, '/api/tournaments', {
        name: 'Grand Prix Żnina — turniej wrześniowy',
        format: { format: 'znin', rounds: 3, deals: { 4: 1 } },
        mode: 'hall',
        players:
          'Anna Kowalska\nJan Kaszuba\nEwa Nowak\nPiotr Wiśniewski\nOla Bury\nKazimierz Stolc\nMarta Lis\nJózef Kreft',
      });
      const id = created.tournament.id;
      await page.goto(`${server.url}/#/tournament/${id}/director`);
      await page.reload(); // the client reads who is signed in when it loads
      await page.getByRole('button', { name: 'Losuj rundę 1', exact: true }).click();
      await page.getByRole('button', { name: 'Rozpocznij rundę 1' }).click();
      await expect.poll(() => page.locator('section.round h2').first().innerText()).toContain('w toku');
      await playRound(page, server.url, id, 1);
      await page.reload();
      await expect.poll(() => page.locator('section.round h2').first().innerText()).toContain('zakończona');

      // The players' list is still there after round 1, with its controls.
      const list = page.locator('ul.players li');
      await expect.poll(() => list.count()).toBe(8);
      const asked: string[] = [];
      const answer = (accept: boolean) =>
        page.once('dialog', (d) => (asked.push(d.message()), void (accept ? d.accept() : d.dismiss())));
      answer(true);
      await list.filter({ hasText: 'Ola Bury' }).getByRole('button', { name: 'Wycofaj' }).click();
      await expect
        .poll(() => asked.at(-1))
        .toBe(
          'Wycofać z turnieju: Ola Bury? Od 2. rundy już nie zagra; punkty z rozegranych rund zostają w klasyfikacji.',
        );
      await expect.poll(() => said(list.filter({ hasText: 'Ola Bury' }))).toContain('wycofanie po 1. rundzie');
      expect(await list.filter({ hasText: 'Ola Bury' }).getByRole('button').count()).toBe(0);
      expect(await said(page.locator('section.card-box'))).toContain('Gracze dopisani teraz zagrają od 2. rundy.');
      await page.getByLabel('Dopisz graczy', { exact: true }).fill('Zofia Hinz');
      await page.getByRole('button', { name: 'Dopisz graczy' }).click();
      await expect.poll(() => said(list.filter({ hasText: 'Zofia Hinz' }))).toContain('od 2. rundy');
      expect(await said(page.locator('section.card-box'))).toContain('Runda 2: 8 graczy');
      await page.evaluate(() => window.scrollTo(0, 0));
      await shots(page, 'between-players', 'section.card-box');
      await page.setViewportSize(DESKTOP);

      // Round 2 seats exactly its 8: Zofia in, Ola out, two tables of four.
      await page.getByRole('button', { name: 'Losuj rundę 2', exact: true }).click();
      const seating = page.locator('section.round').first().locator('.seating');
      await expect.poll(() => seating.innerText()).toContain('Zofia Hinz');
      expect(await seating.innerText()).not.toContain('Ola Bury');
      expect(await seating.locator('tbody tr').count()).toBe(8);
      const drawn = await viewOf(server.url, id);
      expect(drawn.rounds[1]!.tables.map((t) => t.players.length)).toEqual([4, 4]);
      // Round 2 is drawn: a withdrawal now would lose its seating, so it asks, and "Anuluj" keeps it.
      answer(false);
      await list.filter({ hasText: 'Marta Lis' }).getByRole('button', { name: 'Wycofaj' }).click();
      await expect.poll(() => asked.at(-1)).toContain('Wylosowane już rozstawienie rundy 2 przepadnie');
      const after = await viewOf(server.url, id);
      expect(after.version).toBe(drawn.version);
      await page.getByRole('button', { name: 'Rozpocznij rundę 2' }).click();
      await expect.poll(() => page.locator('section.round h2').first().innerText()).toContain('w toku');
      await playRound(page, server.url, id, 2);

      // The history says it in words: who, what, from or after which round.
      await page.reload();
      const history = page.locator('.history');
      await expect.poll(() => said(history)).toContain('wycofanie gracza · Ola Bury · wycofanie po 1. rundzie');
      expect(await said(history)).toContain('dopisanie graczy · Zofia Hinz · od 2. rundy — Sędzia Dojazdów,');
      expect(await accessibilityProblems(page)).toEqual([]);

      // The public page: nine in the standings, the two marked, in the command's order and numbers.
      const pub = await open(`${server.url}/#/tournament/${id}`, PHONE);
      const rows = pub.page.locator('.standings tbody tr');
      await expect.poll(() => rows.count()).toBe(9);
      const path = join(mkdtempSync(join(tmpdir(), 'baska-between-')), 't.json');
      writeFileSync(path, await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      const cli = JSON.parse(
        execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
      ).standings as {
        place: number;
        name: string;
        bigPoints: number;
        smallPoints: number;
        placesCount: number[];
        from?: number;
        until?: number;
      }[];
      const plFormat = new Intl.NumberFormat('pl', { maximumFractionDigits: 2 });
      // As the page writes a number: a negative with the true minus sign.
      const pl = { format: (n: number) => plFormat.format(n).replace(/^-/, '\u2212') };
      const mark = (r: (typeof cli)[number]) => (r.from ? 'od 2. rundy' : r.until ? 'wycofanie po 1. rundzie' : '');
      const shown = await rows.evaluateAll((trs) =>
        trs.map((tr) =>
          Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
        ),
      );
      expect(shown).toEqual(
        cli.map((r) => [
          pl.format(r.place),
          `${r.name} ${mark(r)}`.trim(),
          pl.format(r.bigPoints),
          pl.format(r.smallPoints),
          expect.any(String),
        ]),
      );
      expect(cli.find((r) => r.name === 'Ola Bury')).toMatchObject({ until: 1 });
      expect(cli.find((r) => r.name === 'Zofia Hinz')).toMatchObject({ from: 2 });
      const page1 = await viewOf(server.url, id);
      expect(page1.standings).toEqual(cli.map(({ placesCount: _, ...r }) => r));
      await shots(pub.page, 'between-standings', '.standings');
      expect(await accessibilityProblems(pub.page)).toEqual([]);
      expect([...errors, ...pub.errors]).toEqual([]);
    });
    it('online: a person who signs in between rounds joins from round 2, until round 2 is drawn; withdrawn after it, his page says so', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0' });
      const { page: director, errors } = await open(server.url);
      await register(director, 'Sędzia Sieci');
      const created = await send(director, '/api/tournaments', {
        name: 'Turniej w sieci z dojazdami',
        format: { format: 'znin', rounds: 3, deals: { 4: 1, 5: 5 } },
        mode: 'online',
        clock: { secondsPerMove: 30, pauseSeconds: 0 },
        players: 'Bot Ala\nBot Olek\nBot Ela\nBot Kuba\nBot Zosia\nBot Józek\nBot Hela\nBot Staś',
      });
      const id = created.tournament.id;
      await send(director, `/api/tournaments/${id}/draw`, { round: 1 });
      await send(director, `/api/tournaments/${id}/start`, { round: 1, bots: true });
      await expect.poll(async () => (await viewOf(server.url, id)).rounds[0]!.complete, { timeout: 30_000 }).toBe(true);

      const { page, errors: seen } = await open(server.url, PHONE);
      await page.fill('input[name=nickname]', 'Kaszub');
      await page.click('form button.primary');
      await page.waitForSelector('form.create');
      await page.goto(`${server.url}/#/tournament/${id}`);
      await expect.poll(() => said(page.locator('main'))).toContain('Zagrasz od 2. rundy.');
      await shots(page, 'between-join', 'main > p:has(button)');
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: 'Zapisz się do turnieju' }).click();
      await expect.poll(() => said(page.locator('main'))).toContain('Zapisano cię do turnieju.');
      expect((await viewOf(server.url, id)).players.find((p) => p.name === 'Kaszub')).toMatchObject({
        joined: true,
        from: 2,
      });
      // Round 2 drawn: nobody else enters now (his entry would undo the draw).
      await send(director, `/api/tournaments/${id}/draw`, { round: 2 });
      const other = await open(server.url, PHONE);
      await other.page.fill('input[name=nickname]', 'Za Późno');
      await other.page.click('form button.primary');
      await other.page.waitForSelector('form.create');
      await other.page.goto(`${server.url}/#/tournament/${id}`);
      await expect.poll(() => other.page.locator('.standings tbody tr').count()).toBe(9);
      expect(await other.page.getByRole('button', { name: 'Zapisz się do turnieju' }).count()).toBe(0);
      // He plays round 2 (a bot takes his seat if he does not come), then the director withdraws him:
      // his page says so, and offers him no entry again.
      await send(director, `/api/tournaments/${id}/start`, { round: 2, bots: true });
      await page.getByRole('link', { name: /Twój stolik/ }).click();
      await page.waitForSelector('.table-screen');
      await playUntil(page, async () => (await page.locator('h2', { hasText: 'Koniec gry' }).count()) > 0, 150_000);
      await page.goto(`${server.url}/#/tournament/${id}`);
      await expect.poll(async () => (await viewOf(server.url, id)).rounds[1]!.complete, { timeout: 30_000 }).toBe(true);
      const kaszub = (await viewOf(server.url, id)).players.find((p) => p.name === 'Kaszub')!;
      await send(director, `/api/tournaments/${id}/withdraw`, { player: kaszub.id });
      await page.reload();
      await expect.poll(() => said(page.locator('main'))).toContain('Sędzia wycofał cię po 2. rundzie.');
      expect(await said(page.locator('main'))).not.toContain('Zapisano cię do turnieju.');
      expect(await page.getByRole('button', { name: 'Zapisz się do turnieju' }).count()).toBe(0);
      await shots(page, 'between-withdrawn', 'main > p:has-text("Sędzia wycofał")');
      expect(await accessibilityProblems(page)).toEqual([]);
      expect([...errors, ...seen, ...other.errors]).toEqual([]);
    });
  });
}
