import { describe, expect, it } from 'vitest';
import { Deal, callName, maskOf, parseCall, parseCards, rulesOf } from '@baska/engine';
import { Auction, dutyForbids } from '../src/auction.js';
import { auction, codeOf, dealOf, legalSet, run } from './helpers.js';

// Dealer 3: forehand is seat 0, position 2 is seat 1.
const PLAIN = ['Ah Th Ac Tc', 'Qc Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td']; // black queens split: seats 1 and 2
const WESELE = ['Ah Jh Ad Td', 'Qc Qs Jc Ac', 'Th Js Tc As', 'Qh Qd Jd Ts']; // seat 1 holds both black queens
const TENS = ['Ac As Qc Jc', 'Ah Ad Qs Js', 'Tc Ts Th Td', 'Qh Qd Jh Jd']; // seat 2 holds the four tens
const ACES = ['Ac As Ah Ad', 'Tc Ts Th Td', 'Qc Qs Jc Js', 'Qh Qd Jh Jd']; // seat 0: four aces; seat 2: both black queens
const QUEENS = ['Qc Qs Qh Qd', 'Ac As Ah Ad', 'Tc Ts Th Td', 'Jc Js Jh Jd'];

describe('auction order and end // RULES §3', () => {
  it('position 2 makes the first call under standard, znin and leborsk', () => {
    for (const rules of ['standard', 'znin', 'leborsk'] as const) expect(dealOf(PLAIN, { rules }).toAct).toBe(1);
    expect(dealOf(PLAIN, { dealer: 0 }).toAct).toBe(2);
  });

  it('forehand makes the first call under kop (auctionStart: forehand)', () => {
    expect(dealOf(PLAIN, { rules: 'kop' }).toAct).toBe(0);
  });

  it('goes clockwise, round after round', () => {
    const d = dealOf(PLAIN);
    run(d, 'pass pass pass');
    expect(d.toAct).toBe(0);
    run(d, 'zollo');
    expect(d.toAct).toBe(1);
  });

  it('ends when the first four calls are all passes', () => {
    const d = dealOf(PLAIN);
    run(d, 'pass pass pass');
    expect(d.phase).toBe('auction');
    run(d, 'pass');
    expect(d.phase).toBe('play');
    expect(d.contract).toBe('zwyczajna');
  });

  it('ends when three passes in a row follow any other call, and not before', () => {
    const d = dealOf(PLAIN);
    run(d, 'pass pass pass kontra pass pass');
    expect(d.phase).toBe('auction');
    run(d, 'pass');
    expect(d.phase).toBe('play');
    const e = dealOf(PLAIN);
    run(e, 'gran pass pass zollo pass pass');
    expect(e.phase).toBe('auction');
    run(e, 'pass');
    expect(e.contract).toBe('zollo');
    expect(e.declarer).toBe(0);
  });

  it('offers every legal call once, pass always among them', () => {
    const d = dealOf(PLAIN);
    expect(legalSet(d)).toEqual(['gran', 'gran-du', 'kontra', 'pass', 'zollo', 'zollo-du'].sort());
  });
});

describe('declaring games // RULES §2, §3', () => {
  it('a declared game must rank strictly above the game declared so far', () => {
    const d = dealOf(PLAIN);
    run(d, 'zollo');
    expect(legalSet(d)).toEqual(['gran-du', 'kontra', 'pass', 'zollo-du'].sort());
    expect(d.apply('gran').ok).toBe(false);
    expect(d.apply('zollo').ok).toBe(false);
    expect(d.apply('gran').ok || d.apply('zollo').ok).toBe(false);
  });

  it('a player may declare again in a later round', () => {
    const d = dealOf(PLAIN);
    run(d, 'gran zollo pass pass gran-du pass pass pass');
    expect(d.contract).toBe('gran-du');
    expect(d.declarer).toBe(1);
  });

  it('wesele needs both black queens', () => {
    expect(dealOf(PLAIN).legal()).not.toContain('wesele');
    const d = dealOf(WESELE);
    expect(d.legal()).toContain('wesele');
    run(d, 'pass');
    expect(d.legal()).not.toContain('wesele'); // seat 2 lacks them
  });

  it('zollo-bieda needs the four tens, mester the four aces, baszka the four queens', () => {
    const t = dealOf(TENS);
    run(t, 'pass');
    expect(t.legal()).toContain('zollo-bieda');
    expect(dealOf(TENS).legal()).not.toContain('zollo-bieda');
    const a = dealOf(ACES, { dealer: 3 });
    run(a, 'pass pass pass');
    expect(a.legal()).toContain('mester');
    expect(a.legal()).not.toContain('baszka');
    const q = dealOf(QUEENS);
    run(q, 'pass pass pass');
    expect(q.legal()).toEqual(expect.arrayContaining(['baszka', 'wesele']));
    expect(codeOf(q.apply('mester'))).toBe('ERR_ILLEGAL_CALL');
  });

  it('presets allow only their games: leborsk no thrown games, znin baszka only, kop wesele, zollo, zollo-du // RULES §6', () => {
    const first = (rules: 'leborsk' | 'znin' | 'kop') => {
      const d = dealOf(QUEENS, { rules });
      while (d.toAct !== 0) run(d, 'pass');
      return legalSet(d);
    };
    expect(first('leborsk')).toEqual(['gran', 'gran-du', 'pass', 'wesele', 'zollo', 'zollo-du'].sort());
    expect(first('znin')).toEqual(['baszka', 'gran', 'gran-du', 'pass', 'wesele', 'zollo', 'zollo-du'].sort());
    expect(first('kop')).toEqual(['pass', 'wesele', 'zollo', 'zollo-du'].sort());
  });

  it('the highest game and its declarer make the contract; cicha or zwyczajna when none', () => {
    const d = dealOf(WESELE);
    run(d, 'wesele zollo pass pass pass');
    expect([d.contract, d.declarer]).toEqual(['zollo', 2]);
    const c = dealOf(WESELE);
    run(c, 'pass pass pass pass');
    expect([c.contract, c.declarer]).toEqual(['cicha', 1]);
    const z = dealOf(PLAIN);
    run(z, 'pass pass pass pass');
    expect([z.contract, z.declarer, z.oldSeats]).toEqual(['zwyczajna', -1, 0b0110]);
  });

  it('a thrown game ends the deal at once with the declarer’s win // RULES §2, §4', () => {
    const d = dealOf(TENS);
    run(d, 'pass zollo-bieda pass pass pass');
    expect(d.phase).toBe('complete');
    expect(d.score!.winner).toBe('old');
  });
});

describe('doublings // RULES §3', () => {
  it('raise the level by exactly one, up to maxDoubling (4)', () => {
    const d = dealOf(PLAIN);
    expect(codeOf(d.apply('rekontra'))).toBe('ERR_ILLEGAL_CALL');
    run(d, 'kontra');
    expect(d.legal()).toContain('rekontra');
    expect(d.apply('bok').ok).toBe(false);
    run(d, 'rekontra bok hirsz');
    expect(d.legal()).not.toContain('double5');
    expect(codeOf(d.apply('double5'))).toBe('ERR_ILLEGAL_CALL');
  });

  it('go past hirsz as double5, double6 … when maxDoubling allows // RULES §8', () => {
    const d = dealOf(PLAIN, { rules: { preset: 'kop', maxDoubling: 6 } });
    run(d, 'pass kontra rekontra bok hirsz double5 double6');
    expect(d.legal().filter((c) => c.startsWith('double') || c === 'kontra')).toEqual([]);
    expect(codeOf(d.apply('double7'))).toBe('ERR_ILLEGAL_CALL');
    run(d, 'pass pass pass');
    expect(d.level).toBe(6);
  });

  it('are not allowed on a thrown game', () => {
    const d = dealOf(TENS);
    run(d, 'pass zollo-bieda');
    expect(d.legal()).not.toContain('kontra');
    expect(codeOf(d.apply('kontra'))).toBe('ERR_ILLEGAL_CALL');
    expect(d.legal()).toContain('zollo'); // a higher game may still be declared
  });

  // In a strict turn-order auction a declarer's turn only comes back after another player's
  // doubling or higher game, so "no first kontra on one's own game" is upheld by the order itself
  // (docs/decisions/001). The declarer may answer a kontra with rekontra:
  it('the declarer may answer a kontra on his game with rekontra, and so may the others', () => {
    const e = dealOf(PLAIN);
    run(e, 'zollo kontra');
    expect(e.legal()).toContain('rekontra'); // seat 3 (a defender) may redouble too
    run(e, 'pass pass');
    expect(e.toAct).toBe(1);
    expect(e.legal()).toContain('rekontra');
  });

  it('the would-be cicha player gives no kontra while no game is declared, but may redouble', () => {
    const d = dealOf(WESELE);
    expect(d.legal()).not.toContain('kontra');
    run(d, 'pass kontra pass pass');
    expect(d.toAct).toBe(1);
    expect(d.legal()).toContain('rekontra');
  });

  it('a new game voids the doublings before it: kontra, rekontra, wesele, pass, pass, pass is a wesele with no doubling (seed 000)', () => {
    // Dealer seat 1: seat 3 calls first, and seat 1 (both black queens) third.
    const d = dealOf(WESELE, { dealer: 1 });
    run(d, 'kontra rekontra wesele pass pass pass');
    expect(d.nCalls).toBe(6);
    expect([d.contract, d.declarer]).toEqual(['wesele', 1]);
    expect(d.countedDoublings().counted).toBe(0);
    // Without the wesele the doublings stand: a cicha, where seat 3's kontra counts and seat 0's
    // rekontra, from the same (young) side, does not.
    const c = dealOf(WESELE, { dealer: 1 });
    run(c, 'kontra rekontra pass pass pass');
    expect(c.contract).toBe('cicha');
    expect(c.countedDoublings()).toEqual({ counted: 1, lastDoubler: 'young' });
  });

  it('weseleAfterOwnRedouble: standard lets the redoubler declare wesele, znin does not', () => {
    // seat 1 (both black queens) answers seat 2's kontra with rekontra; seat 2 gives bok; seat 1's turn again
    const calls = 'pass kontra pass pass rekontra bok pass pass';
    const std = dealOf(WESELE);
    run(std, calls);
    expect(std.legal()).toContain('wesele');
    const znin = dealOf(WESELE, { rules: 'znin' });
    run(znin, calls);
    expect(znin.toAct).toBe(1);
    expect(znin.legal()).not.toContain('wesele');
    expect(znin.legal()).toContain('zollo');
  });
});

describe('wesele partner // RULES §2, §8', () => {
  it('is the holder of Jc when the declarer lacks it', () => {
    const d = dealOf(['Ah Jc Ad Td', 'Qc Qs Js Ac', 'Th Jh Tc As', 'Qh Qd Jd Ts']);
    auction(d, { 1: ['wesele'] });
    expect(d.oldSeats).toBe(0b0011);
  });

  it('is the holder of Js when the declarer holds Jc, of Jh when he holds both black jacks', () => {
    const js = dealOf(WESELE);
    auction(js, { 1: ['wesele'] });
    expect(js.oldSeats).toBe(0b0110);
    const jh = dealOf(['Ah Jh Ad Td', 'Qc Qs Jc Js', 'Th Ac Tc As', 'Qh Qd Jd Ts']);
    auction(jh, { 1: ['wesele'] });
    expect(jh.oldSeats).toBe(0b0011);
  });

  it('is the holder of the named jack with weseleNamedJack (wesele:Js)', () => {
    const rules = { preset: 'standard', weseleNamedJack: true } as const;
    const d = dealOf(WESELE, { rules });
    expect(d.legal()).not.toContain('wesele');
    expect(d.legal()).toEqual(expect.arrayContaining(['wesele:Js', 'wesele:Jh', 'wesele:Jd']));
    expect(codeOf(d.apply('wesele:Jc'))).toBe('ERR_ILLEGAL_CALL'); // he holds Jc himself
    run(d, 'wesele:Jd pass pass pass');
    expect(d.contract).toBe('wesele');
    expect(d.oldSeats).toBe(0b1010); // Jd is with seat 3
  });
});

describe('effective doublings, checked once the sides are known // RULES §3', () => {
  // Seed 000: players I kontra, III rekontra, IV bok, III hirsz. Dealer IV = seat 3, so I = seat 0.
  const calls = 'pass pass pass kontra pass rekontra bok pass pass hirsz pass pass pass';

  it('I and III old, IV young: I counts, III not, IV and III do → 3 → ×8 (bok)', () => {
    const d = dealOf(['Qc Ah Ac Tc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td']);
    run(d, calls);
    expect(d.oldSeats).toBe(0b0101);
    expect(d.countedDoublings()).toEqual({ counted: 3, lastDoubler: 'old' });
  });

  it('III and IV old, I young: I and III count, IV and III do not → 2 → ×4 (rekontra)', () => {
    const d = dealOf(['Ah Th Ac Tc', 'Qh Qd Jc As', 'Qc Js Ts Jh', 'Qs Jd Ad Td']);
    run(d, calls);
    expect(d.oldSeats).toBe(0b1100);
    expect(d.countedDoublings()).toEqual({ counted: 2, lastDoubler: 'old' });
  });

  // Seed 001 (Kop): East deals, South kontra, West re, North bok, West słup. N, E, S, W = seats 0, 1, 2, 3.
  const kop = 'kontra rekontra bok pass pass hirsz pass pass pass';
  const kopCase = (qc: number, qs: number) => {
    const rest = ['Ah', 'Th', 'Qh', 'Qd', 'Jc', 'Js', 'Jh', 'Jd', 'Ad', 'Td', 'Ac', 'Tc', 'As', 'Ts'];
    const hands: string[][] = [[], [], [], []];
    hands[qc]!.push('Qc');
    hands[qs]!.push('Qs');
    for (let s = 0; s < 4; s++) while (hands[s]!.length < 4) hands[s]!.push(rest.shift()!);
    const d = dealOf(
      hands.map((h) => h.join(' ')),
      { rules: 'kop', dealer: 1 },
    );
    run(d, kop);
    return d.countedDoublings().counted;
  };

  it('N+S vs E+W → ×16; W+S vs E+N → ×8; S+E vs N+W → ×4', () => {
    expect(2 ** kopCase(0, 2)).toBe(16);
    expect(2 ** kopCase(3, 2)).toBe(8);
    expect(2 ** kopCase(2, 1)).toBe(4);
  });
});

describe('cichaMustBeLosable: the place kept for the solver // RULES §7', () => {
  // The engine cannot solve deals; a judge (the solver, in @baska/ai) tells whether a cicha is a sure win.
  // Here a judge that calls every cicha sure shows what the engine does with its answer.
  const sure = () => true;
  const start = (rules: 'leborsk' | 'standard', judge?: () => boolean) =>
    Deal.start({ rules: rulesOf(rules), dealer: 3, hands: WESELE.map((h) => parseCards(h)!), cichaJudge: judge });

  it('with the option on and a sure cicha, its holder may not pass or double; he must declare', () => {
    const d = start('leborsk', sure);
    expect(d.ok && d.value.legal()).toEqual(['wesele', 'gran', 'zollo', 'gran-du', 'zollo-du']);
    expect(d.ok && codeOf(d.value.apply('pass'))).toBe('ERR_ILLEGAL_CALL');
  });

  it('the ban ends once a game is declared, and never touches the other players', () => {
    const d = Deal.start({
      rules: rulesOf('leborsk'),
      dealer: 0,
      hands: WESELE.map((h) => parseCards(h)!),
      cichaJudge: sure,
    });
    const deal = d.ok ? d.value : null;
    expect(deal!.toAct).toBe(2);
    expect(deal!.legal()).toContain('pass');
    run(deal!, 'zollo pass');
    expect(deal!.toAct).toBe(0);
    run(deal!, 'pass');
    expect(deal!.legal()).toContain('pass'); // seat 1, after a declared game
  });

  it('a losable cicha, the option off, or no judge: passing stays legal', () => {
    for (const d of [start('leborsk', () => false), start('standard', sure), start('leborsk')])
      expect(d.ok && d.value.legal()).toContain('pass');
  });
});

describe('auction.ts on its own: the calls, without a deal // RULES §3', () => {
  const seq = (a: Auction, start: number, calls: string[]) =>
    calls.map((c, i) => a.apply((start + i) & 3, parseCall(c)!));

  it('ends after four opening passes, or three passes after any other call, and reports it once', () => {
    const a = new Auction(rulesOf('standard'));
    expect(seq(a, 1, ['pass', 'pass', 'pass', 'pass'])).toEqual([false, false, false, true]);
    a.reset();
    expect(seq(a, 1, ['pass', 'gran', 'pass', 'pass', 'pass'])).toEqual([false, false, false, false, true]);
    expect(a.lastGameAt).toBe(1);
  });

  it('takes the hand as given: a game needing cards the hand lacks is refused, with them allowed', () => {
    const a = new Auction(rulesOf('standard'));
    const tens = maskOf(parseCards('Tc Ts Th Td')!);
    expect(a.allows(2, tens, parseCall('zollo-bieda')!)).toBe(true);
    expect(a.allows(2, tens ^ maskOf(parseCards('Td Ad')!), parseCall('zollo-bieda')!)).toBe(false);
  });

  it('counts doublings by the sides it is told: a doubling by the side of the last counted one does not count', () => {
    const a = new Auction(rulesOf('standard'));
    seq(a, 1, ['zollo', 'kontra', 'rekontra', 'bok']); // seats 1, 2, 3, 0
    const out = { counted: 0, lastDoubler: null as 'old' | 'young' | null };
    a.countDoublingsInto(0b1010, out); // seats 1 and 3 old: kontra young, rekontra old, bok young
    expect(out).toEqual({ counted: 3, lastDoubler: 'young' });
    a.countDoublingsInto(0b0110, out); // seats 1 and 2 old: kontra old, rekontra young, bok young again
    expect(out).toEqual({ counted: 2, lastDoubler: 'young' });
    a.countDoublingsInto(0b0010, out); // seat 1 old alone: all three by the young side
    expect(out).toEqual({ counted: 1, lastDoubler: 'young' });
  });

  it('lists its legal calls like legalCards lists cards; games only when the cicha duty binds', () => {
    const a = new Auction(rulesOf('standard'));
    const hand = maskOf(parseCards('Qc Qs Jc Ac')!); // both black queens: wesele, no kontra
    const names = (gamesOnly: boolean) => {
      const out: number[] = [];
      return out.slice(0, a.legalCallsInto(1, hand, gamesOnly, out)).map(callName);
    };
    expect(names(false)).toEqual(['pass', 'wesele', 'gran', 'zollo', 'gran-du', 'zollo-du']);
    expect(names(true)).toEqual(['wesele', 'gran', 'zollo', 'gran-du', 'zollo-du']);
    expect(a.allows(1, hand, parseCall('wesele:Js')!)).toBe(false); // a named wesele this table does not play
  });

  it('a copy is independent of its original', () => {
    const a = new Auction(rulesOf('standard'));
    seq(a, 1, ['zollo']);
    const b = new Auction(rulesOf('standard'));
    b.copyFrom(a);
    b.apply(2, parseCall('kontra')!);
    expect([a.nCalls, a.level, b.nCalls, b.level]).toEqual([1, 0, 2, 1]);
  });

  it('leaves the cicha duty to the deal: pass and doublings are what it forbids, a game never', () => {
    expect(['pass', 'kontra', 'rekontra', 'zollo', 'wesele'].map((c) => dutyForbids(parseCall(c)!))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});
