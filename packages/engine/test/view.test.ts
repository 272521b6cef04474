import { describe, expect, it } from 'vitest';
import { SPECTATOR, viewFor } from '@baska/engine';
import { auction, dealOf, run } from './helpers.js';

describe('viewFor: what one seat may see // RULES §2, ARCHITECTURE', () => {
  const PLAIN = ['Ah Qc Ac Tc', 'Th Qh Jc As', 'Qs Qd Js Ts', 'Jh Jd Ad Td']; // old: seats 0 and 2

  it("shows the seat's own hand only, public calls, and legal actions only on its turn", () => {
    const d = dealOf(PLAIN);
    run(d, 'pass');
    const v = viewFor(d, 2);
    expect(v.hand).toEqual(['Qs', 'Qd', 'Js', 'Ts']); // strongest first
    expect(v.auction).toEqual([{ seat: 1, call: 'pass' }]);
    expect(v.toAct).toBe(2);
    expect(v.legal.length).toBeGreaterThan(0);
    expect(viewFor(d, 1).legal).toEqual([]);
    const text = JSON.stringify(viewFor(d, 1));
    for (const c of ['Ah', 'Qc', 'Ac', 'Tc', 'Qs', 'Qd', 'Js', 'Ts', 'Jh', 'Jd', 'Ad', 'Td'])
      expect(text).not.toContain(`"${c}"`);
    expect(viewFor(d, 1).handSizes).toEqual([4, 4, 4, 4]);
  });

  it('zwyczajna: a black queen holder knows he is old; his partner shows when the other queen is played', () => {
    const d = dealOf(PLAIN);
    run(d, 'pass pass pass pass');
    expect(viewFor(d, 0)).toMatchObject({ contract: 'zwyczajna', sides: ['old', null, null, null] });
    expect(viewFor(d, 1)).toMatchObject({ contract: null, sides: [null, 'young', null, null] });
    run(d, 'Ah Jc Js'); // seat 2 has not played Qs yet
    expect(viewFor(d, 0).sides).toEqual(['old', null, null, null]);
    run(d, 'Jh Ac Th Qd'); // seat 2 does not follow Ac with Tc: he has not got it
    expect(viewFor(d, 1)).toMatchObject({ contract: null, sides: [null, 'young', null, null] });
    run(d, 'Jd As Ts Td Qc'); // Qc falls: seat 0 is old
    // Nobody followed Ac with Tc, so seat 0's last card is Tc and Qs is elsewhere: zwyczajna, partner unknown.
    expect(viewFor(d, 1)).toMatchObject({ contract: 'zwyczajna', sides: ['old', 'young', null, null] });
    run(d, 'Tc Qh Qs'); // Qs falls: seat 2 — all is known
    for (const seat of [0, 1, 2, 3])
      expect(viewFor(d, seat)).toMatchObject({ contract: 'zwyczajna', sides: ['old', 'young', 'old', 'young'] });
  });

  it('cicha stays hidden until the cards give it away', () => {
    const d = dealOf(['Qc Qs Ah Th', 'Ac Tc Jc Js', 'As Ts Qh Jh', 'Qd Jd Ad Td']);
    run(d, 'pass pass pass pass');
    expect(viewFor(d, 0)).toMatchObject({ contract: 'cicha', declarer: 0, sides: ['old', 'young', 'young', 'young'] });
    expect(viewFor(d, 1)).toMatchObject({ contract: null, declarer: null, sides: [null, 'young', null, null] });
    run(d, 'Ah Js Jh Td Th Jc Qh Ad Qc Tc'); // Qc by seat 0, and seat 1 has no trump left: could still be zwyczajna
    expect(viewFor(d, 3)).toMatchObject({ contract: null, declarer: null, sides: ['old', 'young', null, 'young'] });
    expect(viewFor(d, SPECTATOR)).toMatchObject({
      contract: null,
      declarer: null,
      sides: ['old', 'young', null, null],
    });
    run(d, 'Ts'); // seat 2 has no trump either: seat 3, holding no Qs, knows it is with seat 0
    expect(viewFor(d, 3)).toMatchObject({ contract: 'cicha', declarer: 0, sides: ['old', 'young', 'young', 'young'] });
    expect(viewFor(d, SPECTATOR)).toMatchObject({ contract: null, sides: ['old', 'young', 'young', null] });
    run(d, 'Jd Qs'); // seat 0 plays the second black queen: cicha for all
    expect(viewFor(d, SPECTATOR)).toMatchObject({
      contract: 'cicha',
      declarer: 0,
      sides: ['old', 'young', 'young', 'young'],
    });
  });

  it('a spectator learns nothing of the black queens from the contract before they are seen', () => {
    const cicha = dealOf(['Qc Qs Ah Th', 'Ac Tc Jc Js', 'As Ts Qh Jh', 'Qd Jd Ad Td']);
    const zwyczajna = dealOf(PLAIN);
    for (const d of [cicha, zwyczajna]) {
      run(d, 'pass pass pass pass');
      expect(viewFor(d, SPECTATOR)).toMatchObject({ contract: null, declarer: null, sides: [null, null, null, null] });
      run(d, 'Ah');
      expect(viewFor(d, SPECTATOR)).toMatchObject({ contract: null, declarer: null, sides: [null, null, null, null] });
      expect(viewFor(d, SPECTATOR).legal).toEqual([]);
    }
  });

  it('cicha shows once only one other seat can hold the missing queen', () => {
    const d = dealOf(['Qc Qs Ah Th', 'Ac Tc Jc Js', 'As Ts Qh Jh', 'Qd Jd Ad Td']);
    run(d, 'pass pass pass pass Ah Js Jh Td Th Jc Qh Ad Qc Tc Ts Jd');
    // seat 1 sees Qc from seat 0; Qs is with seat 0, 2 or 3 — still unknown
    expect(viewFor(d, 1).contract).toBeNull();
  });

  it('wesele: the Jc holder knows at once that he is the partner; a Js holder waits for Jc to fall', () => {
    // Seat 1 declares wesele without Jc: seat 0 holds Jc and is the partner.
    const d = dealOf(['Ah Jc Ad Td', 'Qc Qs Js Ac', 'Th Jh Tc As', 'Qh Qd Jd Ts']);
    auction(d, { 1: ['wesele'] });
    expect(viewFor(d, 0).sides).toEqual(['old', 'old', 'young', 'young']);
    expect(viewFor(d, 1).sides).toEqual([null, 'old', null, null]); // the declarer lacks Jc: he waits too
    // seat 2 holds Jh: were Jc and Js both with the declarer, he would be the partner — he cannot tell yet
    expect(viewFor(d, 2).sides).toEqual([null, 'old', null, null]);
    expect(viewFor(d, 3).sides).toEqual([null, 'old', null, 'young']); // Jd can never make a partner
    // Seat 1 holds Jc here: seat 2's Js makes him partner, which seat 2 cannot know until Jc is seen.
    const e = dealOf(['Ah Jh Ad Td', 'Qc Qs Jc Ac', 'Th Js Tc As', 'Qh Qd Jd Ts']);
    auction(e, { 1: ['wesele'] });
    expect(viewFor(e, 2).sides).toEqual([null, 'old', null, null]);
    expect(viewFor(e, 3).sides).toEqual([null, 'old', null, 'young']);
    run(e, 'Ah Jc'); // the declarer plays Jc himself
    expect(viewFor(e, 2).sides).toEqual(['young', 'old', 'old', 'young']);
    expect(viewFor(e, 0).sides).toEqual([null, 'old', null, null]);
    run(e, 'Js'); // seat 2 plays Js: now all know
    expect(viewFor(e, 0).sides).toEqual(['young', 'old', 'old', 'young']);
  });

  it('a declared solo game is public; the score line shows once the deal is complete', () => {
    const d = dealOf(['Ah Th Qc Ac', 'Qs Qh Tc As', 'Qd Jc Js Ts', 'Jh Jd Ad Td']);
    auction(d, { 3: ['zollo'] });
    expect(viewFor(d, 0)).toMatchObject({
      contract: 'zollo',
      declaredGame: 'zollo',
      declarer: 3,
      sides: ['young', 'young', 'young', 'old'],
    });
    expect(viewFor(d, 0).score).toBeNull();
    run(d, 'Ah Qh Js Td Th Qs Jc Ad Ac Tc Qd Jd Ts Jh Qc');
    expect(viewFor(d, 1).trick).toEqual({ leader: 2, cards: ['Ts', 'Jh', 'Qc'] });
    expect(viewFor(d, 1).tricks).toHaveLength(3);
    run(d, 'As');
    expect(viewFor(d, 1)).toMatchObject({ phase: 'complete', toAct: null, trick: null, score: { winner: 'young' } });
  });
});
