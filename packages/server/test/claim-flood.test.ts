// A seated player who floods claims cannot stall the server (issue "Nothing leaks, nothing stalls"),
// at a real server process over real sockets. He sends the claim his view does not prove from three
// sockets at the most messages a connection may send (BASKA_MESSAGES_PER_SECOND), while another
// client keeps asking /healthz: every /healthz is answered, every claim is refused with a code and
// changes nothing, and the server proves the view once (the proofs run on the worker threads; the
// same view's claim is answered from the cache). A claim over the player's rate of proofs is refused
// with ERR_RATE.
import type { ServerMessage } from '@baska/protocol';
import { claimSureForView } from '@baska/ai';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, start, stopAll, versionOf, viewOf } from './harness.js';

afterAll(stopAll);

const RATE = 20; // messages a second per connection: the server's default
const FLOOD_MS = 2000;

// The first deal of a table seeded so: after four passes and the first trick (Ts Qs As Ah), seat 0's
// view allows few enough layouts to be proved, and its proof spends the whole budget of nodes
// (CLAIM_LIMITS) before it can say "too early to prove": the costliest claim there is, a few hundred
// milliseconds. Found by a search over seeds and lines of play.
const SEED = 'claim-flood-26';
const LINE = ['pass', 'pass', 'pass', 'pass', 'Ts', 'Qs', 'As', 'Ah'];
const NAMES = ['Klejnotka', 'Bernard', 'Celestyna', 'Damroka'];

/** Four guests at a table of their own, the line played: the players, the table, seat 0's view and its version. */
async function atCostlyClaim(url: string) {
  const players = NAMES.map(() => new Client(url));
  await Promise.all(players.map((p, i) => p.guest(NAMES[i]!)));
  const created = await players[0]!.http('POST', '/api/tables', { seat: 0, secondsPerMove: 600, deals: 1 });
  const id = created.body.table.id as string;
  for (const [seat, p] of players.entries()) {
    if (seat > 0) expect((await p.http('POST', `/api/tables/${id}/sit`, { seat })).status).toBe(200);
    await p.connect();
    p.send({ type: 'join', table: id });
    await p.next((m) => m.type === 'snapshot', 20_000, 0);
  }
  const owner = players[0]!;
  expect((await owner.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
  let last = await owner.next((m) => viewOf(m)?.toAct !== undefined && viewOf(m)?.phase === 'auction', 20_000, 0);
  for (const action of LINE) {
    const version = versionOf(last);
    const seat = viewOf(last)!.toAct!;
    const p = players[seat]!;
    p.send({ type: 'act', table: id, version, action });
    const m = await p.next((x) => x.type === 'error' || versionOf(x) > version, 20_000, 0);
    if (m.type === 'error') throw new Error(`${action}: ${m.code} ${m.message}`);
    last = await owner.next((x) => versionOf(x) >= versionOf(m), 20_000, 0);
  }
  return { players, id, view: viewOf(last)!, version: versionOf(last) };
}

interface Health {
  claims: { proved: number; cached: number; limited: number };
}

describe('a flood of claims', () => {
  it('is answered from one proof, off the event loop, while /healthz keeps answering', async () => {
    const server = await start({
      BASKA_TABLE_SEED: SEED,
      BASKA_MESSAGES_PER_SECOND: String(RATE),
      BASKA_CLAIMS_PER_MINUTE: '1',
    });
    const { players, id, view, version } = await atCostlyClaim(server.url);
    const c = players[0]!;
    const t0 = performance.now();
    expect(claimSureForView(view)).toBeNull(); // too early to prove, and only after the whole budget
    const proofMs = performance.now() - t0;

    // Two more sockets of the same player at the table.
    const sockets = [c];
    for (let i = 0; i < 2; i++) {
      const s = new Client(server.url);
      s.cookie = c.cookie;
      await s.connect();
      s.send({ type: 'join', table: id });
      await s.next((m) => m.type === 'snapshot', 20_000, 0);
      sockets.push(s);
    }
    const marks = sockets.map((s) => s.mark());

    // /healthz, asked again as soon as it answers (a tenth of a second apart), during the flood and
    // until every claim is answered; each must answer (10 s is the patience of a load balancer).
    const latencies: number[] = [];
    let asking = true;
    const health = (async () => {
      while (asking) {
        const t = performance.now();
        const r = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(() => {
          throw new Error('/healthz did not answer within 10 s during the flood');
        });
        expect(r.status).toBe(200);
        await r.json();
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const healthFailed = health.then(() => new Promise<never>(() => {}));

    // The flood: each socket sends the claim RATE times a second.
    const sent = [0, 0, 0];
    const began = performance.now();
    while (performance.now() - began < FLOOD_MS) {
      for (const [i, s] of sockets.entries()) {
        s.send({ type: 'act', table: id, version, action: 'claim' });
        sent[i]!++;
      }
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    // Every claim is answered, each with a code: refused (ERR_CLAIM), or over a limit (ERR_RATE).
    const answers: Extract<ServerMessage, { type: 'error' }>[] = [];
    const collect = async () => {
      for (const [i, s] of sockets.entries()) {
        for (let n = 0, from = marks[i]!; n < sent[i]!; n++) {
          const m = await s.next((x) => x.type === 'error', 20_000, from);
          from = s.messages.indexOf(m) + 1;
          if (m.type === 'error') answers.push(m);
        }
      }
    };
    await Promise.race([collect(), healthFailed]);
    asking = false;
    await health;
    const codes = new Set(answers.map((a) => a.code));
    expect([...codes].every((code) => code === 'ERR_CLAIM' || code === 'ERR_RATE')).toBe(true);
    expect(codes.has('ERR_CLAIM')).toBe(true);
    // Nothing else came: no claim was accepted, the table did not move.
    for (const [i, s] of sockets.entries())
      expect(s.messages.slice(marks[i]).every((m) => m.type === 'error')).toBe(true);
    const mark = c.mark();
    c.send({ type: 'join', table: id });
    const snap = await c.next((m) => m.type === 'snapshot', 20_000, mark);
    expect([versionOf(snap), viewOf(snap)]).toEqual([version, view]);

    // One proof for the one view; every other claim answered without one.
    const h = (await (await fetch(`${server.url}/healthz`)).json()) as Health;
    const judged = answers.filter((a) => a.code === 'ERR_CLAIM' || a.message !== 'too many messages; slow down');
    expect(h.claims.proved).toBe(1);
    expect(h.claims.proved + h.claims.cached + h.claims.limited).toBe(judged.length);
    latencies.sort((a, b) => a - b);
    console.log(
      `claim flood: ${sent.reduce((a, b) => a + b)} claims (a proof takes ${proofMs.toFixed(1)} ms here), ` +
        `${latencies.length} /healthz, slowest ${Math.round(latencies.at(-1)!)} ms`,
    );

    // His next view is a new proof: over his rate (one a minute here), refused with ERR_RATE.
    const seat = view.toAct!;
    const p = players[seat]!;
    p.send({ type: 'act', table: id, version, action: viewOf(p.messages.findLast((m) => viewOf(m))!)!.legal[0]! });
    const moved = await c.next((m) => versionOf(m) > version, 20_000, c.mark());
    const before = c.mark();
    c.send({ type: 'act', table: id, version: versionOf(moved), action: 'claim' });
    const over = await c.next((m) => m.type === 'error', 20_000, before);
    expect(over.type === 'error' && [over.code, over.message]).toEqual([
      'ERR_RATE',
      expect.stringMatching(/too many claims to prove/),
    ]);
  }, 60_000);
});
