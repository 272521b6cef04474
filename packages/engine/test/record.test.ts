import { describe, expect, it } from 'vitest';
import { dealOf, run } from './helpers.js';
import {
  ERROR_CODES,
  type GameRecord,
  canonicalJson,
  commitmentStatement,
  recordStatement,
  legalOfRecord,
  loadRecord,
  loadRecordText,
  makeRecord,
  parseRecord,
  recordOfDeal,
  resolveRules,
  scoreRecord,
} from '@baska/engine';

const ZW = {
  dealer: 3,
  hands: ['Ah Qc Ac Tc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'],
  auction: ['pass', 'pass', 'pass', 'pass'],
  play: 'Ah Jc Js Jh Ac Th Qd Jd As Ts Td Qc Tc Qh Qs Ad'.split(' '),
};
const CICHA_TIE = {
  dealer: 0, // the dealer-3 deal rotated one seat on
  hands: ['Th Jc Jh Ts', 'Qc Qs Ad Td', 'Qh Qd Js Ac', 'Ah Jd Tc As'],
  auction: ['kontra', 'pass', 'pass', 'rekontra', 'pass', 'pass', 'pass'],
  play: 'Qc Qh Ah Th Jd Jc Qs Qd Ad Js Tc Jh Ac As Ts Td'.split(' '),
};
const text = (r: unknown) => JSON.stringify(r);
const errorOf = (r: unknown) => {
  const res = loadRecordText(typeof r === 'string' ? r : text(r));
  return res.ok ? null : res.error;
};
const withDeal = (changes: Partial<typeof ZW>, rules: unknown = 'standard') => ({
  rules,
  deals: [{ ...ZW, ...changes }],
});

describe('records: parse, make, round trip // spec/records.md', () => {
  it('parses a finished record and gives it back exactly', () => {
    const r = parseRecord(text({ rules: 'standard', deals: [ZW] }));
    expect(r.ok).toBe(true);
    const rec = (r as { value: GameRecord }).value;
    expect(rec).toEqual({ rules: 'standard', deals: [ZW] });
    expect(parseRecord(makeRecord(rec))).toEqual({ ok: true, value: rec });
  });

  it('accepts Polish card forms and writes canonical codes', () => {
    const polish = {
      ...ZW,
      hands: ['A♥ D♣ A♣ 10♣', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'],
      play: ['A♥', ...ZW.play.slice(1)],
    };
    const r = parseRecord(text({ rules: 'standard', deals: [polish] }));
    expect(r.ok && r.value.deals[0]!.hands[0]).toBe('Ah Qc Ac Tc');
    expect(r.ok && r.value.deals[0]!.play[0]).toBe('Ah');
  });

  it('writes a deal in progress as an entry: hands as dealt in the normal order, the calls and cards so far', () => {
    const deal = dealOf(['Tc Ac Qc Ah', 'As Jc Qh Th', 'Ts Js Qd Qs', 'Td Ad Jd Jh']);
    run(deal, 'pass pass pass pass Ah Jc');
    const entry = recordOfDeal(deal);
    expect(entry).toEqual({ ...ZW, play: ['Ah', 'Jc'] });
    // Played cards leave the hands, never the entry's hands as dealt.
    expect(loadRecordText(text({ rules: 'standard', deals: [entry] })).ok).toBe(true);
  });

  it('keeps a rules object with overrides as given', () => {
    const rules = { preset: 'kop', maxDoubling: 6, cardOrder: 'asTrzyDychy' };
    const r = parseRecord(text({ rules, deals: [{ ...ZW, play: [] }] }));
    expect(r.ok && r.value.rules).toEqual(rules);
  });

  it('scores with the spec fields; the bok-round carries into the next deals', () => {
    const loaded = loadRecordText(
      text({
        rules: 'standard',
        deals: [
          ZW,
          CICHA_TIE,
          { ...ZW, dealer: 1, hands: ['Qs Qd Js Ts', 'Jh Jd Ad Td', 'Ah Qc Ac Tc', 'Th Qh Jc As'] },
        ],
      }),
    );
    expect(loaded.ok).toBe(true);
    const report = scoreRecord((loaded as { value: Parameters<typeof scoreRecord>[0] }).value);
    expect(report.ok).toBe(true);
    const { deals, totals, bokDealsLeft } = (
      report as { value: { deals: object[]; totals: number[]; bokDealsLeft: number } }
    ).value;
    expect(Object.keys(deals[1]!)).toEqual([
      'contract',
      'declarer',
      'old',
      'counted',
      'multiplier',
      'bokRound',
      'oldPoints',
      'youngPoints',
      'oldTricks',
      'youngTricks',
      'tie',
      'winner',
      'grade',
      'value',
      'scores',
    ]);
    expect(deals[1]).toEqual({
      contract: 'cicha',
      declarer: 1,
      old: [1],
      counted: 2,
      multiplier: 4,
      bokRound: false,
      oldPoints: 52,
      youngPoints: 52,
      oldTricks: 2,
      youngTricks: 2,
      tie: true,
      winner: 'young',
      grade: null,
      value: 32,
      scores: [32, -96, 32, 32],
    });
    expect(deals[2]).toMatchObject({
      contract: 'zwyczajna',
      declarer: null,
      old: [0, 2],
      bokRound: true,
      value: 2,
      grade: 1,
    });
    expect(totals).toEqual([1 + 32 + 2, -1 - 96 - 2, 1 + 32 + 2, -1 + 32 - 2]);
    expect(bokDealsLeft).toBe(3);
  });

  it('tells what may happen next', () => {
    const legal = (deal: object) => {
      const l = loadRecordText(text({ rules: 'standard', deals: [deal] }));
      if (!l.ok) throw new Error(l.error.message);
      return legalOfRecord(l.value);
    };
    expect(legal({ ...ZW, auction: ['pass'], play: [] })).toEqual({
      phase: 'auction',
      seat: 2,
      legal: ['pass', 'gran', 'zollo', 'gran-du', 'zollo-du', 'kontra'],
    });
    expect(legal({ ...ZW, play: ZW.play.slice(0, 5) })).toEqual({ phase: 'play', seat: 1, legal: ['Th', 'Qh'] });
    expect(legal(ZW)).toEqual({ phase: 'complete' });
  });
});

describe('claims and hints in records // spec/records.md', () => {
  it('scores a claimed deal as its line is played, and keeps the claim and the hints mark in a round trip', () => {
    const plain = loadRecord({ rules: 'standard', deals: [ZW] });
    const claimed = loadRecord({ rules: 'standard', deals: [{ ...ZW, claim: { seat: 2, at: 8 } }], hints: true });
    if (!plain.ok || !claimed.ok) throw new Error('records refused');
    expect(scoreRecord(claimed.value)).toEqual(scoreRecord(plain.value));
    expect(claimed.value.table.current!.claimedBy).toBe(2);
    expect(claimed.value.record.deals[0]!.claim).toEqual({ seat: 2, at: 8 });
    const again = parseRecord(makeRecord(claimed.value.record));
    expect(again.ok && again.value).toEqual(claimed.value.record);
    expect(again.ok && again.value.hints).toBe(true);
    expect(makeRecord(plain.value.record)).not.toMatch(/claim|hints/);
  });
});

describe("the server's signatures in records // spec/records.md, decision 013", () => {
  const FAIR = { commitment: 'a'.repeat(64), seed: 'ziarno', contributions: [null, 'ab', null, 'cd'] };
  const SIGNED = {
    rules: 'standard',
    deals: [{ ...ZW, fair: { ...FAIR, signature: 'c2lnbmVk' } }],
    signature: { key: 'klucz', table: 'stol', value: 'cG9kcGlz' },
  };

  it('keeps a record signature and a commitment signature in a round trip; without them the record is as before', () => {
    const r = parseRecord(text(SIGNED));
    expect(r.ok && r.value).toEqual(SIGNED);
    expect(parseRecord(makeRecord((r as { value: GameRecord }).value))).toEqual(r);
    const plain = parseRecord(text({ rules: 'standard', deals: [{ ...ZW, fair: FAIR }] }));
    expect(plain.ok && makeRecord(plain.value)).not.toMatch(/signature/);
  });

  it('refuses a malformed signature as a wrong shape', () => {
    const bad = (record: unknown) => errorOf(record)?.code;
    expect(bad({ ...SIGNED, signature: { key: 'klucz', table: 'stol' } })).toBe('ERR_SCHEMA');
    expect(bad({ ...SIGNED, signature: { ...SIGNED.signature, value: 'not base64!' } })).toBe('ERR_SCHEMA');
    expect(bad({ ...SIGNED, signature: { ...SIGNED.signature, by: 'x' } })).toBe('ERR_SCHEMA');
    expect(bad({ ...SIGNED, deals: [{ ...ZW, fair: { ...FAIR, signature: 7 } }] })).toBe('ERR_SCHEMA');
  });

  it('signs one text for one value: keys sorted, no spaces, the signature value left out', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe('{"a":true,"b":[1,{"c":"x","d":null}]}');
    const statement = recordStatement(SIGNED);
    expect(statement).not.toContain(SIGNED.signature.value);
    expect(statement).toContain('"signature":{"key":"klucz","table":"stol"}');
    expect(recordStatement(JSON.parse(makeRecord(SIGNED as GameRecord)) as Record<string, unknown>)).toBe(statement);
    expect(commitmentStatement('stol', 1, FAIR.commitment)).toBe(`["baska-commitment","stol",1,"${FAIR.commitment}"]`);
  });
});

describe('record errors: every code, with deal and at // spec/records.md', () => {
  const cases: [string, unknown, { code: string; deal?: number; at?: string }][] = [
    ['not JSON', '{"rules": ', { code: 'ERR_JSON' }],
    ['not an object', '[1,2]', { code: 'ERR_SCHEMA' }],
    ['no deals', { rules: 'standard' }, { code: 'ERR_SCHEMA' }],
    ['empty deals', { rules: 'standard', deals: [] }, { code: 'ERR_SCHEMA' }],
    ['unknown top-level field', { rules: 'standard', deals: [ZW], extra: 1 }, { code: 'ERR_SCHEMA' }],
    ['rules of the wrong type', { rules: 4, deals: [ZW] }, { code: 'ERR_SCHEMA' }],
    ['dealer as a string', withDeal({ dealer: '3' as unknown as number }), { code: 'ERR_SCHEMA', deal: 0 }],
    ['three hands', withDeal({ hands: ZW.hands.slice(0, 3) }), { code: 'ERR_SCHEMA', deal: 0 }],
    ['unknown call', withDeal({ auction: ['pass', 'zolo'] }), { code: 'ERR_SCHEMA', deal: 0, at: 'auction[1]' }],
    ['play not an array', withDeal({ play: 'Ah' as unknown as string[] }), { code: 'ERR_SCHEMA', deal: 0 }],
    ['unknown preset', withDeal({}, 'kaszuby'), { code: 'ERR_RULES' }],
    ['unknown option', withDeal({}, { preset: 'standard', trumps: 'all' }), { code: 'ERR_RULES' }],
    ['bad option value', withDeal({}, { preset: 'standard', maxDoubling: 'four' }), { code: 'ERR_RULES' }],
    ['unknown game in games', withDeal({}, { preset: 'standard', games: ['zollo', 'skat'] }), { code: 'ERR_RULES' }],
    ['rules object without preset', withDeal({}, { tie: 'young' }), { code: 'ERR_RULES' }],
    ['dealer out of range', withDeal({ dealer: 4 }), { code: 'ERR_DEALER', deal: 0 }],
    ['dealer not rotating', { rules: 'standard', deals: [ZW, { ...ZW, dealer: 3 }] }, { code: 'ERR_DEALER', deal: 1 }],
    [
      'hand of three cards',
      withDeal({ hands: ['Ah Qc Ac', 'Th Qh Jc As Tc', 'Qs Qd Js Ts', 'Jh Jd Ad Td'] }),
      { code: 'ERR_CARDS', deal: 0 },
    ],
    [
      'duplicate card',
      withDeal({ hands: ['Ah Qc Ac Ac', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'] }),
      { code: 'ERR_CARDS', deal: 0 },
    ],
    [
      'card in two hands',
      withDeal({ hands: ['Ah Qc Ac Tc', 'Ah Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'] }),
      { code: 'ERR_CARDS', deal: 0 },
    ],
    [
      'unknown card code',
      withDeal({ hands: ['Ah Qc Ac Kc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'] }),
      { code: 'ERR_CARDS', deal: 0 },
    ],
    ['unknown card in play', withDeal({ play: ['Ah', 'Xx'] }), { code: 'ERR_CARDS', deal: 0, at: 'play[1]' }],
    ['claim of the wrong shape', withDeal({ claim: { seat: 0 } } as object), { code: 'ERR_SCHEMA', deal: 0 }],
    [
      'claim after the last card',
      withDeal({ claim: { seat: 0, at: 16 } } as object),
      { code: 'ERR_CLAIM', deal: 0, at: 'claim' },
    ],
    [
      'claim whose line stops short',
      withDeal({ play: ZW.play.slice(0, 12), claim: { seat: 0, at: 8 } } as object),
      { code: 'ERR_CLAIM', deal: 0, at: 'claim' },
    ],
    [
      'wesele without the black queens',
      withDeal({ auction: ['wesele'] }),
      { code: 'ERR_ILLEGAL_CALL', deal: 0, at: 'auction[0]' },
    ],
    [
      'a game the preset lacks',
      withDeal({ auction: ['pass', 'gran'], play: [] }, 'kop'),
      { code: 'ERR_ILLEGAL_CALL', deal: 0, at: 'auction[1]' },
    ],
    [
      'not following',
      withDeal({ play: ['Ah', 'Jc', 'Js', 'Jh', 'Ac', 'As'] }),
      { code: 'ERR_ILLEGAL_CARD', deal: 0, at: 'play[5]' },
    ],
    ['a card not held', withDeal({ play: ['Th'] }), { code: 'ERR_ILLEGAL_CARD', deal: 0, at: 'play[0]' }],
    [
      'unfinished deal before the last',
      {
        rules: 'standard',
        deals: [
          { ...ZW, play: [] },
          { ...ZW, dealer: 0 },
        ],
      },
      { code: 'ERR_INCOMPLETE', deal: 0 },
    ],
    [
      'cards before the auction ended',
      withDeal({ auction: ['pass'] }),
      { code: 'ERR_INCOMPLETE', deal: 0, at: 'play[0]' },
    ],
    [
      'a call after the auction',
      withDeal({ auction: ['pass', 'pass', 'pass', 'pass', 'pass'] }),
      { code: 'ERR_EXTRA', deal: 0, at: 'auction[4]' },
    ],
    ['a seventeenth card', withDeal({ play: [...ZW.play, 'Ah'] }), { code: 'ERR_EXTRA', deal: 0, at: 'play[16]' }],
    [
      'a card after a thrown game',
      withDeal({
        hands: ['Ac As Ah Ad', 'Tc Ts Th Td', 'Qc Qs Jc Js', 'Qh Qd Jh Jd'],
        auction: ['pass', 'pass', 'pass', 'mester', 'pass', 'pass', 'pass'],
        play: ['Ac'],
      }),
      { code: 'ERR_EXTRA', deal: 0, at: 'play[0]' },
    ],
  ];

  it.each(cases)('%s', (_, input, expected) => {
    const e = errorOf(input);
    expect(e).toMatchObject(expected);
    expect(e!.message.length).toBeGreaterThan(5);
    if (expected.at === undefined) expect(e).not.toHaveProperty('at');
  });

  it('an option named like a member every object inherits is an unknown option, not a crash', () => {
    for (const key of ['toString', 'hasOwnProperty', 'constructor', 'valueOf', '__proto__']) {
      const spec = JSON.parse(`{"preset": "standard", "${key}": 1}`) as unknown; // JSON.parse keeps __proto__ as a key
      expect(resolveRules(spec)).toMatchObject({ ok: false, error: { code: 'ERR_RULES' } });
      const record = `{"rules": {"preset": "standard", "${key}": 1}, "deals": [${text(ZW)}]}`;
      expect(errorOf(record)).toMatchObject({ code: 'ERR_RULES' });
    }
  });

  it('names the illegal card and what must be played', () => {
    expect(errorOf(withDeal({ play: ['Ah', 'Jc', 'Js', 'Jh', 'Ac', 'As'] }))!.message).toBe(
      'seat 1 must play Th or Qh, not As',
    );
  });

  it('scoring an unfinished record is ERR_INCOMPLETE', () => {
    const l = loadRecordText(text(withDeal({ play: ZW.play.slice(0, 15) })));
    expect(l.ok).toBe(true);
    const s = scoreRecord((l as { value: Parameters<typeof scoreRecord>[0] }).value);
    expect(s).toMatchObject({ ok: false, error: { code: 'ERR_INCOMPLETE', deal: 0 } });
  });

  it('reaches every error code of the spec', () => {
    const reached = new Set(cases.map((c) => c[2].code));
    expect([...reached].sort()).toEqual([...ERROR_CODES].sort());
  });

  it('reports the first fault in the spec order: shape before rules before dealer before cards before play', () => {
    const shapeAndRules = { rules: 'kaszuby', deals: [{ ...ZW, auction: ['zolo'] }] };
    expect(errorOf(shapeAndRules)!.code).toBe('ERR_SCHEMA');
    const shapeLater = {
      rules: 'standard',
      deals: [
        { ...ZW, play: ['Th'] },
        { ...ZW, dealer: 'x' },
      ],
    };
    expect(errorOf(shapeLater)).toMatchObject({ code: 'ERR_SCHEMA', deal: 1 });
    expect(errorOf(withDeal({ dealer: 7, hands: ['Ah', 'Th', 'Qs', 'Jh'] }))!.code).toBe('ERR_DEALER');
    expect(
      errorOf(withDeal({ hands: ['Ah Qc Ac Ac', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td'], auction: ['zollo-du'] }))!
        .code,
    ).toBe('ERR_CARDS');
    expect(errorOf(withDeal({ auction: ['wesele'], play: ['Xx'] }))!.code).toBe('ERR_ILLEGAL_CALL');
  });
});
