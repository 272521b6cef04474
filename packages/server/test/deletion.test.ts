// Deleting an account and downloading one's data (decision 019), on a real process over SQLite and
// (with BASKA_TEST_PG_URL) PostgreSQL. A player plays a rated game (with a chat line, a report each
// way and a rematch that keeps his seat), an online tournament's table, and keeps a score pad; his
// data file holds all of it; hostile requests to delete change nothing; once deleted, no table of the
// database and no route names him (the games call him "usunięty gracz 1"), his sessions fail, his
// name is free, and the other players' records are the same and still replay.
import { join } from 'node:path';
import { loadRecord } from '@baska/engine';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, autoplay, registered, start, stopAll, unsigned } from './harness.js';
import { freePort, startRedis, stopChild } from './redis.js';

const redisServers: Awaited<ReturnType<typeof startRedis>>[] = [];
afterAll(async () => {
  await stopAll();
  for (const r of redisServers) await stopChild(r);
});

const NAME = 'Gerda Kreft';
const PASSWORD = 'kaszëbë-1234';
const LABEL = 'usunięty gracz 1';

/** Every row of every table of the server's database, as one JSON text per table. */
async function dump(server: Running): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  if (server.env.DATABASE_URL) {
    const c = new pg.Client({ connectionString: server.env.DATABASE_URL });
    await c.connect();
    const tables = await c.query(
      'select table_name from information_schema.tables where table_schema = current_schema()',
    );
    for (const { table_name } of tables.rows)
      out[table_name] = JSON.stringify((await c.query(`select * from "${table_name}"`)).rows);
    await c.end();
    return out;
  }
  const db = new SQLite(join(server.dataDir, 'baska.db'), { readonly: true });
  const tables = db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[];
  for (const { name } of tables) out[name] = JSON.stringify(db.prepare(`select * from "${name}"`).all());
  db.close();
  return out;
}

/** The rows of `table` whose column `column` is `id`. */
const rowsOf = (d: Record<string, string>, table: string, column: string, id: number) =>
  (JSON.parse(d[table] ?? '[]') as Record<string, unknown>[]).filter((r) => Number(r[column]) === id);

/** Four clients sit at a new rated table from four addresses and join it; each says hello first. */
async function ratedTable(players: Client[]): Promise<string> {
  const created = await players[0]!.http('POST', '/api/tables', {
    seat: 0,
    secondsPerMove: 600,
    deals: 1,
    rated: true,
  });
  const id = created.body.table.id as string;
  for (const [seat, p] of players.entries()) {
    if (seat > 0) expect((await p.http('POST', `/api/tables/${id}/sit`, { seat })).status).toBe(200);
    await p.connect();
    const from = p.mark();
    p.send({ type: 'join', table: id });
    await p.next((m) => m.type === 'snapshot', 20_000, from);
  }
  return id;
}

/** The line a client reads at a table, by its words. */
const lineSaid = (c: Client, words: string) =>
  c
    .next((m) => m.type === 'chat' && m.lines.some((l) => l.text === words), 10_000, 0)
    .then((m) => {
      if (m.type !== 'chat') throw new Error('unreachable');
      return m.lines.find((l) => l.text === words)!;
    });

for (const database of DATABASES) {
  describe(`deleting an account on ${database.name}`, () => {
    it('his data downloads whole; deleted, nothing names him, his name is free, the others’ games replay', async () => {
      const server = await start({
        ...database.env(),
        BASKA_RATED_MIN_DEALS: '1',
        BASKA_TRUST_PROXY: 'loopback',
        BASKA_OPERATOR_NAME: ' Klub Baśki w Kartuzach ',
        BASKA_OPERATOR_CONTACT: 'baska@example.org',
      });
      // Who runs the server, for the privacy page: open to anyone, as the operator set it (trimmed).
      expect((await new Client(server.url).http('GET', '/api/operator')).body).toEqual({
        name: 'Klub Baśki w Kartuzach',
        contact: 'baska@example.org',
      });
      const people = await Promise.all(
        [NAME, 'Anna Lis', 'Bolek Hinz', 'Celina Stolc'].map((n) => registered(server.url, n)),
      );
      people.forEach((p, i) => (p.c.headers = { 'X-Forwarded-For': `10.35.0.${i + 1}` }));
      const [gerda, anna] = people;
      const g = gerda!.c;
      const a = anna!.c;

      // A rated game: a word each before the start, reported each way, played to its end.
      const rated = await ratedTable(people.map((p) => p.c));
      g.send({ type: 'chat', table: rated, text: 'Dobry wieczór, tu Gerda' });
      a.send({ type: 'chat', table: rated, text: 'Witôj Gerdo' });
      const hers = await lineSaid(a, 'Dobry wieczór, tu Gerda');
      const annas = await lineSaid(g, 'Witôj Gerdo');
      a.send({ type: 'report', table: rated, line: hers.id });
      g.send({ type: 'report', table: rated, line: annas.id });
      expect((await g.http('POST', `/api/tables/${rated}/start`)).status).toBe(200);
      const finished = (m: { type: string; event?: { type: string } }) =>
        m.type === 'event' && m.event?.type === 'finished';
      await Promise.all(people.map((p) => autoplay(p.c, rated, finished)));
      // Anna asks for another game: its seats are kept for the same people, Gerda's under her name.
      const rematch = (await a.http('POST', `/api/tables/${rated}/rematch`)).body.table.id as string;
      expect((await a.http('GET', `/api/tables/${rematch}`)).body.table.seats[0].reservedFor).toBe(NAME);

      // An online tournament: Gerda joins, bots play three typed names, one deal.
      const dir = (await registered(server.url, 'Sędzia Turnieju')).c;
      const tournament = (
        await dir.http('POST', '/api/tournaments', {
          name: 'Turniej Gerdy',
          format: { format: 'znin', rounds: 1, deals: { 4: 1, 5: 1 } },
          mode: 'online',
          players: 'Bot Ala\nBot Ola\nBot Ela',
        })
      ).body.tournament.id as string;
      expect((await g.http('POST', `/api/tournaments/${tournament}/join`)).status).toBe(200);
      await dir.http('POST', `/api/tournaments/${tournament}/draw`, { round: 1 });
      const started = await dir.http('POST', `/api/tournaments/${tournament}/start`, { round: 1, bots: true });
      const game = started.body.tournament.rounds[0].tables[0].game as string;
      g.send({ type: 'join', table: game });
      await autoplay(g, game, finished);
      for (let i = 0; i < 100; i++) {
        if ((await dir.http('GET', `/api/tournaments/${tournament}`)).body.tournament.rounds[0].complete) break;
        await new Promise((r) => setTimeout(r, 50));
      }

      // A score pad of hers.
      const pad = await g.http('POST', '/api/pads', { names: ['Gerda', 'Mama', 'Tata', 'Wujek'] });
      expect(pad.status).toBe(200);

      // Her data: one file with everything, and nobody's secrets.
      const file = await g.http('GET', '/api/me/data');
      expect(file.status).toBe(200);
      const data = file.body;
      expect(data.account).toMatchObject({ id: gerda!.id, name: NAME, guest: false });
      expect(data.games.map((x: { id: string }) => x.id).sort()).toEqual([rated, game].sort());
      expect(data.games.every((x: { record: { deals: unknown[] } }) => x.record.deals.length >= 1)).toBe(true);
      expect(data.ratings).toHaveLength(1);
      expect(data.ratingChanges).toMatchObject([{ game: rated }]);
      expect(data.chatLines.map((l: { line: { text: string } }) => l.line.text)).toContain('Dobry wieczór, tu Gerda');
      expect(data.reportsFiled.map((l: { line: { text: string } }) => l.line.text)).toEqual(['Witôj Gerdo']);
      expect(data.pads).toMatchObject([{ names: ['Gerda', 'Mama', 'Tata', 'Wujek'] }]);
      expect(data.tournaments).toMatchObject([{ id: tournament, name: 'Turniej Gerdy', entry: { name: NAME } }]);
      const text = JSON.stringify(data);
      expect(text).not.toContain('$argon2'); // no password hash, hers or anyone's
      for (const other of [a, dir]) expect(text).not.toContain(other.cookie.split('=')[1]!.slice(0, 12));
      expect(data.sessions.every((s: { token: string }) => s.token.length <= 7)).toBe(true);

      const recordBefore = (await a.http('GET', `/api/games/${rated}/record`)).body;
      const other = new Client(server.url); // her second session, on another device
      expect((await other.http('POST', '/api/login', { name: NAME, password: PASSWORD })).status).toBe(200);
      const guest = new Client(server.url);
      await guest.guest('Gość Gerdy');
      // Seated at a table not finished: she must leave it first.
      const open = (await g.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
      const before = await dump(server);

      // Hostile or mistaken requests: each a coded refusal, and nothing changes.
      const refusals: [unknown, string][] = [
        [undefined, 'ERR_SCHEMA'],
        [{}, 'ERR_SCHEMA'],
        [{ password: 12345678 }, 'ERR_SCHEMA'],
        [{ password: PASSWORD, name: 'Anna Lis' }, 'ERR_SCHEMA'],
        [{ password: 'x'.repeat(201) }, 'ERR_SCHEMA'],
        [{ password: 'zgadywane-hasło' }, 'ERR_CREDENTIALS'],
      ];
      for (const [body, code] of refusals)
        expect((await g.http('DELETE', '/api/me', body)).body.error?.code, JSON.stringify(body)).toBe(code);
      expect((await guest.http('DELETE', '/api/me', { password: PASSWORD })).body.error.code).toBe('ERR_CREDENTIALS');
      expect((await new Client(server.url).http('DELETE', '/api/me', { password: PASSWORD })).body.error.code).toBe(
        'ERR_AUTH',
      );
      const form = await fetch(`${server.url}/api/me`, {
        method: 'DELETE',
        headers: { cookie: g.cookie, 'content-type': 'text/plain' },
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(((await form.json()) as { error: { code: string } }).error.code).toBe('ERR_CONTENT_TYPE');
      const foreign = await fetch(`${server.url}/api/me`, {
        method: 'DELETE',
        headers: { cookie: g.cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
        body: JSON.stringify({ password: PASSWORD }),
      });
      expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('ERR_ORIGIN');
      const seated = await g.http('DELETE', '/api/me', { password: PASSWORD });
      expect([seated.status, seated.body.error.code]).toEqual([409, 'ERR_SEATED']);
      expect(seated.body.error.message).toContain(open);
      expect(await dump(server)).toEqual(before);
      expect((await g.http('GET', '/api/me')).body.player.id).toBe(gerda!.id);
      expect((await g.http('POST', `/api/tables/${open}/leave`)).status).toBe(200);

      // Deleted.
      const deleted = await g.http('DELETE', '/api/me', { password: PASSWORD });
      expect([deleted.status, deleted.body]).toEqual([200, { ok: true }]);

      // Her sessions fail, this one and the other device's.
      expect((await g.http('GET', '/api/me')).body.player).toBeNull();
      expect((await other.http('GET', '/api/me')).body.player).toBeNull();
      expect((await other.http('GET', '/api/me/data')).body.error.code).toBe('ERR_AUTH');
      expect(
        (await new Client(server.url).http('POST', '/api/login', { name: NAME, password: PASSWORD })).body.error.code,
      ).toBe('ERR_CREDENTIALS');

      // No table of the database names her or keeps a row of hers.
      const after = await dump(server);
      for (const [table, rows] of Object.entries(after)) {
        expect(rows, table).not.toContain(NAME);
        expect(rows, table).not.toContain('Gerda Kreft');
        expect(rows, table).not.toContain('Dobry wieczór');
      }
      for (const [table, column] of [
        ['player', 'id'],
        ['session', 'player_id'],
        ['rating', 'player_id'],
        ['rating_change', 'player_id'],
        ['chat_report', 'reporter_id'],
        ['chat_report', 'author_id'],
        ['pad', 'owner_id'],
        ['game_player', 'player_id'],
        ['tournament_player', 'player_id'],
      ] as const)
        expect(rowsOf(after, table, column, gerda!.id), `${table}.${column}`).toEqual([]);
      expect(after.pad_entry).toBe('[]');
      // The others' rows stay: Anna's rating, her game, the tournament.
      expect(rowsOf(after, 'rating', 'player_id', anna!.id)).toHaveLength(1);

      // No route names her: the table, its record, the rematch's kept seat, the tournament's page, file and exports.
      const table = (await a.http('GET', `/api/tables/${rated}`)).body.table;
      expect(table.seats.map((s: { name: string }) => s.name)).toEqual([
        LABEL,
        'Anna Lis',
        'Bolek Hinz',
        'Celina Stolc',
      ]);
      expect(table.owner).toBe(LABEL);
      expect((await a.http('GET', `/api/tables/${rematch}`)).body.table.seats[0].reservedFor).toBe(LABEL);
      const t = (await dir.http('GET', `/api/tournaments/${tournament}`)).body.tournament;
      expect(t.players.map((p: { name: string }) => p.name)).toContain(LABEL);
      for (const path of ['', '/events', '/file', '/standings.csv', '/protocols?round=1']) {
        const r = await fetch(`${server.url}/api/tournaments/${tournament}${path}`, {
          headers: { cookie: dir.cookie },
        });
        const body = await r.text();
        expect(r.status, path).toBe(200);
        expect(body, path).not.toContain(NAME);
        expect(body, path).toContain(LABEL);
      }
      const tGame = (await dir.http('GET', `/api/tables/${game}`)).body.table;
      expect(tGame.seats.map((s: { name: string }) => s.name)).toContain(LABEL);
      for (const path of [`/api/players/${gerda!.id}/profile`, `/api/players/${gerda!.id}/ratings`, '/api/online']) {
        const body = JSON.stringify((await a.http('GET', path)).body);
        expect(body, path).not.toContain(NAME);
      }
      expect((await a.http('GET', `/api/players/${gerda!.id}/profile`)).body.error.code).toBe('ERR_NOT_FOUND');
      const board = JSON.stringify((await a.http('GET', '/api/ratings/baska')).body);
      expect(board).not.toContain(NAME);

      // Anna's record of the game is the same play, and replays; her own records still list it.
      const recordAfter = (await a.http('GET', `/api/games/${rated}/record`)).body;
      expect(unsigned(recordAfter)).toEqual(unsigned(recordBefore));
      expect(loadRecord(recordAfter).ok).toBe(true);
      const hers2 = (await (await fetch(`${server.url}/api/me/records`, { headers: { cookie: a.cookie } })).text())
        .trim()
        .split('\n');
      expect(hers2).toHaveLength(1);
      expect(loadRecord(JSON.parse(hers2[0]!)).ok).toBe(true);

      // Her name is free: someone may register it anew, a new account.
      const again = await registered(server.url, NAME);
      expect(again.id).not.toBe(gerda!.id);
      // Nobody may pass for a deleted player.
      const label = await new Client(server.url).http('POST', '/api/guest', { nickname: 'Usunięty Gracz 1' });
      expect(label.body.error.code).toBe('ERR_NAME_TAKEN');
    });
  });
}

/** Every value Redis holds, as text, by key. */
async function redisDump(url: string): Promise<Record<string, string>> {
  const r = createClient({ url });
  await r.connect();
  const out: Record<string, string> = {};
  for await (const keys of r.scanIterator({ COUNT: 500 }))
    for (const key of [keys].flat()) {
      const type = await r.type(key);
      const value =
        type === 'list'
          ? await r.lRange(key, 0, -1)
          : type === 'hash'
            ? await r.hGetAll(key)
            : type === 'set'
              ? await r.sMembers(key)
              : type === 'zset'
                ? await r.zRange(key, 0, -1)
                : type === 'string'
                  ? await r.get(key)
                  : type;
      out[key] = JSON.stringify(value);
    }
  await r.quit();
  return out;
}

const postgres = DATABASES.find((d) => d.name === 'PostgreSQL');
describe.skipIf(!postgres)('deleting an account with several processes’ Redis (PostgreSQL)', () => {
  it('his chat lines and presence leave Redis; a tournament he directed stays, its director the label', async () => {
    const port = await freePort();
    redisServers.push(await startRedis(port));
    const redisUrl = `redis://127.0.0.1:${port}`;
    const server = await start({ ...postgres!.env(), REDIS_URL: redisUrl, BASKA_REDIS_PREFIX: 'erase' });
    const { c: g, id } = await registered(server.url, NAME);
    const tournament = (
      await g.http('POST', '/api/tournaments', {
        name: 'Turniej w świetlicy',
        format: { format: 'znin', rounds: 1, deals: { 4: 1, 5: 1 } },
        mode: 'hall',
        players: 'Ala\nOla\nEla\nUla',
      })
    ).body.tournament.id as string;
    const table = (await g.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
    await g.connect();
    g.send({ type: 'join', table });
    await g.next((m) => m.type === 'snapshot');
    g.send({ type: 'chat', table, text: 'Słychać mnie? Gerda' });
    await lineSaid(g, 'Słychać mnie? Gerda');
    const online = async () => JSON.stringify((await new Client(server.url).http('GET', '/api/online')).body);
    expect(await online()).toContain(NAME);
    expect(JSON.stringify(await redisDump(redisUrl))).toContain('Słychać mnie? Gerda');
    expect((await g.http('POST', `/api/tables/${table}/leave`)).status).toBe(200);

    expect((await g.http('DELETE', '/api/me', { password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 100 && (await online()).includes(NAME); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await online()).not.toContain(NAME);
    for (const [key, value] of Object.entries(await redisDump(redisUrl))) {
      expect(value, key).not.toContain(NAME);
      expect(value, key).not.toContain('Słychać mnie?');
    }
    const page = await new Client(server.url).http('GET', `/api/tournaments/${tournament}`);
    expect(page.status).toBe(200);
    expect(page.body.tournament.director).toEqual({ id, name: 'usunięty gracz' });
    expect(JSON.stringify(page.body)).not.toContain(NAME);
  });
});
