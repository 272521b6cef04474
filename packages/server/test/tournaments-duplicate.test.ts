// A duplicate round online (docs/decisions/010), as a real server process on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL: a tournament of 8 — four people who joined and four typed names
// played by bots — draws its round as a duplicate round; the two tables' records hold the same hands
// seat for seat, and those hands are the ones `baska tournament deals` deals from the seed revealed
// in the file when the round ends; the page's comparison equals a recomputation here from the rows
// and equals `baska tournament standings` on the exported file. While the round is played nobody but
// the director sees its rows or the other table's game — and not even he while he plays in it; the
// tables deal with the clocks the director set; the refusals are coded and change nothing; the
// director's season counts the tournament only once it is finished.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TournamentView } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, playSeat, start, stopAll, registered } from './harness.js';

afterAll(stopAll);

const BASKA = fileURLToPath(new URL('../../cli/bin/baska.js', import.meta.url));
const DEALS = 4;
const FORMAT = { format: 'znin', rounds: 1, deals: { 4: DEALS } };

/** A record's hands as sets of cards by seat, the order within a hand not counting. */
const handsOf = (deal: { hands: string[] }) => deal.hands.map((h) => h.split(' ').sort().join(' '));

for (const database of DATABASES) {
  describe(`a duplicate round online on ${database.name}`, () => {
    it('deals every table the same hands seat for seat, seals the round until it ends, and compares as recomputed', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Duplikatu')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Duplikat w sieci',
        format: FORMAT,
        mode: 'online',
        players: 'Bot Ala\nBot Olek\nBot Ela\nBot Kuba',
      });
      const id = created.body.tournament.id as string;
      const people: Client[] = [];
      for (const name of ['Kaszub', 'Kociewiak', 'Gburka', 'Zaboracz']) {
        const c = new Client(server.url);
        await c.guest(name);
        expect((await c.http('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
        people.push(c);
      }
      const page = async (c: Client = dir): Promise<TournamentView> =>
        (await c.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const code = async (c: Client, path: string, body: unknown) =>
        (await c.http('POST', `/api/tournaments/${id}/${path}`, body)).body.error?.code;

      // Refusals before the draw: a player is not the director, a flag that is not a flag.
      expect(await code(people[0]!, 'draw', { round: 1, duplicate: true })).toBe('ERR_AUTH'); // a guest
      const player = (await registered(server.url, 'Gracz Bez Turnieju')).c;
      expect(await code(player, 'draw', { round: 1, duplicate: true })).toBe('ERR_NOT_DIRECTOR');
      expect(await code(dir, 'draw', { round: 1, duplicate: 'yes' })).toBe('ERR_SCHEMA');
      expect((await page()).rounds).toHaveLength(0);

      const drawn = await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1, duplicate: true });
      expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
      const commitment = drawn.body.tournament.rounds[0].duplicate.commitment as string;
      expect(commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(drawn.body.tournament.rounds[0].duplicate.seed).toBeNull();
      // Every seat position holds a person at one table and a bot at the other, so the same cards
      // are played two ways: table 1 seats people in seats 0 and 1, table 2 in seats 2 and 3.
      const pids = (drawn.body.tournament.players as { id: string }[]).map((p) => p.id);
      const human = (p: string) => pids.indexOf(p) >= 4;
      const want = [(s: number) => s < 2, (s: number) => s >= 2];
      for (;;) {
        const tables = (await page()).rounds[0]!.tables.map((t) => t.players.map((p) => p.id));
        const cells = tables.flatMap((ps, t) => ps.map((p, s) => ({ p, wantHuman: want[t]!(s) })));
        const a = cells.find((c) => human(c.p) && !c.wantHuman);
        if (!a) break;
        const b = cells.find((c) => !human(c.p) && c.wantHuman)!;
        expect((await dir.http('POST', `/api/tournaments/${id}/reseat`, { round: 1, a: a.p, b: b.p })).status).toBe(
          200,
        );
      }
      const started = await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1, bots: true });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const games = (started.body.tournament as TournamentView).rounds[0]!.tables.map((t) => t.game!);
      expect(games.every((g) => /^[\w-]{6,}$/.test(g))).toBe(true);
      const seatOf = (c: Client) => {
        const pid = pids[4 + people.indexOf(c)]!;
        const tables = started.body.tournament.rounds[0].tables as { players: { id: string }[] }[];
        const t = tables.findIndex((x) => x.players.some((p) => p.id === pid));
        return { table: t, game: games[t]!, seat: tables[t]!.players.findIndex((p) => p.id === pid) };
      };

      // The round is sealed: someone not signed in sees no game and no row, a person only his own game.
      const anyone = new Client(server.url);
      let open = (await page(anyone)).rounds[0]!;
      expect(open).toMatchObject({ sealed: true, duplicate: { commitment, seed: null } });
      expect(open.tables.map((t) => t.game)).toEqual([undefined, undefined]);
      const mine = (await page(people[0]!)).rounds[0]!.tables.map((t) => t.game);
      expect(mine.filter(Boolean)).toEqual([seatOf(people[0]!).game]);
      // The tables are not in the lobby, and their deals take no contributions.
      const lobby = (await anyone.http('GET', '/api/tables')).body.tables as { id: string }[];
      expect(lobby.filter((t) => games.includes(t.id))).toEqual([]);

      // Table 1 plays to its end first (its people connected; table 2's are not yet).
      const atTable = (t: number) => people.filter((c) => seatOf(c).table === t);
      const tab = async (c: Client) => {
        const x = new Client(server.url);
        x.cookie = c.cookie;
        await x.connect();
        x.send({ type: 'join', table: seatOf(c).game });
        await x.next((m) => m.type === 'snapshot', 20_000, 0);
        return x;
      };
      // A contribution to a duplicate deal (from another tab of a person at table 1) is refused.
      const other = await tab(atTable(0)[0]!);
      other.send({ type: 'contribute', table: seatOf(atTable(0)[0]!).game, deal: 2, value: 'ab'.repeat(16) });
      const refused = await other.next((m) => m.type === 'error');
      expect(refused.type === 'error' && refused.code).toBe('ERR_DUPLICATE');
      other.close();
      const first = await Promise.all(atTable(0).map(tab));
      const picks = [
        (l: string[]) => l[0]!,
        (l: string[]) => l.at(-1)!,
        (l: string[]) => l[l.length >> 1]!,
        (l: string[]) => l[1 % l.length]!,
      ];
      await Promise.all(first.map((c, k) => playSeat(c, seatOf(atTable(0)[k]!).game, picks[k]!)));
      // Between deals the table was told the next deal's commitment, marked as a duplicate deal.
      const commits = first[0]!.messages.flatMap((m) => (m.type === 'event' && m.info.commit ? [m.info.commit] : []));
      expect(commits.length).toBeGreaterThan(0);
      expect(commits.every((c) => c.duplicate === true && c.contributed.length === 0)).toBe(true);
      for (let i = 0; i < 100 && (await page()).rounds[0]!.tables[0]!.deals < DEALS; i++)
        await new Promise((r) => setTimeout(r, 100));

      // Table 1 is complete, table 2 is not: the public sees its progress, not its rows, nor any
      // standings from it; the file and its events hold no row and no seed; the director sees all.
      open = (await page(anyone)).rounds[0]!;
      expect(open.tables[0]).toMatchObject({ deals: DEALS, complete: true, protocol: [] });
      expect(open.sealed).toBe(true);
      expect((await page(anyone)).standings.every((r) => r.bigPoints === 0 && r.smallPoints === 0)).toBe(true);
      const publicFile = JSON.parse(await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      expect(publicFile.rounds[0].tables[0].protocol).toEqual([]);
      expect(publicFile.rounds[0].duplicate).toEqual({ commitment });
      const events = (await anyone.http('GET', `/api/tournaments/${id}/events`)).body.events as {
        kind: string;
        body: Record<string, unknown>;
      }[];
      const played = events.filter((e) => e.kind === 'played');
      expect(played.length).toBeGreaterThan(0);
      expect(played.every((e) => !('rows' in e.body))).toBe(true);
      expect(JSON.stringify(events)).not.toContain('"seed"');
      expect((await page()).rounds[0]!.tables[0]!.protocol).toHaveLength(DEALS);
      const csv = await (await fetch(`${server.url}/api/tournaments/${id}/standings.csv`)).text();
      expect(csv.split('\n')[1]).toMatch(/,0,0,0,0,0,0,0,/); // nothing counted yet for anyone

      const second = await Promise.all(atTable(1).map(tab));
      await Promise.all(second.map((c, k) => playSeat(c, seatOf(atTable(1)[k]!).game, picks[(k + 2) % 4]!)));
      let done: TournamentView | undefined;
      for (let i = 0; i < 100; i++) {
        done = await page(anyone);
        if (done.rounds[0]!.complete && done.rounds[0]!.duplicate?.seed) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const round = done!.rounds[0]!;
      expect(
        round.tables.map((t) => t.deals),
        server.log.join(''),
      ).toEqual([DEALS, DEALS]);
      // The round is over: its seed is revealed, it hashes to the commitment shown at the draw.
      const seed = round.duplicate!.seed!;
      expect(round.sealed).toBe(false);
      expect(createHash('sha256').update(seed).digest('hex')).toBe(commitment);

      // Each table's record (for its players): the same hands seat for seat at every deal, and each
      // deal's proof has no contributions and the deal seed of the round's seed.
      const records = await Promise.all(
        [0, 1].map(async (t) => (await atTable(t)[0]!.http('GET', `/api/games/${games[t]}/record`)).body),
      );
      expect(records.map((r) => r.deals.length)).toEqual([DEALS, DEALS]);
      const path = join(mkdtempSync(join(tmpdir(), 'baska-dup-')), 't.json');
      writeFileSync(path, await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      const dealt = execFileSync(process.execPath, [BASKA, 'tournament', 'deals', path, '--round', '1', '--json'], {
        encoding: 'utf8',
      })
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { dealer: number; seed: string; commitment: string; hands: string[] });
      for (let i = 0; i < DEALS; i++) {
        const [a, b] = records.map((r) => r.deals[i]);
        expect(handsOf(a)).toEqual(handsOf(b));
        expect(handsOf(a)).toEqual(handsOf(dealt[i]!));
        expect(a.dealer).toBe(dealt[i]!.dealer);
        expect(b.dealer).toBe(dealt[i]!.dealer);
        for (const d of [a, b])
          expect(d.fair).toEqual({
            commitment: dealt[i]!.commitment,
            seed: dealt[i]!.seed,
            contributions: [null, null, null, null],
            signature: expect.any(String), // each table's, signed under its own id (decision 013)
          });
      }
      // The same cards were played two ways: the rows differ.
      expect(round.tables[0]!.protocol).not.toEqual(round.tables[1]!.protocol);

      // The comparison, recomputed here from the rows (bok-round deals halved), equals the page's.
      const file = JSON.parse(await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text()) as {
        rounds: { tables: { players: string[]; protocol: number[][]; bokDeals?: number[] }[] }[];
      };
      const totals = file.rounds[0]!.tables.map((t) =>
        [0, 1, 2, 3].map((s) => t.protocol.reduce((a, row, i) => a + row[s]! / (t.bokDeals?.includes(i) ? 2 : 1), 0)),
      );
      const expected = new Map<string, number>();
      file.rounds[0]!.tables.forEach((t, k) =>
        t.players.forEach((p, s) => expected.set(p, totals[k]![s]! - totals[1 - k]![s]!)),
      );
      expect([...expected.values()].some((v) => v !== 0)).toBe(true);
      for (const row of done!.standings) expect(row.duplicate).toBeCloseTo(expected.get(row.player)!, 9);
      expect(round.tables.map((t) => t.duplicate)).toEqual(
        file.rounds[0]!.tables.map((t) => t.players.map((p) => expected.get(p))),
      );
      const cli = JSON.parse(
        execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
      );
      expect(done!.standings).toEqual(cli.standings.map(({ placesCount: _, ...row }: { placesCount: unknown }) => row));
      for (const c of [...first, ...second]) c.close();
    });

    it('seals a duplicate round from its director while he plays in it, and deals with the clocks he set', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Grający Sędzia')).c;
      const create = (clock: unknown) =>
        dir.http('POST', '/api/tournaments', {
          name: 'Sędzia przy stole',
          format: FORMAT,
          mode: 'online',
          players: Array.from({ length: 7 }, (_, i) => `Bot ${i + 1}`).join('\n'),
          clock,
        });
      // Clocks outside a table's bounds, or with a field no clock has: coded, nothing created.
      for (const clock of [{ secondsPerMove: 4 }, { pauseSeconds: 601 }, { secondsPerMove: 30, bonus: 5 }, 'fast'])
        expect((await create(clock)).body.error?.code).toBe('ERR_SCHEMA');
      expect((await dir.http('GET', '/api/tournaments')).body.tournaments).toEqual([]);
      const id = (await create({ secondsPerMove: 30, pauseSeconds: 0 })).body.tournament.id as string;
      const page = async (c: Client = dir): Promise<TournamentView> =>
        (await c.http('GET', `/api/tournaments/${id}`)).body.tournament;
      expect((await page(new Client(server.url))).clock).toEqual({ secondsPerMove: 30, pauseSeconds: 0 });
      expect((await dir.http('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
      expect((await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1, duplicate: true })).status).toBe(200);
      const started = await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1, bots: true });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const me = (await page()).players.find((p) => p.name === 'Grający Sędzia')!.id;
      const tables = (await page()).rounds[0]!.tables;
      const mine = tables.findIndex((t) => t.players.some((p) => p.id === me));
      const theirs = 1 - mine;
      // He sees his own table's game and not the other's, in the start's answer and on the page.
      for (const v of [started.body.tournament as TournamentView, await page()])
        expect(v.rounds[0]!.tables.map((t) => Boolean(t.game))).toEqual([mine === 0, mine === 1]);
      const game = (await page()).rounds[0]!.tables[mine]!.game!;

      // The bots' table plays its deals; he has not played yet.
      for (let i = 0; i < 300 && (await page()).rounds[0]!.tables[theirs]!.deals < DEALS; i++)
        await new Promise((r) => setTimeout(r, 100));
      const round = (await page()).rounds[0]!;
      expect(round.tables[theirs]).toMatchObject({ deals: DEALS, complete: true, protocol: [] });
      expect(round.sealed).toBe(true);
      const file = (await dir.http('GET', `/api/tournaments/${id}/file`)).body as {
        rounds: { tables: { protocol: unknown[] }[] }[];
      };
      expect(file.rounds[0]!.tables[theirs]!.protocol).toEqual([]);
      const events = (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events as {
        kind: string;
        body: Record<string, unknown>;
      }[];
      expect(events.filter((e) => e.kind === 'played').length).toBeGreaterThan(0);
      expect(events.every((e) => !('rows' in e.body))).toBe(true);

      // His table deals with his clocks; he plays it to its end, and then he sees everything.
      const c = new Client(server.url);
      c.cookie = dir.cookie;
      await c.connect();
      c.send({ type: 'join', table: game });
      const snapshot = await c.next((m) => m.type === 'snapshot', 20_000, 0);
      expect(snapshot.type === 'snapshot' && snapshot.table).toMatchObject({ secondsPerMove: 30, pauseSeconds: 0 });
      await playSeat(c, game, (l) => l[0]!);
      c.close();
      let done: TournamentView | undefined;
      for (let i = 0; i < 100; i++) {
        done = await page();
        if (!done.rounds[0]!.sealed) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(done!.rounds[0]!.tables.map((t) => t.protocol.length)).toEqual([DEALS, DEALS]);
      expect(done!.rounds[0]!.tables.every((t) => t.game)).toBe(true);
    });

    it('refuses a duplicate round in a hall, with a table of five, and changes nothing; a season counts only finished tournaments', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Sezonu')).c;
      const names = Array.from({ length: 9 }, (_, i) => `Gracz ${i + 1}`);
      const make = async (body: Record<string, unknown>) =>
        (await dir.http('POST', '/api/tournaments', { format: FORMAT, ...body })).body.tournament.id as string;
      const hall = await make({ name: 'Sala', mode: 'hall', players: names.slice(0, 8).join('\n') });
      const nine = await make({ name: 'Dziewięciu', mode: 'online', players: names.join('\n') });
      const version = async (id: string) => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.version;
      for (const id of [hall, nine]) {
        const v = await version(id);
        const r = await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1, duplicate: true });
        expect(r.body.error.code).toBe('ERR_DUPLICATE');
        expect(await version(id)).toBe(v);
        expect((await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.rounds).toEqual([]);
      }

      // A season over a finished hall tournament and one in progress: only the finished one counts.
      const finished = async (name: string, rows: number) => {
        const id = await make({ name, mode: 'hall', players: names.slice(0, 8).join('\n') });
        await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
        await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 });
        let n = 0;
        for (const table of [1, 2])
          for (let d = 0; d < rows; d++) {
            const row = [3, -1, -1, -1].map((x, s) => (s === (d + table) % 4 ? 3 : -1));
            const r = await dir.http('POST', `/api/tournaments/${id}/rows`, {
              round: 1,
              table,
              row,
              id: `row-${name.length}-${process.pid}-${n++}`,
            });
            expect(r.status, JSON.stringify(r.body)).toBe(200);
          }
        return id;
      };
      const one = await finished('Pierwszy', DEALS);
      const two = await finished('Drugi w toku', 2);
      const director = (await dir.http('GET', `/api/tournaments/${one}`)).body.tournament.director.id as number;
      const season = (await dir.http('GET', `/api/tournaments/season?director=${director}`)).body;
      const byId = new Map(season.tournaments.map((t: { id: string; finished: boolean }) => [t.id, t.finished]));
      expect([byId.get(one), byId.get(two), byId.get(hall)]).toEqual([true, false, false]);
      const at = season.tournaments.findIndex((t: { id: string }) => t.id === two);
      expect(season.standings).toHaveLength(8);
      for (const row of season.standings) {
        expect(row.results[at]).toBeNull();
        expect(row.played).toBe(1);
      }
    });
  });
}
