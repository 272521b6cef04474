import { expect } from 'vitest';
import fc from 'fast-check';
import {
  type Deal,
  type Options,
  type Preset,
  SeededRng,
  Table,
  cardCode,
  makeRecord,
  parseRecord,
  loadRecordText,
  randomInt,
  recordOfTable,
  rulesOf,
  scoreRecord,
  viewFor,
  type RulesSpec,
} from '@baska/engine';
import { cardsOf } from '@baska/engine/fast';
import { FULL_DECK } from '../src/cards.js';
import { naiveLegal } from './naive.js';

// Rules: a preset, sometimes with variant options of RULES §8 switched on.
const rulesArb = fc.record({
  preset: fc.constantFrom<Preset>('standard', 'leborsk', 'znin', 'kop'),
  variants: fc.option(
    fc.record(
      {
        cardOrder: fc.constantFrom('normal', 'asTrzyDychy'),
        weseleNamedJack: fc.boolean(),
        weseleSelfKontra: fc.boolean(),
        granMustTrump: fc.boolean(),
        maxDoubling: fc.integer({ min: 0, max: 7 }),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined },
  ),
});
const specOf = (r: { preset: Preset; variants?: Partial<Options> }): RulesSpec =>
  r.variants && Object.keys(r.variants).length ? { preset: r.preset, ...r.variants } : r.preset;

/** Play `deals` random deals; a player passes with probability `passBias`, else picks any legal action. */
function playTable(spec: RulesSpec, seed: number, deals: number, passBias: number, onStep?: (d: Deal) => void) {
  const rng = new SeededRng(seed);
  const table = new Table({ rules: rulesOf(spec), rng });
  const moves: number[] = [];
  for (let k = 0; k < deals; k++) {
    const deal = table.newDeal().ok ? table.current! : undefined;
    if (!deal) throw new Error('could not deal');
    onStep?.(deal);
    while (!deal.isComplete) {
      const n = deal.legalMovesInto(moves);
      check(n > 0, 'a non-finished deal has no legal action');
      const pass = deal.phase === 'auction' && moves[0] === 0 && rng.nextUint32() / 2 ** 32 < passBias;
      const error = table.applyMove(pass ? 0 : moves[randomInt(rng, n)]!);
      check(error === null, `a legal action was refused: ${error?.message}`);
      onStep?.(deal);
    }
  }
  return table;
}

const gameArb = fc.record({
  rules: rulesArb,
  seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  passBias: fc.double({ min: 0, max: 1, noNaN: true }),
});

/** A plain assertion for the per-step checks (vitest's expect is too slow to call millions of times). */
function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

/** Every invariant at every step of 2,000 random deals (500 tables of 4) under one preset. */
export function checkPreset(preset: Preset, numRuns = 500): void {
  fc.assert(
    fc.property(gameArb, ({ rules, seed, passBias }) => {
      const spec = specOf({ ...rules, preset });
      const table = playTable(spec, seed, 4, passBias, (d) => {
        // The 16 cards are always conserved: in exactly one hand, or played.
        let all = 0;
        for (let s = 0; s < 4; s++) {
          check((all & d.hand[s]!) === 0, 'a card in two hands');
          all |= d.hand[s]!;
        }
        for (let i = 0; i < d.nPlays; i++) all |= 1 << d.plays[i]!;
        check(all === FULL_DECK, 'a card lost');
        check(d.nPlays + d.hand.reduce((a, h) => a + cardsOf(h).length, 0) === 16, 'a card counted twice');
        // The engine and the plain implementation agree on the legal cards.
        if (d.phase === 'play') {
          const start = d.nPlays - (d.nPlays & 3);
          const trick = Array.from(d.plays.subarray(start, d.nPlays), cardCode);
          const hand = cardsOf(d.hand[d.toAct]!).map(cardCode);
          const engine = [...d.legal()].sort().join(' ');
          const plain = [...naiveLegal(d.order.name, hand, trick, d.rules.granMustTrump)].sort().join(' ');
          check(engine === plain, `legal cards ${engine} but the plain rules say ${plain}`);
        }
        for (let seat = 0; seat < 4; seat++) {
          const view = viewFor(d, seat);
          // A view never holds a card of another player's unplayed hand (serialised and searched).
          const text = JSON.stringify(view);
          for (let other = 0; other < 4; other++) {
            if (other === seat) continue;
            for (const c of cardsOf(d.hand[other]!))
              check(!text.includes(`"${cardCode(c)}"`), `seat ${seat} sees ${cardCode(c)} of seat ${other}`);
          }
          // Every side and contract a view shows is the true one (it shows nothing it cannot know).
          view.sides.forEach((side, s) => {
            if (side !== null)
              check(side === ((d.oldSeats >> s) & 1 ? 'old' : 'young'), `seat ${seat} sees a wrong side`);
          });
          check(view.contract === null || view.contract === d.contract, `seat ${seat} sees a wrong contract`);
        }
      });
      for (const d of table.deals) {
        const s = d.score!;
        expect(s.scores.reduce((a, b) => a + b, 0)).toBe(0); // every deal sums to zero
        if (s.oldPoints !== null) expect(s.oldPoints + s.youngPoints!).toBe(104);
        if (s.oldTricks !== null) expect(s.oldTricks + s.youngTricks!).toBe(4);
      }
      const record = recordOfTable(table, spec);
      expect(parseRecord(makeRecord(record))).toEqual({ ok: true, value: record }); // exact round trip
      const loaded = loadRecordText(makeRecord(record));
      const scored = loaded.ok && scoreRecord(loaded.value);
      expect(scored && scored.ok && scored.value.totals).toEqual(table.totals);
    }),
    { numRuns },
  );
}
