// Tournaments on the server, as a real process on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL:
// a hall tournament of 9 run by its director over HTTP (players, draw, reseat, start, rows, a
// correction kept in the event log), its exported file ranked by `baska tournament standings`, and
// the refusals: every hostile field and every action by someone who is not the director is a coded
// error that changes nothing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TableInfo, TournamentView } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, hallPhone, start, stopAll, registered } from './harness.js';

afterAll(stopAll);

const BASKA = fileURLToPath(new URL('../../cli/bin/baska.js', import.meta.url));
const NAMES = [
  'Anna Kowalska',
  'Jan Kaszuba',
  'Ewa Nowak',
  'Piotr Wiśniewski',
  'Ola Bury',
  'Kazimierz Stolc',
  'Marta Lis',
  'Józef Kreft',
  'Zofia Hinz',
];
/** Few deals, so that rounds are short: a format of one's own over znin. */
const FORMAT = { format: 'znin', rounds: 2, deals: { 4: 4, 5: 5 } };

/** A row of small points summing to zero for a table of `size` at deal `deal` (the dealer sits out at five). */
function rowFor(size: number, deal: number, k: number): (number | null)[] {
  const out = size === 5 ? deal % 5 : -1;
  const seats = [...Array(size).keys()].filter((s) => s !== out);
  const row: (number | null)[] = Array.from({ length: size }, () => null);
  const win = seats[k % seats.length]!;
  for (const s of seats) row[s] = s === win ? 3 * (seats.length - 1) : -3;
  return row;
}

let entries = 0;
const entryId = () => `entry-${process.pid}-${entries++}`;

for (const database of DATABASES) {
  describe(`tournaments on ${database.name}`, () => {
    it('a director runs a hall tournament of 9; the page ranks as `baska tournament standings` on the exported file', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Główny')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej o Puchar Żnina',
        format: FORMAT,
        rules: 'znin',
        mode: 'hall',
        players: NAMES.slice(0, 7).join('\n'),
      });
      expect(created.status).toBe(200);
      const id = created.body.tournament.id as string;
      // A late entry pasted as CSV, and a withdrawal, before the first round is drawn.
      let r = await dir.http('POST', `/api/tournaments/${id}/players`, {
        players: `name;club\n${NAMES[7]};Żnin\n${NAMES[8]};Gdańsk\nNikt Taki;—\n`,
      });
      expect(r.status).toBe(200);
      expect(r.body.tournament.players).toHaveLength(10);
      r = await dir.http('POST', `/api/tournaments/${id}/withdraw`, { player: 'p10' });
      expect(r.body.tournament.players.map((p: { name: string }) => p.name)).toEqual(NAMES);

      r = await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
      expect(r.status).toBe(200);
      const tables = r.body.tournament.rounds[0].tables as { players: { id: string }[] }[];
      expect(tables.map((t) => t.players.length)).toEqual([4, 5]);
      // Reseat by hand: two players of different tables swap.
      const [a, b] = [tables[0]!.players[0]!.id, tables[1]!.players[0]!.id];
      r = await dir.http('POST', `/api/tournaments/${id}/reseat`, { round: 1, a, b });
      expect(r.body.tournament.rounds[0].tables[0].players[0].id).toBe(b);
      expect((await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 })).status).toBe(200);
      // Once started, the round is neither drawn again nor reseated.
      expect((await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 })).body.error.code).toBe('ERR_ROUND');
      expect((await dir.http('POST', `/api/tournaments/${id}/reseat`, { round: 1, a, b })).body.error.code).toBe(
        'ERR_ROUND',
      );

      const play = async (round: number) => {
        for (const [t, size] of [
          [1, 4],
          [2, 5],
        ] as const)
          for (let d = 0; d < (size === 4 ? 4 : 5); d++) {
            const row = rowFor(size, d, d + round + t);
            const entry = entryId();
            const sent = await dir.http('POST', `/api/tournaments/${id}/rows`, { round, table: t, row, id: entry });
            expect(sent.status, JSON.stringify(sent.body)).toBe(200);
            // The same entry again (an answer lost on the way): written once.
            const again = await dir.http('POST', `/api/tournaments/${id}/rows`, { round, table: t, row, id: entry });
            expect(again.body.tournament.rounds[round - 1].tables[t - 1].deals).toBe(d + 1);
          }
      };
      await play(1);
      r = await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 2 });
      expect(r.status).toBe(200);
      expect((await dir.http('POST', `/api/tournaments/${id}/start`, { round: 2 })).status).toBe(200);
      await play(2);

      // A correction by the director: the row changes, the event log keeps the old one and who made it.
      const before = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const was = before.rounds[1].tables[0].protocol[2];
      r = await dir.http('POST', `/api/tournaments/${id}/corrections`, {
        round: 2,
        table: 1,
        deal: 2,
        row: [-30, 10, 10, 10],
        reason: 'zły zapis kontry',
      });
      expect(r.status).toBe(200);
      expect(r.body.tournament.rounds[1].tables[0].protocol[2]).toEqual([-30, 10, 10, 10]);
      const events = (await dir.http('GET', `/api/tournaments/${id}/events`)).body.events;
      const correction = events.find((e: { kind: string }) => e.kind === 'corrected');
      expect(correction).toMatchObject({ by: 'Sędzia Główny', body: { was, row: [-30, 10, 10, 10] } });
      expect(events.map((e: { seq: number }) => e.seq)).toEqual(events.map((_: unknown, i: number) => i + 1));

      // The page's standings equal the command's on the exported file.
      const page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const fileText = await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text();
      const path = join(mkdtempSync(join(tmpdir(), 'baska-t-')), 't.json');
      writeFileSync(path, fileText);
      const cli = JSON.parse(
        execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
      );
      expect(page.standings).toEqual(cli.standings.map(({ placesCount: _, ...row }: { placesCount: unknown }) => row));
      expect(page.rounds.every((x: { complete: boolean }) => x.complete)).toBe(true);

      // CSV, protocols to print, and the season over the director's tournaments.
      const csvAnswer = await fetch(`${server.url}/api/tournaments/${id}/standings.csv`);
      // Saved under the tournament's name in plain letters ("Żnina" was saved as "Z-nina").
      expect(csvAnswer.headers.get('content-disposition')).toBe('attachment; filename="Turniej-o-Puchar-Znina.csv"');
      const csv = await csvAnswer.text();
      expect(csv.split('\n')[0]).toContain('place,player,name');
      const html = await fetch(`${server.url}/api/tournaments/${id}/protocols?round=2`);
      expect(await html.text()).toContain('Stolik');
      const seasonAnswer = (await dir.http('GET', `/api/tournaments/season?director=${page.director.id}`)).body;
      expect(seasonAnswer.standings).toHaveLength(9);

      // An imported file becomes a tournament with the same standings.
      const imported = await dir.http('POST', '/api/tournaments/import', { file: fileText });
      expect(imported.body.tournament.standings).toEqual(page.standings);
    });

    it('a director’s next tournament gives a name typed again its id from the last one, so the season adds up the same person', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Cyklu')).c;
      const make = async (players: string) =>
        (await dir.http('POST', '/api/tournaments', { name: 'Cykl', format: FORMAT, mode: 'hall', players })).body
          .tournament as TournamentView;
      const may = await make('Anna Kowalska\nBeata Nowak\nCezary Lis\nDorota Hinz');
      const june = await make('Dorota Hinz\nCezary Lis\nBeata Nowak\nAnna Kowalska\nEdmund Kreft');
      const ids = (t: TournamentView) => new Map(t.players.map((p) => [p.name, p.id]));
      for (const [name, id] of ids(may)) expect(ids(june).get(name), name).toBe(id);
      expect([...ids(may).values()]).not.toContain(ids(june).get('Edmund Kreft'));
      // A late entry: a name of May takes its id, a name already in June is another person.
      const added = await dir.http('POST', `/api/tournaments/${june.id}/players`, { players: 'Anna Kowalska' });
      const annas = (added.body.tournament as TournamentView).players.filter((p) => p.name === 'Anna Kowalska');
      expect(new Set(annas.map((p) => p.id)).size).toBe(2);
      const other = await make('Zofia Hinz');
      const late = await dir.http('POST', `/api/tournaments/${other.id}/players`, { players: 'Cezary Lis' });
      expect((late.body.tournament as TournamentView).players.find((p) => p.name === 'Cezary Lis')!.id).toBe(
        ids(may).get('Cezary Lis'),
      );
    });

    it('refuses hostile input and other people’s director actions with codes, and changes nothing', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia')).c;
      const player = (await registered(server.url, 'Gracz')).c;
      const guest = new Client(server.url);
      await guest.guest('Gość');
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej',
        format: FORMAT,
        players: NAMES.slice(0, 8).join('\n'),
      });
      const id = created.body.tournament.id as string;
      await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
      await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 });
      const version = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.version;
      const v0 = await version();
      const code = async (c: Client, path: string, body: unknown) => {
        const r = await c.http('POST', `/api/tournaments/${id}/${path}`, body);
        return r.body.error?.code;
      };
      const row = { round: 1, table: 1, row: [5, 5, -5, -5], id: entryId() };
      expect(await code(player, 'rows', row)).toBe('ERR_NOT_DIRECTOR');
      expect(await code(guest, 'rows', row)).toBe('ERR_AUTH');
      expect(await code(player, 'draw', { round: 2 })).toBe('ERR_NOT_DIRECTOR');
      expect(await code(player, 'corrections', { round: 1, table: 1, deal: 0, row: [0, 0, 0, 0] })).toBe(
        'ERR_NOT_DIRECTOR',
      );
      expect(await code(dir, 'rows', { ...row, row: [5, 5, -5, -4] })).toBe('ERR_PROTOCOL'); // sums to 1
      expect(await code(dir, 'rows', { ...row, row: [5, -5, 0] })).toBe('ERR_SCHEMA'); // three seats
      expect(await code(dir, 'rows', { ...row, row: [1.5, -1.5, 0, 0] })).toBe('ERR_SCHEMA');
      expect(await code(dir, 'rows', { ...row, table: 3 })).toBe('ERR_ROUND'); // no such table
      expect(await code(dir, 'rows', { ...row, round: 2 })).toBe('ERR_ROUND'); // not started
      expect(await code(dir, 'rows', { ...row, id: 'x' })).toBe('ERR_SCHEMA');
      expect(await code(dir, 'rows', { ...row, extra: 1 })).toBe('ERR_SCHEMA');
      expect(await code(dir, 'corrections', { round: 1, table: 1, deal: 0, row: [0, 0, 0, 0] })).toBe('ERR_PROTOCOL');
      // A late entry is welcome after the draw (tournaments-between.test.ts), but not with a name this long.
      expect(await code(dir, 'players', { players: 'Spóźniony'.repeat(12) })).toBe('ERR_PLAYERS');
      expect(await code(dir, 'start', { round: 3 })).toBe('ERR_ROUND');
      expect(await code(dir, 'reseat', { round: 1, a: 'p1', b: 'p2' })).toBe('ERR_ROUND');
      expect(await code(dir, 'draw', { round: 'one' })).toBe('ERR_SCHEMA');
      expect(await version()).toBe(v0);

      const bad = async (body: unknown) => (await dir.http('POST', '/api/tournaments', body)).body.error?.code;
      expect(await bad({ name: 'T', format: 'nowy' })).toBe('ERR_FORMAT');
      expect(await bad({ name: 'T', format: { format: 'znin', rounds: 0 } })).toBe('ERR_FORMAT');
      expect(await bad({ name: 'T', rules: 'brydż' })).toBe('ERR_RULES');
      expect(await bad({ name: 'T', players: 'id;club\n1;x' })).toBe('ERR_PLAYERS');
      expect(await bad({ name: '', mode: 'hall' })).toBe('ERR_SCHEMA');
      expect(await bad({ name: 'T', mode: 'moon' })).toBe('ERR_SCHEMA');
      expect((await guest.http('POST', '/api/tournaments', { name: 'T' })).body.error.code).toBe('ERR_AUTH');
      const imp = async (file: string) =>
        (await dir.http('POST', '/api/tournaments/import', { file })).body.error?.code;
      expect(await imp('{not json')).toBe('ERR_JSON');
      expect(await imp('{"format": "znin"}')).toBe('ERR_SCHEMA');
      expect((await dir.http('GET', '/api/tournaments/nope!')).body.error.code).toBe('ERR_NOT_FOUND');
      expect((await dir.http('GET', '/api/tournaments/AAAAAAAAAAAA')).body.error.code).toBe('ERR_NOT_FOUND');
      expect((await dir.http('GET', '/api/tournaments')).body.tournaments).toHaveLength(1);
    });
  });
}

for (const database of DATABASES) {
  describe(`online tournaments on ${database.name}`, () => {
    it('an online tournament of 8: people who joined and bots for typed names play 2 rounds; deals go into the protocol as played', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Online')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej w sieci',
        format: { format: 'znin', rounds: 2, deals: { 4: 2, 5: 2 } },
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
      expect((await people[0]!.http('POST', `/api/tournaments/${id}/join`)).body.error.code).toBe('ERR_PLAYERS');
      for (const round of [1, 2]) {
        expect((await dir.http('POST', `/api/tournaments/${id}/draw`, { round })).status).toBe(200);
        // Typed names have no account: the round starts only with bots allowed for them.
        const refused = await dir.http('POST', `/api/tournaments/${id}/start`, { round });
        expect(refused.body.error.code).toBe('ERR_ABSENT');
        expect((await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.rounds[round - 1].started).toBe(false);
        // The page tells the director who has no account (a typed name) before he starts.
        const listed = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.players as {
          name: string;
          joined: boolean;
        }[];
        expect(listed.filter((p) => !p.joined).map((p) => p.name)).toEqual([
          'Bot Ala',
          'Bot Olek',
          'Bot Ela',
          'Bot Kuba',
        ]);
        const started = await dir.http('POST', `/api/tournaments/${id}/start`, { round, bots: true });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        const tables = started.body.tournament.rounds[round - 1].tables as {
          game: string;
          players: { id: string }[];
        }[];
        expect(tables.every((t) => /^[\w-]{6,}$/.test(t.game))).toBe(true);
        // The lobby's notice tells each person his table.
        for (const [k, c] of people.entries()) {
          const notice = (await c.http('GET', '/api/me/tournaments')).body.tournaments;
          const pid = started.body.tournament.players[4 + k].id;
          const seat = tables.find((t) => t.players.some((p) => p.id === pid))!;
          expect(notice).toEqual([
            { id, name: 'Turniej w sieci', round, table: tables.indexOf(seat) + 1, game: seat.game },
          ]);
        }
        await Promise.all(
          people.map(async (c, k) => {
            const mine = tables.find((t) => t.players.some((p) => p.id === started.body.tournament.players[4 + k].id))!;
            // A connection for this round's table (as a browser tab opened from the tournament page).
            const tab = new Client(server.url);
            tab.cookie = c.cookie;
            await tab.connect();
            tab.send({ type: 'join', table: mine.game });
            await autoplay(tab, mine.game, (m) => m.type === 'event' && m.event.type === 'finished');
            tab.close();
          }),
        );
        // Each table's protocol fills as its deals are scored (written after the game's own log).
        let page;
        for (let i = 0; i < 100; i++) {
          page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
          if (page.rounds[round - 1].complete) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(
          page.rounds[round - 1].tables.map((t: { deals: number }) => t.deals),
          server.log.join(''),
        ).toEqual([2, 2]);
        // Each row is the game's own score sheet.
        for (const t of page.rounds[round - 1].tables) {
          const info = (await dir.http('GET', `/api/tables/${t.game}`)).body.table;
          expect(t.protocol).toEqual(info.sheet.map((r: { scores: number[] }) => r.scores));
          // A bot plays a typed name's seat under that name (it was "Bot Józef", whom no list names).
          const joined = new Set(
            page.players.filter((p: { joined: boolean }) => p.joined).map((p: { id: string }) => p.id),
          );
          expect(info.seats.map((s: { name: string }) => s.name)).toEqual(
            t.players.map((p: { id: string; name: string }) => (joined.has(p.id) ? p.name : `${p.name} (basic)`)),
          );
        }
      }
      const page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const path = join(mkdtempSync(join(tmpdir(), 'baska-t-')), 't.json');
      writeFileSync(path, await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      const cli = JSON.parse(
        execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
      );
      expect(page.standings).toEqual(cli.standings.map(({ placesCount: _, ...row }: { placesCount: unknown }) => row));
    });

    it('an online tournament of 9: a table of five and one of four play 2 rounds; the five’s rows have null for the one out', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0' });
      const dir = (await registered(server.url, 'Sędzia Piątki')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Dziewięciu w sieci',
        format: { format: 'znin', rounds: 2, deals: { 4: 2, 5: 5 } },
        mode: 'online',
        players: NAMES.slice(0, 5).join('\n'),
      });
      const id = created.body.tournament.id as string;
      const people: Client[] = [];
      for (const name of ['Kaszub', 'Kociewiak', 'Gburka', 'Zaboracz']) {
        const c = new Client(server.url);
        await c.guest(name);
        expect((await c.http('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
        people.push(c);
      }
      const pids = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.players.map(
        (p: { id: string }) => p.id,
      ) as string[];
      expect(pids).toHaveLength(9);
      for (const round of [1, 2]) {
        expect((await dir.http('POST', `/api/tournaments/${id}/draw`, { round })).status).toBe(200);
        const started = await dir.http('POST', `/api/tournaments/${id}/start`, { round, bots: true });
        expect(started.status, JSON.stringify(started.body)).toBe(200);
        const tables = started.body.tournament.rounds[round - 1].tables as {
          game: string;
          players: { id: string }[];
        }[];
        expect(tables.map((t) => t.players.length).sort()).toEqual([4, 5]);
        // Each game seats the table's players in the drawn order; at five, deal 0 is dealt by seat 0 (spec/tournament.md).
        for (const t of tables) {
          // The first deal may not be dealt yet on a busy machine: wait until someone sits out or a deal is scored.
          let info = (await dir.http('GET', `/api/tables/${t.game}`)).body.table as TableInfo;
          for (let i = 0; i < 100 && t.players.length === 5 && !info.sheet.length && info.sitsOut === null; i++) {
            await new Promise((r) => setTimeout(r, 100));
            info = (await dir.http('GET', `/api/tables/${t.game}`)).body.table as TableInfo;
          }
          expect(info.seats).toHaveLength(t.players.length);
          if (t.players.length === 5) expect(info.sheet[0]?.dealer ?? info.sitsOut).toBe(0);
        }
        await Promise.all(
          people.map(async (c, k) => {
            const mine = tables.find((t) => t.players.some((p) => p.id === pids[5 + k]))!;
            const tab = new Client(server.url);
            tab.cookie = c.cookie;
            await tab.connect();
            tab.send({ type: 'join', table: mine.game });
            await autoplay(tab, mine.game, (m) => m.type === 'event' && m.event.type === 'finished');
            tab.close();
          }),
        );
        let page;
        for (let i = 0; i < 100; i++) {
          page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
          if (page.rounds[round - 1].complete) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const played = page.rounds[round - 1].tables as {
          game: string;
          players: unknown[];
          deals: number;
          protocol: (number | null)[][];
        }[];
        expect(
          played.map((t) => [t.players.length, t.deals]),
          server.log.join(''),
        ).toEqual(tables.map((t) => [t.players.length, t.players.length === 5 ? 5 : 2]));
        for (const t of played) {
          // Each row is the game's own score sheet: at five, null for the seat i mod 5 that dealt deal i and sat out.
          const info = (await dir.http('GET', `/api/tables/${t.game}`)).body.table as TableInfo;
          expect(t.protocol).toEqual(info.sheet.map((r) => r.scores));
          if (t.players.length === 5)
            t.protocol.forEach((row, i) => {
              expect(row.map((v, s) => (v === null ? s : -1)).filter((s) => s >= 0)).toEqual([i % 5]);
            });
        }
      }
      const page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      const path = join(mkdtempSync(join(tmpdir(), 'baska-t-')), 't.json');
      writeFileSync(path, await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      const cli = JSON.parse(
        execFileSync(process.execPath, [BASKA, 'tournament', 'standings', path, '--json'], { encoding: 'utf8' }),
      );
      expect(page.standings).toEqual(cli.standings.map(({ placesCount: _, ...row }: { placesCount: unknown }) => row));
      expect(page.standings).toHaveLength(9);
    });
  });
}

for (const database of DATABASES) {
  describe(`the hall's phones on ${database.name}`, () => {
    it('a table enters deals by its code, a second phone confirms them, resends are written once, and hostile entries change nothing', async () => {
      const server = await start(database.env());
      const dir = (await registered(server.url, 'Sędzia Sali')).c;
      const created = await dir.http('POST', '/api/tournaments', {
        name: 'Turniej w remizie',
        format: { format: 'znin', rounds: 1, deals: { 4: 6 } },
        players: NAMES.slice(0, 8).join('\n'),
      });
      const id = created.body.tournament.id as string;
      await dir.http('POST', `/api/tournaments/${id}/draw`, { round: 1 });
      const started = (await dir.http('POST', `/api/tournaments/${id}/start`, { round: 1 })).body.tournament;
      const [code1, code2] = started.rounds[0].tables.map((t: { code: string }) => t.code) as [string, string];
      expect(code1).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
      // The codes are the director's: the public page does not show them.
      const anyone = new Client(server.url);
      expect(
        (await anyone.http('GET', `/api/tournaments/${id}`)).body.tournament.rounds[0].tables[0].code,
      ).toBeUndefined();

      const phoneA = await hallPhone(anyone, code1);
      const phoneB = await hallPhone(new Client(server.url), code1);
      const enter = (code: string, body: Record<string, unknown>) =>
        anyone.http('POST', `/api/hall/${code}/entries`, { device: phoneA, id: entryId(), ...body });
      // Deal 1 in words: zwyczajna, seats 0 and 2 old, won z wyjściem; deal 2 a 52:52 tie (a bok-round follows).
      let r = await enter(code1, {
        words: { contract: 'zwyczajna', old: [0, 2], winner: 'old', grade: 1, doublings: 0 },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const first = r.body.hall.rows[0];
      expect(first.scores.reduce((a: number, b: number) => a + b, 0)).toBe(0);
      expect(first.scores[0]).toBeGreaterThan(0);
      r = await enter(code1, { words: { contract: 'zwyczajna', old: [1, 3], oldPoints: 52, doublings: 0 } });
      expect(r.body.hall.next.inBokRound).toBe(true);
      const again = { id: entryId(), scores: [4, -4, 4, -4] };
      r = await enter(code1, again);
      r = await enter(code1, again); // the answer was lost: sent again, written once
      expect(r.body.hall.rows).toHaveLength(3);
      expect(r.body.hall.rows[2]).toMatchObject({
        scores: [4, -4, 4, -4],
        bokRound: true,
        confirmed: false,
        mine: true,
      });

      const version = async () => (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament.version;
      const v0 = await version();
      const code = async (p: Promise<{ body: { error?: { code: string } } }>) => (await p).body.error?.code;
      expect(await code(enter(code1, { scores: [5, -4, 4, -4] }))).toBe('ERR_SUM');
      expect(await code(enter(code1, { words: { contract: 'zwyczajna', old: [0, 9], winner: 'old', grade: 1 } }))).toBe(
        'ERR_ENTRY',
      );
      expect(await code(enter(code1, { scores: [1, -1, 0, 0], table: 2 }))).toBe('ERR_SCHEMA'); // no other table
      expect(await code(enter('ZZZZZZ', { scores: [1, -1, 0, 0] }))).toBe('ERR_NOT_FOUND');
      expect(await code(anyone.http('POST', `/api/hall/${code1}/confirm`, { device: phoneA, deal: 0 }))).toBe(
        'ERR_SAME_DEVICE',
      );
      expect(await code(anyone.http('POST', `/api/hall/${code1}/confirm`, { device: phoneB, deal: 7 }))).toBe(
        'ERR_PROTOCOL',
      );
      // A player who is not the director cannot confirm as the director.
      const player = (await registered(server.url, 'Gracz Sali')).c;
      expect(await code(player.http('POST', `/api/tournaments/${id}/confirm`, { round: 1, table: 1, deal: 0 }))).toBe(
        'ERR_NOT_DIRECTOR',
      );
      expect(await version()).toBe(v0);

      // Phone B confirms deals 1 and 3; only deal 1 reaches the protocol until deal 2 is confirmed too.
      await anyone.http('POST', `/api/hall/${code1}/confirm`, { device: phoneB, deal: 0 });
      await anyone.http('POST', `/api/hall/${code1}/confirm`, { device: phoneB, deal: 2 });
      let page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      expect(page.rounds[0].tables[0].protocol).toHaveLength(1);
      expect(page.rounds[0].tables[0].pending).toBe(1); // deal 2 waits; deal 3 is confirmed but held back by it
      expect((await dir.http('POST', `/api/tournaments/${id}/confirm`, { round: 1, table: 1, deal: 1 })).status).toBe(
        200,
      );
      page = (await dir.http('GET', `/api/tournaments/${id}`)).body.tournament;
      expect(page.rounds[0].tables[0].protocol).toEqual(r.body.hall.rows.map((x: { scores: number[] }) => x.scores));
      // The director does not type over a table that enters its own deals.
      expect(
        await code(
          dir.http('POST', `/api/tournaments/${id}/rows`, { round: 1, table: 1, row: [1, -1, 0, 0], id: entryId() }),
        ),
      ).toBe('ERR_ROUND');
      // The file marks the bok-round deal, as the printed protocol does.
      const file = JSON.parse(await (await fetch(`${server.url}/api/tournaments/${id}/file`)).text());
      expect(file.rounds[0].tables[0].bokDeals).toEqual([2]);
      expect(code2).not.toBe(code1);
    });
  });
}
