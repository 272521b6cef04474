// The cicha judge bound in one place (RULES §7, cichaMustBeLosable): every table, deal, record and
// play-out made through @baska/ai enforces it, so no caller can forget it.
import { describe, expect, it } from 'vitest';
import {
  type Deal,
  type PlayerView,
  type Result,
  SeededRng,
  maskOf,
  parseCard,
  recordOfDeal,
  rulesOf,
} from '@baska/engine';
import { type Bot, botPlayer, newTable, playDeal, readRecord, readRecordText, startDeal } from '@baska/ai';

// Seat 2 holds both black queens with the two highest trumps: his cicha wins in every layout.
const HANDS = ['Jc Js Jh Jd', 'Qh Qd Ad Td', 'Ah Th Qc Qs', 'Ac Tc As Ts'];
const SURE_SEAT = 2;
const MASKS = HANDS.map((h) => maskOf(h.split(' ').map((c) => parseCard(c)!)));

/** The deal started, or the test fails with its error. */
function started(r: Result<Deal>): Deal {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Pass until the holder of the sure cicha is to call; his legal calls then. */
function callsOfHolder(d: Deal): string[] {
  while (d.toAct !== SURE_SEAT) expect(d.apply('pass').ok).toBe(true);
  return d.legal();
}

describe('cichaMustBeLosable, bound by @baska/ai (RULES §7)', () => {
  it('a table made by newTable: the holder of a sure cicha may not pass under leborsk; under standard he may', () => {
    for (const [preset, mayPass] of [
      ['leborsk', false],
      ['standard', true],
    ] as const) {
      const table = newTable({ rules: rulesOf(preset), dealer: 0, seed: 1 });
      const deal = started(table.newDeal(MASKS));
      expect(callsOfHolder(deal).includes('pass')).toBe(mayPass);
    }
  });

  it('a deal made by startDeal, and its clone', () => {
    const deal = started(startDeal({ rules: rulesOf('leborsk'), dealer: 0, hands: MASKS }));
    const legal = callsOfHolder(deal);
    expect(legal).not.toContain('pass');
    expect(legal).toContain('wesele');
    expect(deal.clone().legal()).not.toContain('pass');
  });

  it('a record read by readRecord or readRecordText: the pass is refused with its code', () => {
    const record = { rules: 'leborsk', deals: [{ dealer: 0, hands: HANDS, auction: ['pass'], play: [] }] };
    for (const loaded of [readRecord(record), readRecordText(JSON.stringify(record))]) {
      expect(loaded.ok).toBe(false);
      expect(!loaded.ok && loaded.error.code).toBe('ERR_ILLEGAL_CALL');
    }
  });

  it('the play-out loop: a bot that always wants to pass is refused at the sure cicha', () => {
    const passer: Bot = {
      name: 'passer',
      decide: (view: PlayerView) => (view.legal.includes('pass') ? 'pass' : view.legal[0]!),
    };
    const deal = started(startDeal({ rules: rulesOf('leborsk'), dealer: 0, hands: MASKS }));
    const players = [0, 1, 2, 3].map(() => botPlayer(passer, new SeededRng('x')));
    const d = playDeal(deal, players);
    expect(recordOfDeal(d).auction[0]).not.toBe('pass'); // seat 2 calls first under leborsk, and may not pass
    expect(d.contract).not.toBe('cicha');
  });
});
