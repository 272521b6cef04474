// The outbox: nothing lost (stored before sending, kept until answered, across a reload), nothing
// doubled (one id per entry, resent as is), order kept, refusals reported once; and its fetch sender
// against a real HTTP server that drops answers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KeyValueStorage, Outbox, type OutboxItem, type SendResult, fetchSender } from '../src/outbox.js';

const memory = (): KeyValueStorage & { map: Map<string, string> } => {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
};

/** A server that keeps entries by id and answers a second send of an id with the first answer. */
function fakeServer() {
  const rows: { id: string; n: number }[] = [];
  const answers = new Map<string, number>();
  return {
    rows,
    receive(item: OutboxItem<{ n: number }>): number {
      const seen = answers.get(item.id);
      if (seen !== undefined) return seen;
      rows.push({ id: item.id, n: item.body.n });
      answers.set(item.id, rows.length);
      return rows.length;
    },
  };
}

let counter = 0;
const ids = () => `e${++counter}`;

describe('the outbox', () => {
  it('keeps entries made offline, sends them in order when the connection returns, once each', async () => {
    const storage = memory();
    const server = fakeServer();
    let online = false;
    const done: number[] = [];
    const box = new Outbox<{ n: number }, number>({
      storage,
      name: 'pad',
      newId: ids,
      send: async (item) => (online ? { kind: 'done', answer: server.receive(item) } : { kind: 'offline' }),
      onDone: (_i, a) => done.push(a),
    });
    for (const n of [1, 2, 3]) {
      box.enqueue('p1', { n });
      await box.flush();
    }
    expect(server.rows).toEqual([]);
    expect(box.pending().map((i) => i.body.n)).toEqual([1, 2, 3]);
    expect(box.pending()[0]!.tries).toBe(3); // tried at each flush, still first in line
    online = true;
    await box.flush();
    expect(server.rows.map((r) => r.n)).toEqual([1, 2, 3]);
    expect(done).toEqual([1, 2, 3]);
    expect(box.pending()).toEqual([]);
  });

  it('an answer lost on the way back: the same id is sent again, and the server does not double it', async () => {
    const storage = memory();
    const server = fakeServer();
    let dropAnswer = true;
    const box = new Outbox<{ n: number }, number>({
      storage,
      name: 'pad',
      newId: ids,
      send: async (item) => {
        const answer = server.receive(item); // the server stored it...
        if (dropAnswer) return { kind: 'offline' }; // ...but the phone never heard back
        return { kind: 'done', answer };
      },
    });
    box.enqueue('p1', { n: 7 });
    await box.flush();
    expect(box.pending()).toHaveLength(1);
    dropAnswer = false;
    await box.flush();
    expect(server.rows).toHaveLength(1);
    expect(box.pending()).toHaveLength(0);
  });

  it('survives a reload: a new outbox over the same storage sends what the old one queued', async () => {
    const storage = memory();
    const server = fakeServer();
    const before = new Outbox<{ n: number }>({
      storage,
      name: 'pad',
      newId: ids,
      send: async () => ({ kind: 'offline' }),
    });
    const queued = before.enqueue('p1', { n: 1 });
    const after = new Outbox<{ n: number }, number>({
      storage,
      name: 'pad',
      send: async (item) => ({ kind: 'done', answer: server.receive(item) }),
    });
    await after.flush();
    expect(server.rows).toEqual([{ id: queued.id, n: 1 }]);
  });

  it('a refusal is final: reported once, removed, and the entries behind it still go', async () => {
    const storage = memory();
    const server = fakeServer();
    const refused: string[] = [];
    const box = new Outbox<{ n: number }, number>({
      storage,
      name: 'pad',
      newId: ids,
      send: async (item): Promise<SendResult<number>> =>
        item.body.n < 0
          ? { kind: 'refused', code: 'ERR_SUM', message: 'no' }
          : { kind: 'done', answer: server.receive(item) },
      onRefused: (_i, code) => refused.push(code),
    });
    box.enqueue('p1', { n: -1 });
    box.enqueue('p1', { n: 2 });
    await box.flush();
    expect(refused).toEqual(['ERR_SUM']);
    expect(server.rows.map((r) => r.n)).toEqual([2]);
  });

  it('two flushes at once send each entry once; a send that throws counts as offline', async () => {
    const storage = memory();
    const server = fakeServer();
    let fail = true;
    const box = new Outbox<{ n: number }, number>({
      storage,
      name: 'pad',
      newId: ids,
      send: async (item) => {
        await new Promise((r) => setTimeout(r, 5));
        if (fail) throw new TypeError('Failed to fetch');
        return { kind: 'done', answer: server.receive(item) };
      },
    });
    box.enqueue('p1', { n: 1 });
    await box.flush();
    expect(box.pending()).toHaveLength(1);
    fail = false;
    box.enqueue('p1', { n: 2 });
    await Promise.all([box.flush(), box.flush(), box.flush()]);
    expect(server.rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('reads broken storage as empty rather than failing', async () => {
    const storage = memory();
    storage.setItem('baska.outbox.pad', '{not json');
    const box = new Outbox({ storage, name: 'pad', send: async () => ({ kind: 'offline' }) });
    expect(box.pending()).toEqual([]);
    box.enqueue('p', {});
    expect(box.pending()).toHaveLength(1);
  });
});

describe('the fetch sender, against a real HTTP server', () => {
  const seen = new Map<string, string>();
  let dropNext = false;
  let url = '';
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const { id, n } = JSON.parse(body) as { id: string; n: number };
      if (req.url === '/auth') {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":"ERR_AUTH","message":"x"}}');
        return;
      }
      if (n < 0) {
        res.writeHead(409, { 'content-type': 'application/json' }).end('{"error":{"code":"ERR_SUM","message":"x"}}');
        return;
      }
      if (!seen.has(id)) seen.set(id, JSON.stringify({ row: seen.size + 1 }));
      if (dropNext) {
        dropNext = false;
        req.socket.destroy(); // the answer never arrives
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(seen.get(id));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('done, refused, offline and held for a sign-in, by what the server answers', async () => {
    const storage = memory();
    const outcomes: string[] = [];
    const box = new Outbox<{ n: number }, { row: number }>({
      storage,
      name: 'http',
      newId: ids,
      send: fetchSender((i) => `${url}/${i.target}`),
      onDone: (_i, a) => outcomes.push(`row ${a.row}`),
      onRefused: (_i, code) => outcomes.push(code),
    });
    dropNext = true;
    box.enqueue('pads', { n: 1 });
    await box.flush();
    expect(box.pending()).toHaveLength(1); // the server has it, the phone does not know
    await box.flush();
    expect(outcomes).toEqual(['row 1']); // the same row, not a second one
    expect(seen.size).toBe(1);
    box.enqueue('pads', { n: -5 });
    await box.flush();
    expect(outcomes).toEqual(['row 1', 'ERR_SUM']);
    box.enqueue('auth', { n: 1 });
    await box.flush();
    expect(box.pending()).toHaveLength(1); // kept until the player signs in again
    const dead = new Outbox<{ n: number }>({
      storage: memory(),
      name: 'x',
      send: fetchSender(() => 'http://127.0.0.1:1/'),
    });
    dead.enqueue('t', { n: 1 });
    await dead.flush();
    expect(dead.pending()).toHaveLength(1);
  });
});
