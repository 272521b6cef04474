// The bounds and the cache of the claims' proofs (claims.ts), in one process on a pool with no
// worker (each proof then runs in this thread once its rate allows it), and on a worker thread:
// the same view is proved once (its claim refused while it is proved), a table proves one claim
// at a time, a player starts a few a minute, the process a few at once; a claim over a bound is
// refused with ERR_RATE. The flood at a real server is claim-flood.test.ts.
import { BotPool } from '@baska/ai/pool';
import { claimSureForView } from '@baska/ai';
import { Deal, parseCard, rulesOf, viewFor } from '@baska/engine';
import { describe, expect, it } from 'vitest';
import { ClaimProofs } from '../src/claims.js';
import { GameError } from '../src/errors.js';

/** Seat `seat`'s view after four passes and `plays` cards of the first legal card each (a deal of the `standard` rules). */
function viewAfter(plays: number, seat = 0) {
  const deal = Deal.of(
    rulesOf('standard'),
    3,
    [
      ['As', 'Ts', 'Qs', 'Js'],
      ['Ah', 'Th', 'Qh', 'Jh'],
      ['Ad', 'Td', 'Qd', 'Jd'],
      ['Ac', 'Tc', 'Qc', 'Jc'],
    ].map((h) => h.map((c) => parseCard(c)!)),
  );
  for (let i = 0; i < 4; i++) expect(deal.apply('pass').ok).toBe(true);
  for (let i = 0; i < plays; i++) expect(deal.apply(viewFor(deal, deal.toAct).legal[0]!).ok).toBe(true);
  return viewFor(deal, seat);
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof GameError ? `${e.code}: ${e.message}` : String(e)),
  );

describe('claim proofs', () => {
  it('on a worker thread, answer as in this thread', async () => {
    const workers = new BotPool(1);
    try {
      for (const plays of [3, 4, 6, 9, 12]) {
        const view = viewAfter(plays, plays % 4);
        expect(await workers.proveClaim(view)).toBe(claimSureForView(view));
      }
    } finally {
      await workers.close();
    }
  });

  const pool = new BotPool(0);
  const limits = { perMinute: 10, atOnce: 4, cacheSize: 2 };

  it('proves a view once: its repeated claim comes from the cache, and is refused while it is proved', async () => {
    const claims = new ClaimProofs(pool, limits);
    const view = viewAfter(4);
    const first = claims.judge('t1', 1, view);
    expect(await refusal(claims.judge('t1', 2, view))).toMatch(/^ERR_RATE: this claim is being proved/);
    const answer = await first;
    expect(await claims.judge('t1', 1, structuredClone(view))).toBe(answer);
    expect(await claims.judge('t2', 2, structuredClone(view))).toBe(answer); // the same view at another table
    expect(claims.counts).toEqual({ proved: 1, cached: 2, limited: 1 });
  });

  it('proves one claim at a time at a table, a few at once in the process', async () => {
    const claims = new ClaimProofs(pool, { ...limits, atOnce: 2 });
    const proving = claims.judge('t1', 1, viewAfter(4, 0));
    expect(await refusal(claims.judge('t1', 2, viewAfter(4, 1)))).toMatch(
      /^ERR_RATE: a claim is being proved at this table/,
    );
    const other = claims.judge('t2', 3, viewAfter(4, 2));
    expect(await refusal(claims.judge('t3', 4, viewAfter(4, 3)))).toMatch(
      /^ERR_RATE: the server is proving other claims/,
    );
    await Promise.all([proving, other]);
    // Once they are answered, the table proves its next claim.
    await claims.judge('t1', 2, viewAfter(4, 1));
    expect(claims.counts).toEqual({ proved: 3, cached: 0, limited: 2 });
  });

  it('lets a player start a few proofs a minute; the cache answers him beyond them', async () => {
    const claims = new ClaimProofs(pool, { ...limits, perMinute: 2 });
    const a = await claims.judge('t1', 1, viewAfter(4));
    await claims.judge('t1', 1, viewAfter(5));
    expect(await refusal(claims.judge('t1', 1, viewAfter(6)))).toMatch(/^ERR_RATE: too many claims to prove/);
    expect(await claims.judge('t1', 1, viewAfter(4))).toBe(a); // kept: no proof
    // Another player is not held back by him.
    await claims.judge('t1', 2, viewAfter(6));
    expect(claims.counts).toEqual({ proved: 3, cached: 1, limited: 1 });
  });

  it('keeps the answers of the views asked most recently only', async () => {
    const claims = new ClaimProofs(pool, limits); // two answers kept
    for (const plays of [4, 5, 6, 4]) await claims.judge('t1', 1, viewAfter(plays));
    expect(claims.counts.proved).toBe(4); // the view after 4 cards was forgotten
  });
});
