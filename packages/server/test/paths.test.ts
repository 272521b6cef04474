// Hidden information on every path, not only in the views (ARCHITECTURE: "a view is a function of
// what its viewer has seen"), at tables of every kind. Three people who may not see a table's cards
// — someone not signed in, a registered player at none of the tables, and a player of another
// table — ask every HTTP route and socket message they can reach about those tables and the people
// who sit at them (profiles, statistics, ratings, the leaderboard, the lobby, who is online, the
// tournaments' pages), in two worlds that differ only in what they may not see. Every answer must be
// the same in both: an answer that moved with the cards told its reader something he may not know.
//
// Hidden tables (a private table that has ended, a private table and a private table of five in
// play, a sealed duplicate round whose first table has ended while the second plays): the same
// evening on two servers whose tables deal other cards (ids, times and commitments aside).
//
// Watched tables, whose play anyone may see (a public table between deals, a rated game that ended
// and one in play, an online tournament's round): their played cards are seen, so the two worlds
// are one stopped server's data started twice, once with the cards nobody has played yet re-dealt
// and the secret seeds drawn anew (redeal.ts). views.test.ts proves the same of a table's own
// views, deal by deal, on Room itself.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, autoplay, playSeat, registered, start, stopAll, tableWithBots, viewOf } from './harness.js';
import { redealUnplayed } from './redeal.js';

afterAll(stopAll);

type Answers = [string, unknown][];

/**
 * Play P's part and the tournament, then ask as each outsider would: the answers with ids named, and
 * the server still running, with its people, for the watched tables.
 */
async function evening(seed: string) {
  const server = await start({ ...ENV, BASKA_TABLE_SEED: seed });
  const url = server.url;
  const { c: dir, id: dirId } = await registered(url, 'Sędzia Ścieżek');
  const { c: p, id: pid } = await registered(url, 'Pëtr Gracz');
  const { c: x } = await registered(url, 'Iks Zdrugiegostołu');
  const { c: o } = await registered(url, 'Òbserwatór');
  const anyone = new Client(url);
  /** A tab of P's of its own for each table (a client's messages are followed for one table). */
  const tab = async () => {
    const t = new Client(url);
    t.cookie = p.cookie;
    await t.connect();
    return t;
  };

  // P's private tables with bots: one ended, one of four and one of five in play after a deal each.
  const dealt = (id: string) => (m: ServerMessage) =>
    m.type === 'event' && m.table === id && m.info.dealsPlayed >= 1 && m.event.type !== 'finished';
  const tabs: Client[] = [];
  const play = async (extra: Record<string, unknown>, done: (id: string) => (m: ServerMessage) => boolean) => {
    const id = await tableWithBots(p, 'basic', { public: false, pauseSeconds: 0, ...extra });
    const t = await tab();
    t.send({ type: 'join', table: id });
    await t.next((m) => m.type === 'snapshot', 20_000, 0);
    await p.http('POST', `/api/tables/${id}/start`);
    await autoplay(t, id, done(id));
    tabs.push(t);
    return id;
  };
  const ended = await play(
    { deals: 1 },
    (id) => (m) => m.type === 'event' && m.table === id && m.event.type === 'finished',
  );
  const four = await play({ deals: 3 }, dealt);
  const five = await play({ deals: 3, players: 5 }, dealt);

  // A duplicate round of two tables: P at the first, which he plays to its end; X at the second,
  // who has not come, so it waits for him and the round stays sealed.
  // Imported with the draw's seed fixed, so that both servers seat everyone alike; the round's own
  // secret seed, which deals its cards, is drawn anew by each.
  const bots = ['Bot Ala', 'Bot Olek', 'Bot Ela', 'Bot Kuba', 'Bot Ada', 'Bot Iza'];
  const file = {
    name: 'Ścieżki',
    format: { format: 'znin', rounds: 1, deals: { 4: 2 } },
    rules: 'znin',
    seed: 'sciezki',
    players: bots.map((name, i) => ({ id: `p${i + 1}`, name })),
    rounds: [],
  };
  const created = await dir.http('POST', '/api/tournaments/import', {
    file: JSON.stringify(file),
    mode: 'online',
    clock: { secondsPerMove: 3600, pauseSeconds: 0 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const tid = created.body.tournament.id as string;
  for (const c of [p, x]) expect((await c.http('POST', `/api/tournaments/${tid}/join`)).status).toBe(200);
  const drawn = await dir.http('POST', `/api/tournaments/${tid}/draw`, { round: 1, duplicate: true });
  expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
  type Table = { players: { id: string; name: string }[] };
  const tablesOf = (t: { rounds: { tables: Table[] }[] }) => t.rounds[0]!.tables;
  const at = (tables: Table[], name: string) => tables.findIndex((t) => t.players.some((q) => q.name === name));
  let tables = tablesOf(drawn.body.tournament);
  if (at(tables, 'Pëtr Gracz') === at(tables, 'Iks Zdrugiegostołu')) {
    const other = tables[1 - at(tables, 'Pëtr Gracz')]!.players[0]!.id;
    const xid = tables[at(tables, 'Iks Zdrugiegostołu')]!.players.find((q) => q.name === 'Iks Zdrugiegostołu')!.id;
    const moved = await dir.http('POST', `/api/tournaments/${tid}/reseat`, { round: 1, a: xid, b: other });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    tables = tablesOf(moved.body.tournament);
  }
  const started = await dir.http('POST', `/api/tournaments/${tid}/start`, { round: 1, bots: true });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const games = (started.body.tournament.rounds[0].tables as { game: string }[]).map((t) => t.game);
  const first = games[at(tables, 'Pëtr Gracz')]!;
  const second = games[at(tables, 'Iks Zdrugiegostołu')]!;
  const t = await tab();
  t.send({ type: 'join', table: first });
  await t.next((m) => m.type === 'snapshot', 20_000, 0);
  await playSeat(t, first, (l) => l[0]!);
  tabs.push(t);
  const page = async () => (await dir.http('GET', `/api/tournaments/${tid}`)).body.tournament;
  for (let i = 0; i < 100 && !(await page()).rounds[0].tables[at(tables, 'Pëtr Gracz')].complete; i++)
    await new Promise((r) => setTimeout(r, 100));
  const round = (await page()).rounds[0];
  expect(round.tables[at(tables, 'Pëtr Gracz')].complete).toBe(true);
  expect(round.sealed).toBe(true);

  // What each outsider can ask. Ids and times differ between the servers by nature: named here.
  const names = new Map<string, string>([
    [ended, '<ended>'],
    [four, '<four>'],
    [five, '<five>'],
    [first, '<first>'],
    [second, '<second>'],
    [tid, '<tournament>'],
  ]);
  const routes = [
    `/api/players/${pid}/profile`,
    `/api/players/${pid}/ratings`,
    '/api/ratings/baska',
    '/api/tables',
    '/api/online',
    ...[ended, four, five, first, second].flatMap((id) => [
      `/api/tables/${id}`,
      `/api/tables/${id}/sheet`,
      `/api/games/${id}/record`,
    ]),
    `/api/tournaments/${tid}`,
    `/api/tournaments/${tid}/events`,
    `/api/tournaments/${tid}/file`,
    `/api/tournaments/${tid}/standings.csv`,
    `/api/tournaments/${tid}/standings.csv?excel=pl`,
    `/api/tournaments/${tid}/protocols?round=1`,
    `/api/tournaments/season?director=1`,
    '/api/tournaments',
    '/api/me',
    '/api/me/tournaments',
    '/api/me/games',
  ];
  // X plays at the round's second table: what he is shown of his own table moves with his own
  // cards, as it should; everything else must not.
  // The two servers' commitments and seeds differ by nature: blanked.
  const readers: Reader[] = [
    ['anyone', anyone, ''],
    ['outsider', o, ''],
    ['other table', x, second],
  ];
  const answers = await ask(url, routes, [ended, four, five, first, second], names, readers, 'blanked');
  for (const t of tabs) t.close();
  return { answers, server, dir, dirId, p, pid, x, o, anyone };
}

/** A message that shows a deal in play with at least `cards` played in it and its reader to act. */
const toActAfter = (table: string, cards: number, deals: number) => (m: ServerMessage) => {
  const v = viewOf(m);
  const info = m.type === 'event' ? m.info : m.type === 'snapshot' || m.type === 'missed' ? m.table : null;
  return (
    tableOf(m) === table &&
    info !== null &&
    info.dealsPlayed >= deals &&
    v !== null &&
    v.phase === 'play' &&
    16 - v.handSizes.reduce((a, b) => a + b, 0) >= cards &&
    v.toAct === v.seat
  );
};

/** The same, whoever is to act: every seat's client stops at the same event. */
const playedIn = (table: string, cards: number, deals: number) => (m: ServerMessage) => {
  const v = viewOf(m);
  return (
    m.type === 'event' &&
    m.table === table &&
    m.info.dealsPlayed >= deals &&
    v !== null &&
    v.phase === 'play' &&
    16 - v.handSizes.reduce((a, b) => a + b, 0) >= cards
  );
};

/**
 * The same evening goes on with tables whose play anyone may watch, each stopped where a person is
 * waited for, then the server is stopped: P's public table with bots between its first and second
 * deal, the second committed to while P reads the first's end; a rated game of P and three others
 * that ended and their second in play, cards played; an online
 * tournament's round (not duplicate, so its tables are public) with P at one table in its second
 * deal and X at the other, where he has not come. The readers, the tables and what to ask, and a
 * way to sit the players down again (online, at their tables) on a server started on the same data.
 */
async function watchedEvening(e: Awaited<ReturnType<typeof evening>>) {
  const { server, dir, p, pid, x, o, anyone } = e;
  const url = server.url;
  // The rated four, P and the director among them, each from an address of his own (decision 015;
  // P's is the loopback's).
  const others = await Promise.all(['Róża Druga', 'Sław Trzeci'].map((n) => registered(url, n)));
  const four = [{ c: p, id: pid }, ...others, { c: dir, id: e.dirId }];
  four.slice(1).forEach((q, i) => (q.c.headers = { 'X-Forwarded-For': `10.33.0.${i + 1}` }));
  const rid = others[0]!.id;
  const tabs: Client[] = [];
  const tab = async (of: Client, table: string) => {
    const t = new Client(url);
    t.cookie = of.cookie;
    t.headers = of.headers;
    await t.connect();
    t.send({ type: 'join', table });
    await t.next((m) => m.type === 'snapshot', 20_000, 0);
    tabs.push(t);
    return t;
  };

  // P's public table with bots, its first deal over: P has not read its end (the longest pause).
  const open = await tableWithBots(p, 'basic', { public: true, pauseSeconds: 600, deals: 3 });
  const t = await tab(p, open);
  await p.http('POST', `/api/tables/${open}/start`);
  await autoplay(t, open, (m) => m.type === 'event' && m.table === open && viewOf(m)?.phase === 'complete');

  // Two rated games of the four: the first played to its end (so that they have ratings), the
  // second stopped in its first deal, where every seat is a person.
  const rated = async (deals: number) => {
    const created = await p.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals, rated: true });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.table.id as string;
    for (const [seat, q] of four.entries())
      if (seat > 0) expect((await q.c.http('POST', `/api/tables/${id}/sit`, { seat })).status).toBe(200);
    const tabsAt = await Promise.all(four.map((q) => tab(q.c, id)));
    expect((await p.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
    return { id, tabsAt };
  };
  const over = await rated(1);
  await Promise.all(
    over.tabsAt.map((c) =>
      autoplay(c, over.id, (m) => m.type === 'event' && m.table === over.id && m.event.type === 'finished'),
    ),
  );
  const inPlay = await rated(2);
  await Promise.all(inPlay.tabsAt.map((c) => autoplay(c, inPlay.id, playedIn(inPlay.id, 6, 0))));

  // An online round that is not duplicate: P plays at one table, X has not come to the other.
  const bots = ['Bot Ala', 'Bot Olek', 'Bot Ela', 'Bot Kuba', 'Bot Ada', 'Bot Iza'];
  const created = await dir.http('POST', '/api/tournaments/import', {
    file: JSON.stringify({
      name: 'Widownia',
      format: { format: 'znin', rounds: 1, deals: { 4: 2 } },
      rules: 'znin',
      seed: 'widownia',
      players: bots.map((name, i) => ({ id: `p${i + 1}`, name })),
      rounds: [],
    }),
    mode: 'online',
    clock: { secondsPerMove: 3600, pauseSeconds: 0 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const tid = created.body.tournament.id as string;
  for (const c of [p, x]) expect((await c.http('POST', `/api/tournaments/${tid}/join`)).status).toBe(200);
  const drawn = await dir.http('POST', `/api/tournaments/${tid}/draw`, { round: 1 });
  expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
  type Table = { players: { id: string; name: string }[] };
  let tables = drawn.body.tournament.rounds[0].tables as Table[];
  const at = (name: string) => tables.findIndex((t) => t.players.some((q) => q.name === name));
  if (at('Pëtr Gracz') === at('Iks Zdrugiegostołu')) {
    const other = tables[1 - at('Pëtr Gracz')]!.players[0]!.id;
    const xid = tables[at('Iks Zdrugiegostołu')]!.players.find((q) => q.name === 'Iks Zdrugiegostołu')!.id;
    const moved = await dir.http('POST', `/api/tournaments/${tid}/reseat`, { round: 1, a: xid, b: other });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    tables = moved.body.tournament.rounds[0].tables as Table[];
  }
  const started = await dir.http('POST', `/api/tournaments/${tid}/start`, { round: 1, bots: true });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const games = (started.body.tournament.rounds[0].tables as { game: string }[]).map((g) => g.game);
  const first = games[at('Pëtr Gracz')]!;
  const second = games[at('Iks Zdrugiegostołu')]!;
  await autoplay(await tab(p, first), first, toActAfter(first, 5, 1));
  for (const c of tabs) c.close();
  await server.stop();

  const names = new Map<string, string>([
    [open, '<public>'],
    [over.id, '<rated over>'],
    [inPlay.id, '<rated>'],
    [first, '<first>'],
    [second, '<second>'],
    [tid, '<tournament>'],
  ]);
  const watched = [open, over.id, inPlay.id, first, second];
  const routes = [
    ...[pid, rid].flatMap((id) => [`/api/players/${id}/profile`, `/api/players/${id}/ratings`]),
    '/api/ratings/baska',
    '/api/tables',
    '/api/online',
    '/api/tournaments',
    ...watched.flatMap((id) => [`/api/tables/${id}`, `/api/tables/${id}/sheet`, `/api/games/${id}/record`]),
    `/api/tournaments/${tid}`,
    `/api/tournaments/${tid}/events`,
    `/api/tournaments/${tid}/file`,
    `/api/tournaments/${tid}/standings.csv`,
    `/api/tournaments/${tid}/protocols?round=1`,
    `/api/tournaments/season?director=1`,
    '/api/me',
    '/api/me/tournaments',
    '/api/me/games',
  ];
  const readers: Reader[] = [
    ['anyone', anyone, ''],
    ['outsider', o, ''],
    ['other table', x, second],
  ];
  /**
   * The players back at their tables on a server at `to`, so that the online list shows them
   * seated; with the hand each holds there.
   */
  const seat = async (to: string) => {
    const back: Client[] = [];
    const hands: string[] = [];
    for (const [c, ids] of [
      [p, [open, inPlay.id, first]],
      ...four.slice(1).map((q) => [q.c, [inPlay.id]] as const),
    ] as const) {
      const b = new Client(to);
      b.cookie = c.cookie;
      b.headers = c.headers;
      await b.connect();
      for (const id of ids) {
        const mark = b.mark();
        b.send({ type: 'join', table: id });
        const m = await b.next((m) => m.type === 'snapshot' && m.table.id === id, 20_000, mark);
        hands.push(`${names.get(id)}: ${viewOf(m)?.hand.join(' ')}`);
      }
      back.push(b);
    }
    return { back, hands };
  };
  return { server, watched, inPlay: [open, inPlay.id, first, second], routes, readers, names, seat };
}

/**
 * The servers' environment: a person who left is waited for (his seat stays his while the data is
 * copied and started again), short rated games count, and P may have all his tables open at once.
 */
const ENV = {
  BASKA_GRACE_SECONDS: '3600',
  BASKA_TRUST_PROXY: 'loopback',
  BASKA_RATED_MIN_DEALS: '1',
  BASKA_RATING_MIN_GAMES: '1',
  BASKA_OPEN_TABLES_PER_PLAYER: '10',
};

/** Someone who may not see a table's hidden cards: his name in the answers, his client, the table he plays at ('' none). */
type Reader = readonly [who: string, c: Client, own: string];

/**
 * Every route as each reader gets it over HTTP, and over the socket what each message about each
 * table gets him: a join, a join that says what he has seen (the events he missed, when the server
 * lets him watch), a move. Ids named, times blanked. A reader's own table is left out: what he is
 * shown of it moves with his own cards, as it should.
 */
async function ask(
  url: string,
  routes: readonly string[],
  tables: readonly string[],
  names: Map<string, string>,
  readers: readonly Reader[],
  hashes: 'blanked' | 'kept',
): Promise<Answers> {
  const answers: Answers = [];
  for (const [who, c, own] of readers) {
    const others = (r: string) => !own || !r.startsWith(`/api/tables/${own}`);
    for (const route of routes.filter(others)) {
      const r = await fetch(url + route, { headers: { ...c.headers, cookie: c.cookie } });
      const text = await r.text();
      answers.push([
        `${who} GET ${String(normalize(route, names, hashes))}`,
        { status: r.status, body: normalize(text, names, hashes) },
      ]);
    }
    const s = new Client(url);
    s.cookie = c.cookie;
    s.headers = c.headers;
    await s.connect();
    const about = (id: string) => (m: ServerMessage) =>
      (m.type === 'error' || m.type === 'snapshot' || m.type === 'missed') && 'table' in m && tableOf(m) === id;
    const say = async (what: string, id: string, m: unknown) => {
      const mark = s.mark();
      s.send(m);
      const answer = await s.next(about(id), 20_000, mark);
      answers.push([`${who} ${what} ${names.get(id)}`, normalize(JSON.stringify(answer), names, hashes)]);
      return answer;
    };
    for (const id of tables.filter((id) => id !== own)) {
      const joined = await say('join', id, { type: 'join', table: id });
      const version = joined.type === 'snapshot' ? joined.version : 1;
      if (joined.type === 'snapshot')
        await say('join having seen', id, { type: 'join', table: id, version: Math.max(0, version - 4) });
      await say('act', id, { type: 'act', table: id, version, action: 'pass' });
    }
    s.close();
  }
  return answers;
}

/** The table a message is about (a snapshot's and the events' in its description, an error's in itself). */
const tableOf = (m: ServerMessage): string | undefined =>
  m.type === 'snapshot' || m.type === 'missed' ? m.table.id : 'table' in m ? (m.table as string) : undefined;

/** The answer with each known id named, times (which differ by nature) blanked, and hashes if asked. */
function normalize(text: string, names: Map<string, string>, hashes: 'blanked' | 'kept'): unknown {
  let t = text;
  for (const [id, name] of names) t = t.split(id).join(name);
  t = t
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?/g, '<time>');
  if (hashes === 'blanked') t = t.replace(/\b[0-9a-f]{64}\b/g, '<hash>');
  t = t.replace(/"(deadline|msLeft|createdAt|at|since)":\d+/g, '"$1":0');
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return t;
  }
}

/** Both worlds' answers, key for key, must be the same; else the first that moved is shown in each. */
function expectSame(a: Answers, b: Answers, dump: string): void {
  expect(a.map(([k]) => k)).toEqual(b.map(([k]) => k));
  if (process.env.PATHS_DUMP) {
    writeFileSync(`/tmp/paths-${dump}-a.json`, JSON.stringify(a, null, 1));
    writeFileSync(`/tmp/paths-${dump}-b.json`, JSON.stringify(b, null, 1));
  }
  const moved = a.flatMap(([k, answer], i) =>
    JSON.stringify(answer) === JSON.stringify(b[i]![1]) ? [] : [{ k, a: answer, b: b[i]![1] }],
  );
  const first = moved[0];
  // Where the first moved answer's two texts part, with some of what comes before.
  const [x, y] = first ? [JSON.stringify(first.a), JSON.stringify(first.b)] : ['', ''];
  let at = 0;
  while (at < x.length && x[at] === y[at]) at++;
  const from = Math.max(0, at - 300);
  const shown = first
    ? `${first.k}, from character ${from}:\n${x.slice(from, at + 300)}\n${y.slice(from, at + 300)}`
    : '';
  expect(
    moved.map(({ k }) => k),
    shown.slice(0, 4000),
  ).toEqual([]);
}

describe('hidden information on every path', () => {
  it('tells whoever may not see cards the same whatever they are, at tables of every kind', async () => {
    // Hidden tables: the whole evening again with other cards.
    // The watched tables follow on the first server as soon as its evening is over.
    const other = evening('sciezki-b');
    other.catch(() => {}); // (its failure is told where it is awaited)
    const a = await evening('sciezki-a');
    const watched = watchedEvening(a);
    watched.catch(() => {});
    const b = await other;
    await b.server.stop();
    expectSame(a.answers, b.answers, 'hidden');

    // Watched tables: the same log, with the cards nobody has played yet lying otherwise.
    const e = await watched;
    // Two copies of the stopped server's data; in one, every deal in play is re-dealt in what
    // nobody has played (redeal.ts). Both are started and asked alike.
    const same = mkdtempSync(join(tmpdir(), 'paths-same-'));
    const redealt = mkdtempSync(join(tmpdir(), 'paths-redealt-'));
    for (const d of [same, redealt]) cpSync(a.server.dataDir, d, { recursive: true });
    redealUnplayed(join(redealt, 'baska.db'), e.inPlay, 'widownia');
    const world = async (dir: string) => {
      const s = await start(ENV, dir);
      const { back, hands } = await e.seat(s.url);
      const readers = e.readers.map(([who, c, own]): Reader => {
        const r = new Client(s.url);
        r.cookie = c.cookie;
        r.headers = c.headers;
        return [who, r, own];
      });
      // One log: every commitment is the same in both, and a secret seed that got out would differ.
      const answers = await ask(s.url, e.routes, e.watched, e.names, readers, 'kept');
      for (const c of back) c.close();
      await s.stop();
      return { answers, hands };
    };
    const [x, y] = await Promise.all([world(same), world(redealt)]);
    // The worlds differ: the rated game's four people, all of them at its table, hold other cards.
    const rated = (w: typeof x) => w.hands.filter((h) => h.startsWith('<rated>'));
    expect(rated(x)).toHaveLength(4);
    expect(rated(x)).not.toEqual(rated(y));
    expectSame(x.answers, y.answers, 'watched');
  }, 180_000);
});
