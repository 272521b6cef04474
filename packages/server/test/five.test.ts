// A table of five (RULES §9: the dealer of each deal sits it out, the other four play it), as a real
// server process over real sockets, on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: a person and
// four bots from the lobby. What every message shows is checked against the game's own record: the
// one sitting out sees exactly what a spectator sees (never a hand), every other seat only its own
// cards; the score sheet is the engine's protocol of the record, and `baska score` reads the record
// to the same rows. The sitter-out's moves, claims and shuffle contributions are refused with a code.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTableOfFiveRecord, verifyFair } from '@baska/engine';
import type { PlayerView, ServerMessage, TableInfo } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, start, stopAll } from './harness.js';

afterAll(stopAll);

const BASKA = fileURLToPath(new URL('../../cli/bin/baska.js', import.meta.url));

interface Seen {
  version: number;
  seat: number | null;
  info: TableInfo;
  view: PlayerView | null;
}

const seenOf = (m: ServerMessage): Seen | null =>
  m.type === 'event'
    ? { version: m.version, seat: m.seat, info: m.info, view: m.view }
    : m.type === 'snapshot' || m.type === 'missed'
      ? { version: m.version, seat: m.seat, info: m.table, view: m.view }
      : null;

/** The deal a message's view is of: the one in play, or between deals the last one played. */
const dealIndex = (s: Seen) => (s.view!.phase === 'complete' ? s.info.dealsPlayed - 1 : s.info.dealsPlayed);

/**
 * Play `seat` (the first legal action) until the table ends. While he sits a deal out he tries to
 * call, to claim, and (between deals, before the one he sits out) to add to its shuffle: each try
 * must be refused with ERR_SITS_OUT.
 */
function playFive(
  c: Client,
  table: string,
  seat: number,
  refusals: string[],
  given: Map<number, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let acted = -1;
    const tried = new Set<string>();
    let awaitingRefusal = false;
    const timer = setTimeout(() => reject(new Error('the table did not end')), 100_000);
    const onMessage = (m: ServerMessage) => {
      if (m.type === 'error') {
        if (m.code !== 'ERR_SITS_OUT') return reject(new Error(`${m.code}: ${m.message}`));
        refusals.push(m.message);
        if (awaitingRefusal) {
          awaitingRefusal = false;
          c.send({ type: 'ready', table }); // the contribution was refused: now the next deal may come
        }
        return;
      }
      if (m.type === 'event' && m.event.type === 'finished') {
        clearTimeout(timer);
        c.socket!.off('message', onMessage);
        return resolve();
      }
      const s = seenOf(m);
      // His client adds to the shuffle of each deal he plays (decision 013), as the browser does.
      const next = s?.info.commit;
      if (next?.seats.includes(seat) && !next.contributed.includes(seat) && !given.has(next.deal)) {
        const value = (next.deal * 1000 + seat).toString(16).padStart(32, '0');
        given.set(next.deal, value);
        c.send({ type: 'contribute', table, deal: next.deal, value });
      }
      if (!s?.view) return;
      const { info, view, version } = s;
      const deal = info.dealsPlayed;
      if (info.sitsOut === seat && view.phase !== 'complete' && !tried.has(`act:${deal}`)) {
        tried.add(`act:${deal}`);
        c.send({ type: 'act', table, version, action: 'pass' });
        c.send({ type: 'act', table, version, action: 'claim' });
      }
      // The pause after a deal: answered once the next deal's commitment is out (it comes in the same write).
      if (info.pause?.seats.includes(seat) && info.commit && version > acted) {
        acted = version;
        const commit = info.commit;
        if (!commit.seats.includes(seat) && !tried.has(`contribute:${commit.deal}`)) {
          tried.add(`contribute:${commit.deal}`);
          awaitingRefusal = true;
          c.send({ type: 'contribute', table, deal: commit.deal, value: 'ab'.repeat(16) });
        } else if (!awaitingRefusal) c.send({ type: 'ready', table });
      }
      if (view.toAct === view.seat && view.legal.length > 0 && version > acted) {
        acted = version;
        c.send({ type: 'act', table, version, action: view.legal[0] });
      }
    };
    c.socket!.on('message', onMessage);
    const last = c.messages.at(-1);
    if (last) onMessage(last);
  });
}

for (const database of DATABASES) {
  describe(`a table of five on ${database.name}`, () => {
    it('a person and four bots: the sitter-out sees what a spectator sees, the sheet is the record’s protocol, `baska score` agrees', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '30' });
      const person = new Client(server.url);
      const me = await person.guest('Kaszëba');

      // Hostile settings: refused with a code, and no table is made.
      const bad = async (body: Record<string, unknown>) => (await person.http('POST', '/api/tables', body)).body.error;
      expect((await bad({ players: 4, seat: 4 })).code).toBe('ERR_SCHEMA');
      expect((await bad({ players: 6 })).code).toBe('ERR_SCHEMA');
      expect((await bad({ players: 5, seat: 5 })).code).toBe('ERR_SCHEMA');
      const director = new Client(server.url);
      await director.http('POST', '/api/register', { name: 'Sędzia', password: 'kaszëbë-1234' });
      const rated = await director.http('POST', '/api/tables', { players: 5, rated: true });
      expect(rated.body.error.code).toBe('ERR_RATED');
      // A table of four has no seat 4.
      const four = (await director.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
      expect((await person.http('POST', `/api/tables/${four}/sit`, { seat: 4 })).body.error.code).toBe('ERR_SCHEMA');
      const botAt4 = await director.http('POST', `/api/tables/${four}/bot`, { seat: 4, level: 'basic' });
      expect(botAt4.body.error.code).toBe('ERR_SCHEMA');
      expect((await person.http('GET', `/api/tables/${four}`)).body.table.seats).toHaveLength(4);
      expect((await person.http('GET', '/api/me/games')).body.games).toEqual([]);

      const created = await person.http('POST', '/api/tables', {
        players: 5,
        bots: 'basic',
        seat: 2,
        // Six deals: every seat deals and sits out once, the first dealer twice; so the person sits out
        // a deal that follows a pause, in which he tries to add to its shuffle.
        deals: 6,
        secondsPerMove: 600,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.table.id as string;
      const open: TableInfo = created.body.table;
      expect(open.seats.map((s) => [s.seat, s.bot])).toEqual([
        [0, true],
        [1, true],
        [2, false],
        [3, true],
        [4, true],
      ]);
      expect(open.seats[4]!.name).toBe('Bot Kazimierz (basic)');
      expect(open.totals).toEqual([0, 0, 0, 0, 0]);
      expect(open.sitsOut).toBeNull();
      // The lobby shows the table with its five seats.
      const lobby = (await person.http('GET', '/api/tables')).body.tables as TableInfo[];
      expect(lobby.find((t) => t.id === id)?.seats).toHaveLength(5);

      const watcher = new Client(server.url);
      await watcher.guest('Gapiasz');
      for (const c of [person, watcher]) {
        await c.connect();
        // His client adds to every deal's shuffle: said before the join, so it holds once he is in.
        if (c === person) c.send({ type: 'contributes', table: id });
        c.send({ type: 'join', table: id });
        await c.next((m) => m.type === 'snapshot');
      }
      const refusals: string[] = [];
      const given = new Map<number, string>();
      const done = playFive(person, id, 2, refusals, given);
      expect((await person.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
      await done;
      await watcher.next((m) => m.type === 'event' && m.event.type === 'finished', 20_000, 0);

      const end = (await person.http('GET', `/api/tables/${id}`)).body.table as TableInfo;
      expect(end.status).toBe('finished');
      const recordText = await (await fetch(`${server.url}/api/games/${id}/record`)).text();
      const loaded = loadTableOfFiveRecord(JSON.parse(recordText));
      if (!loaded.ok) throw new Error(`the record does not load: ${loaded.error.message}`);
      const { record, table } = loaded.value;
      expect(record.players).toBe(5);
      expect(record.deals.length).toBeGreaterThanOrEqual(6);

      // The score sheet is the engine's protocol of the record, by table seat, null for the one out.
      expect(end.sheet.map((r) => r.scores)).toEqual(table.protocol);
      expect(end.sheet.map((r) => r.dealer)).toEqual(record.deals.map((_, n) => table.dealerOf(n)));
      expect(end.totals).toEqual(table.totals);
      expect(end.dealsPlayed).toBe(record.deals.length);
      // Every deal's proof checks as a four-seat deal's: its contributions by the deal's seats (decision 013).
      let his = 0;
      let moved = 0; // deals where his seat in the deal is not his seat at the table
      for (const [n, d] of record.deals.entries()) {
        expect(d.fair, `deal ${n}`).toBeDefined();
        expect(await verifyFair(d.fair!, d.dealer, Array.from(table.deals[n]!.dealt))).toEqual({ ok: true });
        const at = d.seats.indexOf(2);
        // His contribution stands at his seat in the deal; none in the deals he sat out, where the
        // bots give none either.
        const mine = given.get(n + 1);
        expect(
          d.fair!.contributions.filter((x) => x !== null),
          `deal ${n}`,
        ).toEqual(mine ? [mine] : []);
        if (mine) {
          expect(at).toBeGreaterThanOrEqual(0);
          expect(d.fair!.contributions[at]).toBe(mine);
          his++;
          if (at !== 2) moved++;
        }
      }
      expect(his).toBe(record.deals.filter((d) => d.seats.includes(2)).length);
      expect(moved).toBeGreaterThan(0);

      // `baska score` reads the very record to the same rows and totals.
      const path = join(mkdtempSync(join(tmpdir(), 'baska-five-')), 'five.json');
      writeFileSync(path, recordText);
      const score = JSON.parse(execFileSync(process.execPath, [BASKA, 'score', path], { encoding: 'utf8' }));
      expect(score.deals.map((d: { row: unknown }) => d.row)).toEqual(end.sheet.map((r) => r.scores));
      expect(score.totals).toEqual(end.totals);

      // Every view the person got is of his own cards or none: while he sat out, none.
      const mine = person.messages.map(seenOf).filter((s): s is Seen => s?.view != null);
      const watched = new Map(
        watcher.messages
          .map(seenOf)
          .filter((s): s is Seen => s?.view != null)
          .map((s) => [s.version, s]),
      );
      let satOut = 0;
      let played = 0;
      let compared = 0;
      for (const s of mine) {
        const n = dealIndex(s);
        const deal = record.deals[n]!;
        const out = [0, 1, 2, 3, 4].find((x) => !deal.seats.includes(x));
        expect(s.info.sitsOut, `version ${s.version}`).toBe(out);
        expect(s.info.dealSeats).toEqual(deal.seats);
        if (out === 2) {
          satOut++;
          expect(s.view).toMatchObject({ seat: -1, hand: [], legal: [] });
          const w = watched.get(s.version);
          if (w) {
            compared++;
            expect(s.view).toEqual(w.view); // exactly what a spectator sees
          }
        } else {
          played++;
          expect(s.view!.seat).toBe(deal.seats.indexOf(2));
          const dealt = deal.hands[s.view!.seat]!.split(' ');
          for (const card of s.view!.hand) expect(dealt).toContain(card);
          if (s.info.clock) expect(s.info.clock.seat === 2).toBe(s.view!.toAct === s.view!.seat);
        }
      }
      expect(satOut).toBeGreaterThan(0);
      expect(played).toBeGreaterThan(0);
      expect(compared).toBeGreaterThan(0);
      for (const w of watched.values()) expect(w.view).toMatchObject({ seat: -1, hand: [], legal: [] });
      // Each try of the sitter-out was refused: a call and a claim in each deal he sat out, and a contribution.
      const shuffles = refusals.filter((r) => /shuffle/.test(r)).length;
      expect(shuffles).toBeGreaterThanOrEqual(1);
      expect(refusals.length - shuffles).toBeGreaterThanOrEqual(2);
      const outDeals = record.deals.filter((d) => !d.seats.includes(2)).length;
      expect(outDeals).toBeGreaterThan(0);
      // No action of the game is his in the deals he sat out.
      const events = person.messages.flatMap((m) => (m.type === 'event' ? [m] : []));
      for (const e of events) if (e.event.type === 'action' && e.event.seat === 2) expect(e.info.sitsOut).not.toBe(2);

      // His history: the table's total at his seat, and the deals he played (not those he sat out).
      const history = (await person.http('GET', '/api/me/games')).body.games as {
        id: string;
        total: number;
        deals: number;
        seat: number;
      }[];
      expect(history.find((g) => g.id === id)).toMatchObject({
        seat: 2,
        total: end.totals[2],
        deals: record.deals.length - outDeals,
      });

      // His profile counts the deals he played and his points in them; his download holds the five's record.
      const profile = (await person.http('GET', `/api/players/${me.id}/profile`)).body;
      expect(profile.stats).toMatchObject({ games: 1, deals: record.deals.length - outDeals, points: end.totals[2] });
      const mineRecords = await fetch(`${server.url}/api/me/records`, { headers: { cookie: person.cookie } });
      const lines = (await mineRecords.text()).trim().split('\n');
      expect(lines.map((l) => JSON.parse(l))).toEqual([JSON.parse(recordText)]);

      // A rematch: five seats again, the bots in theirs, his kept for him.
      const next = (await person.http('POST', `/api/tables/${id}/rematch`)).body.table as TableInfo;
      expect(next.seats).toHaveLength(5);
      expect(next.seats.map((s) => s.bot)).toEqual([true, true, false, true, true]);
      expect(next.seats[2]!.name).toBe(me.name);
      expect(next.status).toBe('playing'); // every seat taken: it starts by itself
      person.close();
      watcher.close();
    });
  });
}
