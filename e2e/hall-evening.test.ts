// A dress rehearsal of a hall evening, as the people at it see it (Debian's Chromium against the real
// server; PostgreSQL when BASKA_TEST_PG_URL is set, else SQLite). A hall tournament of 41 players:
// nine tables of four and one of five. Each table's two phones are fresh browsers at 360 px that open
// only the hall page by the table's code. Every deal is entered in words, with its doublings as they
// were said (the engine decides which count, RULES §3); the second phone confirms most, sends two
// back (the first phone fixes them in the reopened form), and leaves two tables' deals to the director,
// who confirms them and corrects one deal in words. At every step the chosen controls look chosen
// (a tapped control's computed style against an untapped one) and no page is wider than the phone.
// During the round and after it the standings read the same on the tournament's page, on the
// projector (every page of it), in both CSV files and in `baska tournament standings` on the file
// the director downloads. Screenshots of each phone state at 360 px and of the director's page at
// 1280 px go to BASKA_SHOTS (or e2e/artifacts/).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, Client, hallRoundStarted, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, clippedTexts, freshPage, useChromium } from './browser.js';

const BASKA = fileURLToPath(new URL('../packages/cli/bin/baska.js', import.meta.url));
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const browser = useChromium(stopAll);
const tmp = mkdtempSync(join(tmpdir(), 'baska-evening-'));

// 41 ordinary Polish and Kashubian names, some long: nine tables of four and one of five.
const FIRST = ['Mścisław', 'Józefina', 'Grzegorz', 'Władysława', 'Bożydar', 'Urszula', 'Kazimierz'];
const LAST = ['Brzęczyszczykiewicz', 'Kreft', 'Żółtowska', 'Konkol', 'Stolc', 'Łęcki'];
const NAMES = Array.from({ length: 41 }, (_, i) => `${FIRST[i % 7]} ${LAST[Math.floor(i / 7) % 6]}`);

/** A deal as a table tells it: zwyczajna, the two old by seat, the doublings as said, who won and how. */
interface Told {
  old: [number, number];
  said: [number, string][];
  won: 'Wygrali starzy' | 'Wygrali młodzi';
  grade: 'z wyjściem' | 'bez wyjścia' | 'bez bitki';
}

/** The seats in deal `deal` (0-based): at a table of five the dealer (seat deal mod 5) sits out. RULES §9 */
const inDeal = (size: number, deal: number) =>
  Array.from({ length: size }, (_, s) => s).filter((s) => size === 4 || s !== deal % 5);

/** The deal `deal` of a table: its first two seats in play old, the third says kontra, and, every other deal, the first rekontra. */
function told(size: number, deal: number): Told {
  const [a, b, c] = inDeal(size, deal) as [number, number, number];
  return {
    old: [a, b],
    said:
      deal % 2 === 0
        ? [[c, 'kontra']]
        : [
            [c, 'kontra'],
            [a, 'rekontra'],
          ],
    won: deal % 3 === 2 ? 'Wygrali młodzi' : 'Wygrali starzy',
    grade: deal % 2 === 0 ? 'z wyjściem' : 'bez wyjścia',
  };
}

const look = (b: Locator) =>
  b.evaluate((e) => {
    const s = getComputedStyle(e);
    return `${s.backgroundColor} ${s.color} ${s.borderColor}`;
  });
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

const fresh = (url: string, viewport = PHONE, cookie?: string) => freshPage(browser(), url, viewport, cookie);

/** Fill the entry form in words as the table told it; every tapped control looks chosen, every other does not. */
async function tell(form: Locator, names: readonly string[], t: Told) {
  const old = form.getByRole('group', { name: 'Starzy (dwie osoby)' });
  for (const s of t.old) await old.getByRole('button', { name: names[s], exact: true }).click();
  for (const [s, word] of t.said)
    await form
      .getByRole('group', { name: `Kto powiedział „${word}”?` })
      .getByRole('button', { name: names[s], exact: true })
      .click();
  await form.getByRole('group', { name: t.won }).getByRole('button', { name: t.grade, exact: true }).click();
  const chosen = old.getByRole('button', { name: names[t.old[0]], exact: true });
  const other = old.locator('button[aria-pressed="false"]').first();
  expect(await chosen.getAttribute('aria-pressed')).toBe('true');
  expect(await look(chosen)).not.toBe(await look(other));
  const grade = form.getByRole('group', { name: t.won }).getByRole('button', { name: t.grade, exact: true });
  expect(await look(grade)).not.toBe(await look(form.locator('button[aria-pressed="false"]').last()));
  expect(await form.locator('.said-list li').allInnerTexts()).toEqual(t.said.map(([s, w]) => `${names[s]}: ${w}`));
}

/** Everything a person reads of the standings, by player, on each surface; all must be the same. */
async function standingsEverywhere(url: string, id: string, label: string) {
  // The tournament's page, in a browser that opened nothing else.
  const pub = await fresh(`${url}/#/tournament/${id}`, DESKTOP);
  const rowsOf = (page: Page, selector: string) =>
    page
      .locator(`${selector} tbody tr`)
      .evaluateAll((trs) =>
        trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.firstChild?.textContent?.trim() ?? '')),
      )
      // A page writes a negative with the true minus sign; the CSV files and the command keep "-".
      .then((rows) => rows.map((cells) => cells.map((c) => c.replace(/\u2212/g, '-'))));
  await expect.poll(() => pub.page.locator('.standings tbody tr').count(), { timeout: 15_000 }).toBe(41);
  const head = await pub.page.locator('.standings thead th').allInnerTexts();
  const page = await rowsOf(pub.page, '.standings');
  await pub.page.screenshot({ path: join(SHOTS, `evening-standings-${label}-1280.png`) });
  await pub.context.close();
  const byName = new Map(page.map((r) => [r[1]!, r]));
  expect(byName.size).toBe(41);

  // The projector: every page of it (it turns a page every 8 s; the test moves its clock on).
  const projContext = await browser().newContext({ viewport: DESKTOP });
  const proj = await projContext.newPage();
  await proj.clock.install();
  await proj.goto(`${url}/#/tournament/${id}/projector`);
  await expect.poll(() => proj.locator('.standings.big tbody tr').count(), { timeout: 15_000 }).toBe(10);
  expect(await proj.locator('.standings.big thead th').allInnerTexts()).toEqual(head);
  const projected: string[][] = [];
  for (let p = 0; p < 5; p++) {
    projected.push(...(await rowsOf(proj, '.standings.big')));
    if (p === 0) await proj.screenshot({ path: join(SHOTS, `evening-projector-${label}-1280.png`) });
    await proj.clock.runFor(8_000);
  }
  await projContext.close();
  expect(projected).toEqual(page);

  // Both CSV files and the command, on the file the director downloads.
  const get = async (path: string) => (await fetch(`${url}${path}`)).text();
  const plain = parse((await get(`/api/tournaments/${id}/standings.csv`)).replace(/^\uFEFF/, ''), {
    columns: true,
  }) as Record<string, string>[];
  const excelText = await get(`/api/tournaments/${id}/standings.csv?excel=pl`);
  const excel = parse(excelText.replace(/^\uFEFF/, ''), { columns: true, delimiter: ';' }) as Record<string, string>[];
  const file = join(tmp, `${label}.json`);
  writeFileSync(file, await get(`/api/tournaments/${id}/file`));
  const cli = (args: string[]) =>
    execFileSync(process.execPath, [BASKA, 'tournament', 'standings', file, ...args], { encoding: 'utf8' });
  expect(cli(['--csv'])).toBe(await get(`/api/tournaments/${id}/standings.csv`));
  const running = head.length === 6; // place, player, big, small, [so far], tournament points
  const cells = (r: string[]) => (running ? [r[0], r[2], r[3], r[4], r[5]] : [r[0], r[2], r[3], r[4]]);
  const dot = (x: string | undefined) => (x ?? '').replace(',', '.');
  const blank = (x: string | undefined) => (x ? x : '—');
  for (const r of plain) {
    const p = byName.get(r.name!)!;
    const want = cells(p).map((x) => (x === '—' ? '—' : dot(x)));
    const got = [
      blank(r.place),
      r.bigPoints,
      r.smallPoints,
      ...(running ? [blank(r.running)] : []),
      blank(r.tournamentPoints),
    ];
    expect(
      got.map((x) => (x === '—' ? '—' : dot(x))),
      `${label} plain CSV: ${r.name}`,
    ).toEqual(want);
  }
  for (const r of excel) {
    const p = byName.get(r.Gracz!)!;
    const got = [
      blank(r.Miejsce),
      r['Duże pkt'],
      r['Małe pkt'],
      ...(running ? [blank(r['Małe pkt w toku (tymczasowe)'])] : []),
      blank(r['Pkt turniejowe']),
    ];
    expect(got, `${label} Excel CSV: ${r.Gracz}`).toEqual(cells(p));
  }
  // The command's table for people, column by column.
  const lines = cli([]).split('\n');
  const at = lines.findIndex((l) => l.startsWith('Miejsce'));
  const columns = lines[at]!.split(/\s{2,}/);
  const people = lines
    .slice(at + 2)
    .filter((l) => l.trim() && !l.startsWith('*'))
    .map((l) =>
      Object.fromEntries(
        l
          .trim()
          .split(/\s{2,}/)
          .map((c, i) => [columns[i]!, c]),
      ),
    );
  expect(people).toHaveLength(41);
  for (const r of people) {
    const got = [r.Miejsce, r['Duże pkt'], r['Małe pkt'], ...(running ? [r['W toku*']] : []), r['Pkt turniejowe']];
    expect(got, `${label} command: ${r.Gracz}`).toEqual(cells(byName.get(r.Gracz!)!));
  }
  for (const text of [excelText, await get(`/api/tournaments/${id}/standings.csv`)])
    expect(text).not.toMatch(/\d[.,]\d{3}/);
  return page;
}

describe('a hall evening of 41 players, as the people at it see it', () => {
  it('ten tables’ phones enter, send back, fix and confirm deals in words; the director confirms and corrects; the standings agree everywhere', async () => {
    const server = await start(BROWSER_DATABASES[0]!.env());
    const dir = new Client(server.url);
    await dir.register('Sędzia Główny');
    const { id, tournament, codes } = await hallRoundStarted(dir, {
      name: 'Wieczór w remizie — próba generalna',
      format: { format: 'znin', rounds: 1, deals: { 4: 2, 5: 5 } },
      players: NAMES,
    });
    const tables = tournament.rounds[0]!.tables;
    expect(tables.map((t) => t.players.length).sort()).toEqual([4, 4, 4, 4, 4, 4, 4, 4, 4, 5]);
    const deals = (k: number) => (tables[k]!.players.length === 5 ? 5 : 2);

    // Each table's first phone enters its first deal in words; its second phone opens the hall page too.
    const first: Awaited<ReturnType<typeof fresh>>[] = [];
    const second: Awaited<ReturnType<typeof fresh>>[] = [];
    for (const [k, code] of codes.entries()) {
      const names = tables[k]!.players.map((p) => p.name);
      const a = await fresh(`${server.url}/#/hall/${code}`);
      first.push(a);
      const form = a.page.locator('.pad-entry');
      await form.getByRole('button', { name: 'Zapisz rozdanie' }).waitFor({ timeout: 15_000 });
      await tell(form, names, told(names.length, 0));
      expect(await a.page.locator('.preview').innerText()).toMatch(/^Wyjdzie:/);
      if (k === 9) await a.page.screenshot({ path: join(SHOTS, 'evening-phone-preview-360.png') });
      await form.getByRole('button', { name: 'Zapisz rozdanie' }).click();
      await expect.poll(() => a.page.getByText('czeka na potwierdzenie').count(), { timeout: 15_000 }).toBe(1);
      expect(await pageWidth(a.page)).toBeLessThanOrEqual(PHONE.width);
      second.push(await fresh(`${server.url}/#/hall/${code}`));
    }

    // The second phones: tables 1–6 confirm, 7 and 8 send the deal back, 9 and 10 leave it to the director.
    const confirmOn = async (page: Page, n: number) => {
      await page.reload();
      const button = page.getByRole('button', { name: 'Potwierdzam' });
      await expect.poll(() => button.count(), { timeout: 15_000 }).toBe(n);
      expect(await clippedTexts(page)).toEqual([]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
      for (let left = n; left > 0; left--) {
        await expect.poll(() => button.count()).toBe(left);
        await button.first().click();
      }
      await expect.poll(() => button.count()).toBe(0);
    };
    for (let k = 0; k < 6; k++) await confirmOn(second[k]!.page, 1);
    await second[0]!.page.screenshot({ path: join(SHOTS, 'evening-phone-confirmed-360.png') });
    for (const k of [6, 7]) {
      const b = second[k]!.page;
      await b.reload();
      const disagree = b.getByRole('button', { name: 'Nie zgadzam się' });
      await expect.poll(() => disagree.count(), { timeout: 15_000 }).toBe(1);
      await disagree.click();
      await expect.poll(() => b.locator('.rejected').count()).toBe(1);
    }

    // The first phones of tables 7 and 8 are told, reopen the deal as entered, and fix it (the young won).
    for (const k of [6, 7]) {
      const a = first[k]!.page;
      const names = tables[k]!.players.map((p) => p.name);
      await a.reload();
      const banner = a.locator('.banner.sent-back');
      await expect.poll(() => banner.count(), { timeout: 15_000 }).toBe(1);
      await banner.getByRole('button', { name: 'Popraw' }).click();
      const form = a.locator('.pad-entry');
      const was = told(names.length, 0);
      expect(await form.locator('.said-list li').allInnerTexts()).toEqual(
        was.said.map(([s, w]) => `${names[s]}: ${w}`),
      );
      expect(await form.locator('button[aria-pressed="true"]').allInnerTexts()).toEqual([
        'Słowami',
        'zwyczajna',
        names[was.old[0]],
        names[was.old[1]],
        'z wyjściem',
      ]);
      if (k === 6) await a.screenshot({ path: join(SHOTS, 'evening-phone-reopened-360.png') });
      const fixed = form.getByRole('group', { name: 'Wygrali młodzi' }).getByRole('button', { name: 'z wyjściem' });
      await fixed.click();
      expect(await fixed.getAttribute('aria-pressed')).toBe('true');
      expect(await look(fixed)).not.toBe(
        await look(form.getByRole('group', { name: 'Wygrali starzy' }).getByRole('button', { name: 'z wyjściem' })),
      );
      await form.getByRole('button', { name: 'Zapisz rozdanie' }).click();
      await expect.poll(() => banner.count()).toBe(0);
      await confirmOn(second[k]!.page, 1);
    }

    // During the round: nobody has a place yet, each player's small points so far are shown as provisional.
    const during = await standingsEverywhere(server.url, id, 'during');
    expect(during.every((r) => r[0] === '—' && r[5] === '—')).toBe(true);
    expect(during.filter((r) => r[4] !== '0').length).toBeGreaterThan(30);

    // The rest of the round: each first phone enters its deals in words, the second confirms (tables 1–8).
    for (const [k, a] of first.entries()) {
      const names = tables[k]!.players.map((p) => p.name);
      const form = a.page.locator('.pad-entry');
      for (let d = 1; d < deals(k); d++) {
        await expect.poll(() => a.page.locator('#pad-entry-h').innerText()).toBe(`Rozdanie ${d + 1}`);
        await tell(form, names, told(names.length, d));
        await form.getByRole('button', { name: 'Zapisz rozdanie' }).click();
      }
      await expect
        .poll(() => a.page.getByText('czeka na potwierdzenie').count(), { timeout: 15_000 })
        .toBe(k >= 8 ? deals(k) : deals(k) - 1);
      expect(await pageWidth(a.page)).toBeLessThanOrEqual(PHONE.width);
      if (k < 8) await confirmOn(second[k]!.page, deals(k) - 1);
    }
    await second[9]!.page.reload();
    await expect.poll(() => second[9]!.page.getByRole('button', { name: 'Potwierdzam' }).count()).toBe(5);
    await second[9]!.page.screenshot({ path: join(SHOTS, 'evening-phone-five-360.png'), fullPage: true });

    // The director confirms tables 9 and 10, and corrects table 1's first deal in words: the young won.
    const d = await fresh(`${server.url}/#/tournament/${id}/director`, DESKTOP, dir.cookie);
    for (const k of [8, 9]) {
      const protocol = d.page.locator('details.protocol').nth(k);
      await protocol.locator('summary').click();
      const all = protocol.getByRole('button', { name: /^Potwierdź \d+ oczekując/ });
      await all.click();
      await expect.poll(() => all.count(), { timeout: 15_000 }).toBe(0);
    }
    const protocol = d.page.locator('details.protocol').first();
    await protocol.locator('summary').click();
    const row1 = protocol.locator('tbody tr:not(.said-row)').first();
    await row1.getByRole('button', { name: 'Popraw' }).click();
    const form = protocol.locator('.pad-entry');
    const names0 = tables[0]!.players.map((p) => p.name);
    expect(await form.locator('.said-list li').allInnerTexts()).toEqual([`${names0[2]}: kontra`]);
    const young = form.getByRole('group', { name: 'Wygrali młodzi' }).getByRole('button', { name: 'z wyjściem' });
    await young.click();
    expect(await look(young)).not.toBe(
      await look(form.getByRole('group', { name: 'Wygrali starzy' }).getByRole('button', { name: 'z wyjściem' })),
    );
    await protocol.getByLabel('Powód poprawki').fill('wygrali młodzi, nie starzy');
    await form.getByRole('button', { name: 'Zapisz rozdanie' }).click();
    const said1 = protocol.locator('tbody tr.said-row').first();
    await expect.poll(() => said1.innerText()).toContain('wygrali młodzi z wyjściem');
    // The director's table has the phones' signs.
    for (const c of await row1
      .locator('td')
      .allInnerTexts()
      .then((x) => x.slice(1, 5)))
      expect(c).toMatch(/^(\+\d+|−\d+|0)$/);
    await protocol.scrollIntoViewIfNeeded();
    await d.page.screenshot({ path: join(SHOTS, 'evening-director-1280.png') });
    expect(await d.page.locator('.history').innerText()).toContain('wygrali młodzi, nie starzy');

    // After the round: every table complete, places for everyone, the same standings everywhere.
    const after = await standingsEverywhere(server.url, id, 'after');
    expect(after.every((r) => r[0] !== '—')).toBe(true);
    const view = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament;
    expect(view.rounds[0].tables.map((t: { protocol: unknown[] }) => t.protocol.length)).toEqual(
      tables.map((_, k) => deals(k)),
    );
    for (const p of [...first, ...second, d]) expect(p.errors).toEqual([]);
  }, 300_000);
});
