import { describe, expect, it } from 'vitest';
import { Table, recordOfTable, rulesOf } from '@baska/engine';
import { PLAIN, TIE, rotate, run } from './helpers.js';

function playDeals(table: Table, deals: (typeof TIE)[]) {
  for (const d of deals) {
    const started = table.newDeal(rotate(d.hands, table.nextDealer));
    expect(started.ok).toBe(true);
    run(table, d.actions);
  }
}

describe('a table // RULES §1, §5', () => {
  it('rotates the dealer clockwise and keeps running totals', () => {
    const t = new Table({ rules: rulesOf('standard'), dealer: 2 });
    playDeals(t, [PLAIN, PLAIN, PLAIN]);
    expect(t.deals.map((d) => d.dealer)).toEqual([2, 3, 0]);
    expect(t.deals.map((d) => d.forehand)).toEqual([3, 0, 1]);
    expect(t.nextDealer).toBe(1);
    const sum = [0, 1, 2, 3].map((s) => t.deals.reduce((a, d) => a + d.score!.scores[s]!, 0));
    expect(t.totals).toEqual(sum);
  });

  it('a tie starts a bok-round: the next four deals count double', () => {
    const t = new Table({ rules: rulesOf('standard'), dealer: 3 });
    playDeals(t, [TIE]);
    expect(t.bokDealsLeft).toBe(4);
    playDeals(t, [PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]);
    expect(t.deals.map((d) => d.inBokRound)).toEqual([false, true, true, true, true, false]);
    expect(t.deals.map((d) => d.score!.value)).toEqual([8, 2, 2, 2, 2, 1]);
    expect(t.bokDealsLeft).toBe(0);
  });

  it('bok-rounds never overlap: a tie inside one adds four deals after the current ones, at ×2 (never ×4)', () => {
    const t = new Table({ rules: rulesOf('standard'), dealer: 3 });
    playDeals(t, [TIE, PLAIN, TIE]);
    expect(t.bokDealsLeft).toBe(4 - 2 + 4);
    expect(t.deals[2]!.score!.value).toBe(16); // cicha lost: 4 × 2 (loss) × 2 (bok) — not ×4
    playDeals(t, Array(6).fill(PLAIN));
    expect(t.deals.map((d) => d.inBokRound)).toEqual([false, true, true, true, true, true, true, true, true]);
    expect(t.bokDealsLeft).toBe(0);
    playDeals(t, [PLAIN]);
    expect(t.deals[9]!.inBokRound).toBe(false);
  });

  it('no bok-round under kop', () => {
    const t = new Table({ rules: rulesOf('kop'), dealer: 3 });
    playDeals(t, [TIE, PLAIN]);
    expect(t.bokDealsLeft).toBe(0);
    expect(t.deals[1]!.inBokRound).toBe(false);
  });

  it('will not start a deal before the current one ends; shuffles with a seed reproducibly', () => {
    const t = new Table({ rules: rulesOf('standard'), seed: 'zażółć' });
    t.newDeal();
    expect(t.newDeal().ok).toBe(false);
    const u = new Table({ rules: rulesOf('standard'), seed: 'zażółć' });
    u.newDeal();
    expect(recordOfTable(u, 'standard')).toEqual(recordOfTable(t, 'standard'));
    const w = new Table({ rules: rulesOf('standard'), seed: 'other' });
    w.newDeal();
    expect(recordOfTable(w, 'standard')).not.toEqual(recordOfTable(t, 'standard'));
  });

  it('draws the first dealer at random when none is given', () => {
    const dealers = new Set(
      Array.from({ length: 40 }, (_, i) => new Table({ rules: rulesOf('standard'), seed: i }).nextDealer),
    );
    expect(dealers.size).toBe(4);
  });
});
