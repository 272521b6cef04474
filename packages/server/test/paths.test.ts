// Hidden information on every path, not only in the views (ARCHITECTURE: "a view is a function of
// what its viewer has seen"). The same evening is played on two real server processes whose hidden
// tables deal different cards: a private table that has ended, a private table and a private table of
// five in play, and a sealed duplicate round whose first table has ended while the second plays. Then
// three people who may not see those cards — someone not signed in, a registered player at none of
// the tables, and a player of the round's other table — ask every HTTP route and socket message they
// can reach about those tables and the player who sat at them. Every answer must be the same on both
// servers (ids, times and the round's commitment aside): an answer that moved with the cards told
// its reader something he may not know. views.test.ts proves the same of a table's own views, deal by
// deal, on Room itself.
import type { ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, autoplay, playSeat, registered, start, stopAll, tableWithBots } from './harness.js';

afterAll(stopAll);

type Answers = [string, unknown][];

/** Play P's part and the tournament, then ask as each outsider would; the answers with ids named. */
async function evening(seed: string): Promise<Answers> {
  const server = await start({ BASKA_TABLE_SEED: seed });
  const url = server.url;
  const dir = (await registered(url, 'Sędzia Ścieżek')).c;
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
  const answers: Answers = [];
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
    '/api/me/tournaments',
    '/api/me/games',
  ];
  // X plays at the round's second table: what he is shown of his own table moves with his own
  // cards, as it should; everything else must not.
  for (const [who, c, own] of [
    ['anyone', anyone, ''],
    ['outsider', o, ''],
    ['other table', x, second],
  ] as const) {
    for (const route of routes.filter((r) => !own || !r.startsWith(`/api/tables/${own}`))) {
      const r = await fetch(url + route, { headers: { cookie: c.cookie } });
      const text = await r.text();
      answers.push([
        `${who} GET ${String(normalize(route, names))}`,
        { status: r.status, body: normalize(text, names) },
      ]);
    }
    // The socket: joining each hidden table, as far as the server lets him.
    const s = new Client(url);
    s.cookie = c.cookie;
    await s.connect();
    for (const id of [ended, four, five, first, second].filter((id) => id !== own)) {
      const mark = s.mark();
      s.send({ type: 'join', table: id });
      const m = await s.next((m) => (m.type === 'error' || m.type === 'snapshot') && 'table' in m, 20_000, mark);
      answers.push([`${who} join ${names.get(id)}`, normalize(JSON.stringify(m), names)]);
    }
    s.close();
  }
  for (const t of tabs) t.close();
  await server.stop();
  return answers;
}

/** The answer with each known id named, and times and hashes (which differ by nature) blanked. */
function normalize(text: string, names: Map<string, string>): unknown {
  let t = text;
  for (const [id, name] of names) t = t.split(id).join(name);
  t = t
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\d(:\d\d)?/g, '<time>')
    .replace(/\b[0-9a-f]{64}\b/g, '<hash>')
    .replace(/"(deadline|msLeft|createdAt|at|since)":\d+/g, '"$1":0');
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return t;
  }
}

describe('hidden information on every path', () => {
  it('tells an outsider the same of hidden tables and their player whatever cards were dealt', async () => {
    const [a, b] = await Promise.all([evening('sciezki-a'), evening('sciezki-b')]);
    expect(a.map(([k]) => k)).toEqual(b.map(([k]) => k));
    if (process.env.PATHS_DUMP) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync('/tmp/paths-a.json', JSON.stringify(a, null, 1));
      writeFileSync('/tmp/paths-b.json', JSON.stringify(b, null, 1));
    }
    const moved = a.filter(([, answer], i) => JSON.stringify(answer) !== JSON.stringify(b[i]![1]));
    const shown = moved
      .slice(0, 1)
      .map(
        ([k], i) =>
          `${k}:\n${JSON.stringify(a[a.indexOf(moved[i]!)]![1])}\n${JSON.stringify(b[a.indexOf(moved[i]!)]![1])}`,
      );
    expect(
      moved.map(([k]) => k),
      shown.join('\n').slice(0, 4000),
    ).toEqual([]);
  }, 180_000);
});
