import { describe, expect, it } from 'vitest';
import { SeededRng, Table, rulesOf, viewFor } from '@baska/engine';
import { randomBot } from '@baska/ai';

describe('random bot', () => {
  it('plays complete games under every preset from its own view only, reproducibly from a seed', () => {
    for (const preset of ['standard', 'leborsk', 'znin', 'kop'] as const) {
      const play = (seed: number) => {
        const rng = new SeededRng(seed);
        const table = new Table({ rules: rulesOf(preset), dealer: 0, rng });
        for (let k = 0; k < 50; k++) {
          const deal = table.newDeal();
          if (!deal.ok) throw new Error(deal.error.message);
          while (!deal.value.isComplete) {
            const action = randomBot.decide(viewFor(deal.value, deal.value.toAct), rng);
            expect(table.apply(action).ok).toBe(true);
          }
        }
        return table.totals;
      };
      expect(play(3)).toEqual(play(3));
    }
  });

  it('refuses to act when it is not its turn', () => {
    const table = new Table({ rules: rulesOf('standard'), dealer: 0, seed: 1 });
    const deal = table.newDeal();
    const view = viewFor(deal.ok ? deal.value : (null as never), 0); // seat 2 calls first
    expect(() => randomBot.decide(view, new SeededRng(1))).toThrow();
  });
});
