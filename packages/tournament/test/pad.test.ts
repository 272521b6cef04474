// The score pad: totals, the bok-round counter, undo, idempotent ids, money, and a stored pad replayed.
import { describe, expect, it } from 'vitest';
import { SeededRng, Table, randomInt, rulesOf } from '@baska/engine';
import { type Pad, newPad, padAdd, padFile, padMoney, padNext, padOfFile, padUndo } from '@baska/tournament';

const names = ['Ania', 'Bartek', 'Celina', 'Darek'];
const made = (rules: unknown = 'standard', n = names) => {
  const r = newPad(rules, n);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const add = (pad: Pad, entry: unknown) => {
  const r = padAdd(pad, entry);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};
const ordinary = (oldPoints: number, id?: string) => ({
  ...(id ? { id } : {}),
  words: { contract: 'zwyczajna', old: [0, 2], oldPoints },
});

describe('a pad at a table of four', () => {
  it('a 52:52 tie starts a bok-round of four doubled deals; a tie inside it adds four more (RULES §5)', () => {
    let p = made();
    p = add(p, ordinary(70)); // +1 each old
    expect(p.totals).toEqual([1, -1, 1, -1]);
    p = add(p, ordinary(52)); // tie: young win z wyjściem, ×2 loss: -2
    expect(p.rows[1]!.tie).toBe(true);
    expect(p.bokDealsLeft).toBe(4);
    expect(padNext(p).inBokRound).toBe(true);
    p = add(p, ordinary(70)); // doubled: +2
    expect(p.rows[2]!.scores).toEqual([2, -2, 2, -2]);
    expect(p.bokDealsLeft).toBe(3);
    p = add(p, ordinary(52)); // a tie inside: -2 × 2 = -4, and four more owed
    expect(p.rows[3]!.scores).toEqual([-4, 4, -4, 4]);
    expect(p.bokDealsLeft).toBe(6);
    for (let i = 0; i < 6; i++) p = add(p, { scores: [2, -2, 2, -2] });
    expect(p.bokDealsLeft).toBe(0);
    expect(padNext(p).inBokRound).toBe(false);
    expect(p.rows.filter((r) => r.bokRound)).toHaveLength(8); // 4 + 4, never overlapping
    expect(p.totals.reduce((a, b) => a + b)).toBe(0);
  });

  it('undo takes back the last deal with its bok-round count; an empty pad stays empty', () => {
    let p = made();
    p = add(p, ordinary(70));
    const before = p;
    p = add(p, ordinary(52));
    p = padUndo(p);
    expect(p.totals).toEqual(before.totals);
    expect(p.bokDealsLeft).toBe(0);
    expect(p.rows).toHaveLength(1);
    expect(padUndo(padUndo(p)).rows).toHaveLength(0);
  });

  it('an id the pad already holds changes nothing: an entry sent twice counts once', () => {
    let p = made();
    p = add(p, ordinary(70, 'a1'));
    const again = add(p, ordinary(90, 'a1'));
    expect(again).toBe(p);
    expect(again.totals).toEqual([1, -1, 1, -1]);
  });

  it('money at a stake: seed 000 example 1, the young pay 80 gr each at 20 gr a point', () => {
    const p = add(made(), { words: { contract: 'zwyczajna', old: [0, 2], oldPoints: 80, doublings: 1 } });
    expect(padMoney(p, 20)).toEqual([80, -80, 80, -80]);
  });

  it('hostile entries are refused with a code and change nothing', () => {
    const p = add(made(), ordinary(70));
    for (const [bad, c] of [
      [{ scores: [1, 1, 1, 1] }, 'ERR_SUM'],
      [{ scores: [1, -1] }, 'ERR_ENTRY'],
      [{ words: { contract: 'zwyczajna', old: [0, 2] } }, 'ERR_ENTRY'],
      [{ id: 'x'.repeat(65), scores: [0, 0, 0, 0] }, 'ERR_ENTRY'],
      [null, 'ERR_ENTRY'],
    ] as const) {
      const r = padAdd(p, bad);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(bad)).toBe(c);
    }
    expect(p.rows).toHaveLength(1);
  });

  it('names and rules are checked', () => {
    const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);
    expect(code(newPad('standard', ['A', 'B', 'C']))).toBe('ERR_PAD');
    expect(code(newPad('standard', ['A', 'B', 'C', 'a']))).toBe('ERR_PAD');
    expect(code(newPad('standard', ['A', 'B', 'C', ' ']))).toBe('ERR_PAD');
    expect(code(newPad('standard', ['A', 'B', 'C', 'x'.repeat(41)]))).toBe('ERR_PAD');
    expect(code(newPad('poker', names))).toBe('ERR_RULES');
    expect(code(newPad({ preset: 'znin', bokRound: 'yes' }, names))).toBe('ERR_RULES');
    expect(code(newPad('standard', names, { firstDealer: 4 }))).toBe('ERR_PAD');
  });
});

describe('a pad at a table of five (RULES §9)', () => {
  it('the dealer sits out each deal in turn, from the first dealer', () => {
    let p = made('znin', [...names, 'Ela']);
    expect(padNext(p)).toEqual({ deal: 0, dealer: 0, out: 0, inBokRound: false });
    p = add(p, { words: { contract: 'zwyczajna', old: [1, 2], oldPoints: 70 } });
    expect(p.rows[0]!.scores).toEqual([null, 1, 1, -1, -1]);
    expect(padNext(p).out).toBe(1);
    expect(padAdd(p, { scores: [1, -1, 1, -1, 0] }).ok).toBe(false); // seat 1 sits out
    p = add(p, { scores: [1, null, 1, -1, -1] });
    expect(p.totals).toEqual([1, 1, 2, -2, -2]);
  });
});

describe('a stored pad', () => {
  it('replays to the same pad, and a tampered file is refused', () => {
    let p = made({ preset: 'znin', maxDoubling: 6 });
    p = add(p, ordinary(52, 'x1'));
    p = add(p, { id: 'x2', scores: [3, -3, 3, -3], tie: true });
    const file = JSON.parse(JSON.stringify(padFile(p)));
    const back = padOfFile(file);
    expect(back.ok && back.value.totals).toEqual(p.totals);
    expect(back.ok && back.value.bokDealsLeft).toBe(p.bokDealsLeft);
    file.entries[1].scores[0] = 4;
    const bad = padOfFile(file);
    expect(!bad.ok && bad.error).toMatchObject({ code: 'ERR_SUM', field: 'entries[1].scores' });
  });

  it("a whole evening's pad equals the engine's table: totals and bok-rounds", () => {
    for (const preset of ['standard', 'znin', 'kop'] as const) {
      const rules = rulesOf(preset);
      const rng = new SeededRng(`pad-${preset}`);
      const table = new Table({ rules, rng, dealer: 0 });
      let p = made(rules);
      const moves: number[] = [];
      for (let k = 0; k < 200; k++) {
        const deal = table.newDeal().ok ? table.current! : undefined;
        if (!deal) throw new Error('could not deal');
        while (!deal.isComplete) {
          const n = deal.legalMovesInto(moves);
          const pass = deal.phase === 'auction' && moves[0] === 0 && rng.nextUint32() / 2 ** 32 < 0.8;
          table.applyMove(pass ? 0 : moves[randomInt(rng, n)]!);
        }
        const s = deal.score!;
        const { lastDoubler } = deal.countedDoublings();
        const result =
          s.oldPoints === null ? {} : s.contract.endsWith('-du') ? { winner: s.winner } : { oldPoints: s.oldPoints };
        p = add(p, {
          words: {
            contract: s.contract,
            old: s.old,
            doublings: s.counted,
            ...result,
            ...(s.tie && lastDoubler ? { lastDoubler } : {}),
          },
        });
        expect(p.totals).toEqual(table.totals);
        expect(p.bokDealsLeft).toBe(table.bokDealsLeft);
      }
    }
  });
});
