// A move waiting for the server's answer (moves.ts): what the events after it, or a view alone, say
// became of it (made as sent, or refused: another tab, the clock, a bot), and whether it may be sent
// again (its spot still the player's). The views here carry only the fields the module reads.
import type { PlayerView } from '@baska/engine';
import type { PublicEvent, TableInfo } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { type PendingMove, outcomeOfEvents, outcomeOfView, spotOf, stillToMake } from '../src/moves.js';

const info = (over: Partial<TableInfo> = {}) =>
  ({ dealsPlayed: 0, dealSeats: null, marks: { auction: [], plays: [] }, ...over }) as TableInfo;
const auction = (calls: string[], toAct: number | null, legal: string[] = []) =>
  ({
    phase: 'auction',
    auction: calls.map((call, i) => ({ seat: (1 + i) % 4, call })),
    tricks: [],
    trick: null,
    toAct,
    legal,
  }) as unknown as PlayerView;
const play = (cards: string[], toAct: number | null, legal: string[] = []) =>
  ({
    phase: 'play',
    auction: [],
    tricks: [],
    trick: cards.length ? { leader: 1, cards } : null,
    toAct,
    legal,
  }) as unknown as PlayerView;
const event = (version: number, e: PublicEvent) => ({ version, event: e });

describe('a move waiting for its answer', () => {
  // Seat 0 calls fourth: seats 1, 2 and 3 have passed.
  const before = auction(['pass', 'pass', 'pass'], 0, ['pass', 'wesele']);
  const pass: PendingMove = { action: 'pass', version: 7, spot: spotOf(info(), before) };

  it('is made when the first move of his seat after it is his, by him', () => {
    expect(outcomeOfEvents(pass, 0, [event(8, { type: 'action', seat: 0, action: 'pass', by: 'player' })])).toBe(
      'made',
    );
  });

  it('is refused when his seat moved otherwise: another call, the clock, a new deal; other events leave it open', () => {
    const other = event(8, { type: 'action', seat: 0, action: 'wesele', by: 'player' });
    const clock = event(8, { type: 'action', seat: 0, action: 'pass', by: 'timeout' });
    expect(outcomeOfEvents(pass, 0, [other])).toBe('refused');
    expect(outcomeOfEvents(pass, 0, [clock])).toBe('refused');
    expect(outcomeOfEvents(pass, 0, [event(8, { type: 'deal', dealer: 1, number: 2 })])).toBe('refused');
    const back = event(8, { type: 'back', seat: 2 });
    expect(outcomeOfEvents(pass, 0, [back])).toBeNull();
    // Events from before it was sent are not about it.
    expect(outcomeOfEvents(pass, 0, [event(7, { type: 'action', seat: 0, action: 'wesele', by: 'player' })])).toBe(
      null,
    );
  });

  it('read from a view alone: its spot filled by him is made, filled otherwise or by the clock refused, open while his', () => {
    expect(outcomeOfView(pass, info(), before, 0)).toBeNull();
    const made = auction(['pass', 'pass', 'pass', 'pass'], null);
    expect(outcomeOfView(pass, info(), made, 0)).toBe('made');
    expect(outcomeOfView(pass, info({ marks: { auction: [null, null, null, 'timeout'], plays: [] } }), made, 0)).toBe(
      'refused',
    );
    expect(outcomeOfView(pass, info(), auction(['pass', 'pass', 'pass', 'wesele'], 1), 0)).toBe('refused');
    // The deal is over and another begun: refused, not waited for for ever.
    expect(outcomeOfView(pass, info({ dealsPlayed: 1 }), auction([], 1), 0)).toBe('refused');
  });

  it('a card: the card at its place in the play decides', () => {
    const lead = play(['Ah'], 0, ['Qc', 'Td']);
    const card: PendingMove = { action: 'Qc', version: 20, spot: spotOf(info(), lead) };
    expect(outcomeOfView(card, info(), play(['Ah', 'Qc'], 1), 0)).toBe('made');
    expect(outcomeOfView(card, info(), play(['Ah', 'Td'], 1), 0)).toBe('refused');
    expect(stillToMake(card, info(), lead, 0)).toBe(true);
  });

  it('may be sent again only while its spot is his and the move legal', () => {
    expect(stillToMake(pass, info(), before, 0)).toBe(true);
    expect(stillToMake(pass, info(), auction(['pass', 'pass', 'pass'], 0, ['wesele']), 0)).toBe(false);
    expect(stillToMake(pass, info(), auction(['pass', 'pass', 'pass', 'wesele'], 1, []), 0)).toBe(false);
    // At a table of five the view counts the deal's four seats: table seat 3 is the deal's seat 2 here.
    const five = info({ dealSeats: [1, 2, 3, 4] });
    const at = auction(['pass'], 2, ['pass']);
    expect(stillToMake({ action: 'pass', version: 3, spot: spotOf(five, at) }, five, at, 3)).toBe(true);
  });
});
