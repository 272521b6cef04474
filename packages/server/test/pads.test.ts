// Score pads on the server, as a real process on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL:
// a pad through a bok-round and an undo, entries idempotent by id (also two sends at once), the
// watcher's read-only link with `since`, and hostile requests refused with a code, changing nothing.
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, start, stopAll, registered } from './harness.js';

afterAll(stopAll);

const words = (oldPoints: number) => ({ contract: 'zwyczajna', old: [0, 2], oldPoints });

describe.each(DATABASES)('score pads on $name', (database) => {
  it('a pad with a bok-round and an undo; entries by id once; a watcher follows by version', async () => {
    const server = await start(database.env());
    const anna = (await registered(server.url, 'Anna')).c;
    const made = await anna.http('POST', '/api/pads', {
      names: ['Anna', 'Bolek', 'Celina', 'Darek'],
      preset: 'znin',
      stake: 20,
    });
    expect(made.status).toBe(200);
    const id: string = made.body.pad.id;
    expect(made.body.pad).toMatchObject({ version: 0, mine: true, totals: [0, 0, 0, 0], rules: 'znin' });

    const add = (entry: string, body: object) => anna.http('POST', `/api/pads/${id}/entries`, { id: entry, ...body });
    expect((await add('deal-0001', { words: words(70) })).body.pad.totals).toEqual([1, -1, 1, -1]);
    const tie = await add('deal-0002', { words: words(52) });
    expect(tie.body.pad.rows[1]).toMatchObject({ tie: true, scores: [-2, 2, -2, 2] });
    expect(tie.body.pad.bokDealsLeft).toBe(4);
    const bok = await add('deal-0003', { words: { contract: 'gran', old: [1], winner: 'old', doublings: 1 } });
    expect(bok.body.pad.rows[2]).toMatchObject({ bokRound: true, scores: [-20, 60, -20, -20] });

    // Doublings as said at the table: the server counts them (Anna's kontra and Celina's rekontra are
    // one side's and count once, Bolek's bok answers them: 2 counted); a count sent beside them is
    // refused, not trusted.
    const said = [
      { seat: 0, word: 'kontra' },
      { seat: 2, word: 'rekontra' },
      { seat: 1, word: 'bok' },
    ];
    const saidGran = { contract: 'gran', old: [1], winner: 'old', said };
    expect((await add('deal-said-x', { words: { ...saidGran, doublings: 0 } })).body.error.code).toBe('ERR_ENTRY');
    const counted = await add('deal-said-1', { words: saidGran });
    expect(counted.body.pad.rows[3]).toMatchObject({ counted: 2, contract: 'gran', old: [1], bokRound: true });
    expect(counted.body.pad.rows[3].scores).toEqual([-40, 120, -40, -40]);
    await anna.http('POST', `/api/pads/${id}/undo`, { entry: 'deal-said-1' });

    // The same id again, even with other words: the first answer stands, nothing doubles.
    const again = await add('deal-0003', { words: words(104) });
    expect(again.body).toMatchObject({ duplicate: true });
    expect(again.body.pad.rows).toHaveLength(3);
    // Two sends of one new id at once: one deal.
    const both = await Promise.all([1, 2].map(() => add('deal-0004', { scores: [2, -2, 2, -2] })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    let pad = (await anna.http('GET', `/api/pads/${id}`)).body.pad;
    expect(pad.rows).toHaveLength(4);
    expect(pad.totals).toEqual([-19, 59, -19, -21]);
    expect(pad.money).toEqual([-380, 1180, -380, -420]);

    // A watcher with the link, not signed in: the same pad, read-only.
    const watcher = new Client(server.url);
    const seen = await watcher.http('GET', `/api/pads/${id}`);
    expect(seen.body.pad).toMatchObject({ mine: false, totals: pad.totals, version: pad.version });
    expect((await watcher.http('GET', `/api/pads/${id}?since=${pad.version}`)).body).toEqual({
      unchanged: true,
      version: pad.version,
    });

    // Undo the last deal, by its id: sent twice, one deal comes off.
    const undo = () => anna.http('POST', `/api/pads/${id}/undo`, { entry: 'deal-0004' });
    expect((await undo()).body.pad.rows).toHaveLength(3);
    expect((await undo()).body.pad.rows).toHaveLength(3);
    expect((await anna.http('POST', `/api/pads/${id}/undo`, { entry: 'deal-0001' })).body.error.code).toBe('ERR_STALE');
    // An undone id sent late changes nothing either.
    expect((await add('deal-0004', { scores: [2, -2, 2, -2] })).body).toMatchObject({ duplicate: true });
    const changed = await watcher.http('GET', `/api/pads/${id}?since=${pad.version}`);
    expect(changed.body.pad.rows).toHaveLength(3);
    expect(changed.body.pad.bokDealsLeft).toBe(3);

    // The pad survives a restart of the server.
    pad = changed.body.pad;
    await server.stop();
    const again2 = await start(server.env, server.dataDir);
    const anna2 = new Client(again2.url);
    anna2.cookie = anna.cookie;
    const reloaded = (await anna2.http('GET', `/api/pads/${id}`)).body.pad;
    expect(reloaded).toEqual({ ...pad, mine: true });
    const list = (await anna2.http('GET', '/api/pads')).body;
    expect(list.pads, JSON.stringify(list)).toMatchObject([{ id, deals: 3 }]);
  });

  it('hostile requests: each a coded error, and the pad unchanged', async () => {
    const server = await start(database.env());
    const anna = (await registered(server.url, 'Anna')).c;
    const bolek = (await registered(server.url, 'Bolek')).c;
    const guest = new Client(server.url);
    await guest.guest('Gosc');
    const id: string = (await anna.http('POST', '/api/pads', { names: ['A', 'B', 'C', 'D'] })).body.pad.id;
    await anna.http('POST', `/api/pads/${id}/entries`, { id: 'first-001', words: words(70) });
    const before = (await anna.http('GET', `/api/pads/${id}`)).body.pad;

    const cases: [Client, string, string, unknown, string][] = [
      [anna, 'POST', `/api/pads/${id}/entries`, { id: 'bad-sum-01', scores: [1, 1, 1, -1] }, 'ERR_SUM'],
      [
        anna,
        'POST',
        `/api/pads/${id}/entries`,
        { id: 'bad-word-1', words: { contract: 'poker', old: [0] } },
        'ERR_ENTRY',
      ],
      [
        anna,
        'POST',
        `/api/pads/${id}/entries`,
        {
          id: 'bad-offe-1',
          words: { contract: 'zollo', old: [0], offence: { seat: 0, kind: 'shown', tookRest: false } },
        },
        'ERR_OFFENCE',
      ],
      [
        anna,
        'POST',
        `/api/pads/${id}/entries`,
        // the soloist's own first kontra on his gran (RULES §3)
        { id: 'bad-said-1', words: { contract: 'gran', old: [1], winner: 'old', said: [{ seat: 1, word: 'kontra' }] } },
        'ERR_SAID',
      ],
      [
        anna,
        'POST',
        `/api/pads/${id}/entries`,
        // rekontra with no kontra before it, and one player twice in a row
        {
          id: 'bad-said-2',
          words: {
            contract: 'zwyczajna',
            old: [0, 2],
            winner: 'old',
            grade: 1,
            said: [
              { seat: 1, word: 'kontra' },
              { seat: 1, word: 'rekontra' },
            ],
          },
        },
        'ERR_SAID',
      ],
      [
        anna,
        'POST',
        `/api/pads/${id}/entries`,
        {
          id: 'bad-said-3',
          words: { contract: 'gran', old: [1], winner: 'old', said: [{ seat: 0, word: 'kontra' }], doublings: 4 },
        },
        'ERR_ENTRY',
      ],
      [
        anna,
        'POST',
        `/api/pads/${id}/entries`,
        { id: 'bad-said-4', words: { contract: 'gran', old: [1], winner: 'old', said: [{ seat: 0, word: '<b>' }] } },
        'ERR_ENTRY',
      ],
      [anna, 'POST', `/api/pads/${id}/entries`, { scores: [0, 0, 0, 0] }, 'ERR_SCHEMA'], // no id
      [anna, 'POST', `/api/pads/${id}/entries`, { id: 'x', scores: [0, 0, 0, 0] }, 'ERR_SCHEMA'],
      [anna, 'POST', `/api/pads/${id}/entries`, { id: 'extra-0001', scores: [0, 0, 0, 0], owner: 1 }, 'ERR_SCHEMA'],
      [bolek, 'POST', `/api/pads/${id}/entries`, { id: 'bolek-0001', scores: [5, -5, 0, 0] }, 'ERR_NOT_OWNER'],
      [bolek, 'POST', `/api/pads/${id}/undo`, { entry: 'first-001' }, 'ERR_NOT_OWNER'],
      [guest, 'POST', `/api/pads/${id}/entries`, { id: 'guest-0001', scores: [5, -5, 0, 0] }, 'ERR_AUTH'],
      [
        new Client(server.url),
        'POST',
        `/api/pads/${id}/entries`,
        { id: 'anon-00001', scores: [5, -5, 0, 0] },
        'ERR_AUTH',
      ],
      [anna, 'POST', '/api/pads/nosuchpad1/entries', { id: 'lost-00001', scores: [0, 0, 0, 0] }, 'ERR_NOT_FOUND'],
      [anna, 'GET', '/api/pads/%2e%2e%2fetc', undefined, 'ERR_NOT_FOUND'],
      [anna, 'POST', '/api/pads', { names: ['A', 'A', 'B', 'C'] }, 'ERR_PAD'],
      [anna, 'POST', '/api/pads', { names: ['A', 'B', 'C'] }, 'ERR_SCHEMA'],
      [anna, 'POST', '/api/pads', { names: ['A', 'B', 'C', 'D'], options: { bokRound: 'yes' } }, 'ERR_RULES'],
      [anna, 'POST', '/api/pads', { names: ['A', 'B', 'C', 'D'], options: { games: 'all' } }, 'ERR_RULES'],
      [guest, 'POST', '/api/pads', { names: ['A', 'B', 'C', 'D'] }, 'ERR_AUTH'],
    ];
    for (const [who, method, path, body, code] of cases) {
      const r = await who.http(method, path, body);
      expect(r.body.error?.code, `${method} ${path} ${JSON.stringify(body)}`).toBe(code);
      expect(r.status).toBeGreaterThanOrEqual(400);
    }
    expect((await anna.http('GET', `/api/pads/${id}`)).body.pad).toEqual(before);
    expect((await bolek.http('GET', '/api/pads')).body.pads).toEqual([]);
  });
});
