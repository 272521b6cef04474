// Players between rounds on the server, as a real process on SQLite and (with BASKA_TEST_PG_URL)
// PostgreSQL: the director withdraws a player and adds a late entry after round 1 has started; the
// round being played keeps its seats, round 2 seats exactly its players, a drawn round not yet
// started is drawn again after such a change, every change is an event with who and when, and the
// page ranks as `baska tournament standings` on the exported file. Online, a late entry joins with
// his account and a typed one is held to the start's check. Every refusal is a coded error that
// changes nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TournamentView } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, registered, start, stopAll } from './harness.js';

afterAll(stopAll);

const BASKA = fileURLToPath(new URL('../../cli/bin/baska.js', import.meta.url));
const NAMES = ['Anna Kowalska', 'Jan Kaszuba', 'Ewa Nowak', 'Piotr Wiśniewski', 'Ola Bury', 'Kazimierz Stolc'];
const MORE = ['Marta Lis', 'Józef Kreft', 'Zofia Hinz'];

let entries = 0;
const entryId = () => `between-${process.pid}-${entries++}`;

/** A row of small points summing to zero for a table of `size` at deal `deal` (the dealer sits out at five). */
function rowFor(size: number, deal: number, k: number): (number | null)[] {
  const out = size === 5 ? deal % 5 : -1;
  const seats = [...Array(size).keys()].filter((s) => s !== out);
  return Array.from({ length: size }, (_, s) => (s === out ? null : s === seats[k % seats.length] ? 9 : -3));
}

/** The standings of the exported file, by the command. */
async function cliStandings(url: string, id: string) {
  const path = join(mkdtempSync(join(tmpdir(), 'baska-between-')), 't.json');
  writeFileSync(path, await (await fetch(`${url}/api/tournaments/${id}/file`)).text());
  return JSON.parse(
    execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
  ).standings.map(({ placesCount: _, ...row }: { placesCount: unknown }) => row);
}

const seatedIn = (t: TournamentView, round: number) =>
  t.rounds[round - 1]!.tables.flatMap((x) => x.players.map((p) => p.name)).sort();

for (const database of DATABASES) {
  describe(`players between rounds on ${database.name}`, () => {
    it('a hall tournament of 9: a withdrawal and a late entry while round 1 is played, round 2 seats exactly its 9; the page ranks as the command', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Między')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej z dojazdami',
        format: { format: 'znin', rounds: 3, deals: { 4: 2, 5: 5 } },
        mode: 'hall',
        players: [...NAMES, ...MORE].join('\n'),
      });
      const id = created.body.tournament.id as string;
      const act = async (path: string, body: unknown) => {
        const r = await dir.http('POST', `/api/tournaments/${id}/${path}`, body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.tournament as TournamentView;
      };
      const play = async (round: number, view: TournamentView, upTo = Infinity) => {
        for (const t of view.rounds[round - 1]!.tables)
          for (let d = t.deals; d < Math.min(t.of, upTo); d++)
            view = await act('rows', {
              round,
              table: t.table,
              row: rowFor(t.players.length, d, d + t.table),
              id: entryId(),
            });
        return view;
      };
      await act('draw', { round: 1 });
      let view = await act('start', { round: 1 });
      view = await play(1, view, 1); // one deal at each table: round 1 is being played
      const ola = view.players.find((p) => p.name === 'Ola Bury')!;
      const olaTable = view.rounds[0]!.tables.find((t) => t.players.some((p) => p.id === ola.id))!;

      // Ola goes home: she keeps round 1, which she is still playing; a latecomer comes for round 2.
      view = await act('withdraw', { player: ola.id });
      expect(view.players.find((p) => p.id === ola.id)).toMatchObject({ name: 'Ola Bury', until: 1 });
      expect(view.rounds[0]!.tables[olaTable.table - 1]!.players.map((p) => p.id)).toContain(ola.id);
      view = await act('players', { players: 'Spóźniony Kazik' });
      const kazik = view.players.find((p) => p.name === 'Spóźniony Kazik')!;
      expect(kazik.from).toBe(2);
      expect(seatedIn(view, 1)).not.toContain('Spóźniony Kazik');
      // Round 1 goes on with her at her table.
      view = await play(1, view);
      expect(view.rounds[0]!.complete).toBe(true);

      // Round 2: nine again, Kazik in, Ola out (a table of five and one of four).
      view = await act('draw', { round: 2 });
      expect(seatedIn(view, 2)).toEqual([...NAMES.filter((n) => n !== 'Ola Bury'), ...MORE, 'Spóźniony Kazik'].sort());
      expect(view.rounds[1]!.tables.map((t) => t.players.length)).toEqual([4, 5]);

      // A withdrawal while round 2 is drawn but not started: its draw goes, to be drawn again for 8.
      const zofia = view.players.find((p) => p.name === 'Zofia Hinz')!;
      view = await act('withdraw', { player: zofia.id });
      expect(view.rounds).toHaveLength(1);
      expect(view.drawable).toBe(2);
      expect(view.players.find((p) => p.id === zofia.id)!.until).toBe(1);
      view = await act('draw', { round: 2 });
      expect(view.rounds[1]!.tables.map((t) => t.players.length)).toEqual([4, 4]);
      expect(seatedIn(view, 2)).not.toContain('Zofia Hinz');
      view = await act('start', { round: 2 });
      view = await play(2, view);

      // The log says who did what, and when, in the order it happened.
      const events = (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events as {
        kind: string;
        by: string;
        at: string;
        body: Record<string, unknown>;
      }[];
      const between = events.filter((e) => e.kind === 'player-withdrawn' || e.kind === 'players-added');
      expect(between.map((e) => [e.kind, e.by, e.body])).toEqual([
        ['player-withdrawn', 'Sędzia Między', { player: { id: ola.id, name: 'Ola Bury' }, until: 1 }],
        ['players-added', 'Sędzia Między', { players: [{ id: kazik.id, name: 'Spóźniony Kazik' }], from: 2 }],
        ['player-withdrawn', 'Sędzia Między', { player: { id: zofia.id, name: 'Zofia Hinz' }, until: 1, undrawn: 2 }],
      ]);
      for (const e of between) expect(Date.parse(e.at)).toBeGreaterThan(0);

      // The standings keep their rounds and mark them; the page equals the command on the exported file.
      const rows = view.standings;
      expect(rows).toHaveLength(10);
      expect(rows.find((r) => r.player === ola.id)).toMatchObject({ until: 1 });
      expect(rows.find((r) => r.player === kazik.id)).toMatchObject({ from: 2 });
      expect(rows.find((r) => r.player === ola.id)!.bigPoints).toBeGreaterThan(0);
      expect(rows).toEqual(await cliStandings(server.url, id));
      const csv = await (await fetch(`${server.url}/api/tournaments/${id}/standings.csv`)).text();
      expect(csv.split('\n')[0]).toMatch(/,tournamentPoints,from,until$/);
      // An imported copy of the file is the same tournament.
      const fileText = await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text();
      const imported = await dir.http('POST', '/api/tournaments/import', { file: fileText });
      expect(imported.body.tournament.standings).toEqual(rows);
    });

    it('refuses what is not the director’s or not possible with a code, and changes nothing', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia')).c;
      const player = (await registered(server.url, 'Gracz')).c;
      const guest = new Client(server.url);
      await guest.guest('Gość');
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej',
        format: { format: 'znin', rounds: 2, deals: { 4: 1, 5: 5 } },
        players: [...NAMES, ...MORE].join('\n'),
      });
      const id = created.body.tournament.id as string;
      await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
      await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 });
      expect((await dir.http('POST', `/api/tournaments/${id}/withdraw`, { player: 'p2' })).status).toBe(200);
      const get = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament as TournamentView;
      const events = async () => (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events.length;
      const before = await get();
      const logged = await events();
      const code = async (c: Client, path: string, body: unknown) =>
        (await c.http('POST', `/api/tournaments/${id}/${path}`, body)).body.error?.code;

      expect(await code(player, 'withdraw', { player: 'p1' })).toBe('ERR_NOT_DIRECTOR');
      expect(await code(player, 'players', { players: 'Obcy' })).toBe('ERR_NOT_DIRECTOR');
      expect(await code(guest, 'withdraw', { player: 'p1' })).toBe('ERR_AUTH');
      expect(await code(dir, 'withdraw', { player: 'p2' })).toBe('ERR_PLAYERS'); // withdrawn already
      expect(await code(dir, 'withdraw', { player: 'p99' })).toBe('ERR_PLAYERS'); // nobody
      expect(await code(dir, 'withdraw', { player: 'x'.repeat(65) })).toBe('ERR_SCHEMA');
      expect(await code(dir, 'withdraw', { player: 1 })).toBe('ERR_SCHEMA');
      expect(await code(dir, 'withdraw', { player: 'p1', until: 0 })).toBe('ERR_SCHEMA'); // no such field
      expect(await code(dir, 'players', { players: '' })).toBe('ERR_SCHEMA');
      expect(await code(dir, 'players', { players: ' \n \n' })).toBe('ERR_PLAYERS'); // no name
      expect(await code(dir, 'players', { players: 'Ż'.repeat(101) })).toBe('ERR_PLAYERS'); // too long
      expect(await code(dir, 'players', { players: 'name;club\n;Żnin' })).toBe('ERR_PLAYERS'); // a row without a name
      expect(await code(dir, 'players', { players: 'Ktoś', from: 1 })).toBe('ERR_SCHEMA'); // the server says when
      // A player joins online tournaments only.
      expect(await code(player, 'join', undefined)).toBe('ERR_ROUND');
      expect(await get()).toEqual(before);
      expect(await events()).toBe(logged);

      // Once the last round has started there is no round left to enter or leave.
      const rows = before.rounds[0]!.tables;
      for (const t of rows)
        await dir.http('POST', `/api/tournaments/${id}/rows`, {
          round: 1,
          table: t.table,
          row: rowFor(t.players.length, 0, 0),
          id: entryId(),
        });
      // Round 1's table of five (5 deals) is still being played: round 2 may be drawn, not started.
      expect((await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 2 })).body.tournament.rounds).toHaveLength(
        2,
      );
      const full = await get();
      expect(full.rounds[0]!.complete).toBe(false);
      expect(await code(dir, 'start', { round: 2 })).toBe('ERR_ROUND'); // round 1 not finished
      const stillPlayed = await get();
      for (const t of stillPlayed.rounds[0]!.tables)
        for (let d = t.deals; d < t.of; d++)
          await dir.http('POST', `/api/tournaments/${id}/rows`, {
            round: 1,
            table: t.table,
            row: rowFor(t.players.length, d, d),
            id: entryId(),
          });
      expect((await dir.http('POST', `/api/tournaments/${id}/start`, { round: 2 })).status).toBe(200);
      const last = await get();
      const loggedLast = await events();
      expect(await code(dir, 'withdraw', { player: 'p1' })).toBe('ERR_ROUND');
      expect(await code(dir, 'players', { players: 'Za późno' })).toBe('ERR_ROUND');
      expect(await get()).toEqual(last);
      expect(await events()).toBe(loggedLast);
    });
  });

  describe(`online players between rounds on ${database.name}`, () => {
    it('a late entry joins with his account and is seated from round 2; a typed one is held to the start’s check; a drawn round is not undone by a player', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0' });
      const dir = (await registered(server.url, 'Sędzia Sieci')).c;
      const typed = ['Bot Ala', 'Bot Olek', 'Bot Ela', 'Bot Kuba', 'Bot Zosia', 'Bot Józek', 'Bot Hela', 'Bot Staś'];
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Sieć z dojazdami',
        format: { format: 'znin', rounds: 2, deals: { 4: 1, 5: 5 } },
        mode: 'online',
        players: typed.join('\n'),
      });
      const id = created.body.tournament.id as string;
      const get = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament as TournamentView;
      const act = async (path: string, body: unknown) => {
        const r = await dir.http('POST', `/api/tournaments/${id}/${path}`, body);
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body.tournament as TournamentView;
      };
      const complete = async (round: number) => {
        for (let i = 0; i < 200; i++) {
          const v = await get();
          if (v.rounds[round - 1]!.complete) return v;
          await new Promise((r) => setTimeout(r, 100));
        }
        throw new Error(`round ${round} did not finish:\n${server.log.join('')}`);
      };
      await act('draw', { round: 1 });
      await act('start', { round: 1, bots: true });
      // While round 1 is played by bots, a person joins: he plays from round 2.
      const kaszub = new Client(server.url);
      await kaszub.guest('Kaszub');
      const joined = await kaszub.http('POST', `/api/tournaments/${id}/join`);
      expect(joined.status, JSON.stringify(joined.body)).toBe(200);
      const me = (joined.body.tournament as TournamentView).players.find((p) => p.name === 'Kaszub')!;
      expect(me).toMatchObject({ joined: true, from: 2 });
      await complete(1);

      // Bot Staś goes home; a latecomer the director types in has no account.
      const stas = (await get()).players.find((p) => p.name === 'Bot Staś')!;
      await act('withdraw', { player: stas.id });
      let view = await act('players', { players: 'Spóźniona Ola' });
      expect(view.players.find((p) => p.name === 'Spóźniona Ola')).toMatchObject({ joined: false, from: 2 });
      view = await act('draw', { round: 2 });
      expect(seatedIn(view, 2)).toEqual([...typed.filter((n) => n !== 'Bot Staś'), 'Kaszub', 'Spóźniona Ola'].sort());
      // Round 2 is drawn: another person's entry would undo the director's draw.
      const late = new Client(server.url);
      await late.guest('Za Późno');
      expect((await late.http('POST', `/api/tournaments/${id}/join`)).body.error.code).toBe('ERR_ROUND');
      // The start's check: the typed late entry has no account, so round 2 starts only with bots allowed;
      // Bot Staś, withdrawn, is not asked for.
      const refused = await dir.http('POST', `/api/tournaments/${id}/start`, { round: 2 });
      expect(refused.body.error.code).toBe('ERR_ABSENT');
      expect(refused.body.error.message).toContain('Spóźniona Ola');
      expect(refused.body.error.message).not.toContain('Bot Staś');
      expect((await get()).rounds[1]!.started).toBe(false);
      view = await act('start', { round: 2, bots: true });
      const mine = view.rounds[1]!.tables.find((t) => t.players.some((p) => p.id === me.id))!;
      const tab = new Client(server.url);
      tab.cookie = kaszub.cookie;
      await tab.connect();
      tab.send({ type: 'join', table: mine.game! });
      await autoplay(tab, mine.game!, (m) => m.type === 'event' && m.event.type === 'finished');
      tab.close();
      view = await complete(2);
      expect(view.standings).toHaveLength(10);
      expect(view.standings.find((r) => r.player === me.id)).toMatchObject({ from: 2 });
      expect(view.standings.find((r) => r.player === stas.id)).toMatchObject({ until: 1 });
      expect(view.standings).toEqual(await cliStandings(server.url, id));
    });
  });
}
