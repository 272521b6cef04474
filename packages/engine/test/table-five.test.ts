import { describe, expect, it } from 'vitest';
import {
  type Rng,
  SeededRng,
  Table,
  TableOfFive,
  loadRecord,
  loadTableOfFiveRecord,
  makeTableOfFiveRecord,
  parseCards,
  parseTableOfFiveRecord,
  randomInt,
  recordOfDeal,
  recordOfTableOfFive,
  rulesOf,
  scoreRecord,
} from '@baska/engine';
import { PLAIN, TIE, codeOf, rotate, run } from './helpers.js';

const standard = rulesOf('standard');

function playDeals(table: TableOfFive | Table, deals: (typeof TIE)[]) {
  for (const d of deals) {
    const started = table.newDeal(rotate(d.hands, table.deals.length % 4));
    expect(started.ok).toBe(true);
    run(table, d.actions);
  }
}

/** Legal calls and cards chosen at random until the deal ends (or `stopAfter` actions). */
function playRandomly(table: TableOfFive, rng: Rng, stopAfter = Infinity) {
  const deal = table.current!;
  for (let i = 0; !deal.isComplete && i < stopAfter; i++) {
    const legal = deal.legal();
    const r = table.apply(legal[randomInt(rng, legal.length)]!);
    if (!r.ok) throw new Error(r.error.message);
  }
}

function tableWithRandomDeals(deals: number, dealer?: number, seed = 'pięć') {
  const table = new TableOfFive({ rules: standard, dealer, seed });
  const rng = new SeededRng(seed);
  for (let n = 0; n < deals; n++) {
    expect(table.newDeal().ok).toBe(true);
    playRandomly(table, rng);
  }
  return table;
}

const sum = (xs: (number | null)[]) => xs.reduce<number>((a, x) => a + (x ?? 0), 0);

describe('a table of five // RULES §9, seed 002', () => {
  it.each([0, 2])('the dealer sits out and moves on every deal (first dealer %i): each seat twice in 10', (first) => {
    const table = tableWithRandomDeals(10, first);
    const dealers = table.deals.map((_, n) => table.dealerOf(n));
    expect(dealers).toEqual(Array.from({ length: 10 }, (_, n) => (first + n) % 5));
    for (let n = 0; n < 10; n++) {
      const seats = table.seatsOf(n);
      expect([...seats, dealers[n]].sort()).toEqual([0, 1, 2, 3, 4]); // the four who play, and the one out
      expect(table.dealSeatOf(dealers[n]!, n)).toBe(-1);
    }
    for (let s = 0; s < 5; s++) expect(dealers.filter((d) => d === s)).toHaveLength(2);
    expect(table.nextDealer).toBe(first % 5);
  });

  it('seats a tournament table from seat 0 by default, as "deal i is dealt by seat i mod 5"', () => {
    const table = new TableOfFive({ rules: standard, seed: 1 });
    expect(table.firstDealer).toBe(0);
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => table.dealerOf(n))).toEqual([0, 1, 2, 3, 4, 0, 1]);
  });

  it('forehand is the player left of the dealer; the Deal dealer the one to his right; play goes clockwise', () => {
    const table = tableWithRandomDeals(10, 3);
    table.deals.forEach((deal, n) => {
      const out = table.dealerOf(n);
      const at = (dealSeat: number) => table.tableSeatOf(dealSeat, n);
      expect(at(deal.forehand)).toBe((out + 1) % 5); // RULES §1: forehand sits left of the dealer
      expect(at(deal.dealer)).toBe((out + 4) % 5); // the player just before forehand among the four
      for (let k = 0; k < 4; k++) expect(at((deal.forehand + k) % 4)).toBe((out + 1 + k) % 5);
      expect(deal.dealer).toBe(n % 4); // four-seat rotation, so the record stays a valid four-seat one
      // RULES §3: position 2 calls first; RULES §4: forehand leads to the first trick
      expect(at(deal.callers[0]!)).toBe((out + 2) % 5);
      if (deal.nPlays > 0) expect(at(deal.players[0]!)).toBe((out + 1) % 5);
    });
  });

  it('protocol rows: null at the dealer, the four others summing to 0; totals are the rows summed', () => {
    const table = tableWithRandomDeals(12, 1);
    const rows = table.protocol;
    expect(rows).toHaveLength(12);
    rows.forEach((row, n) => {
      expect(row).toHaveLength(5);
      row.forEach((x, s) => (s === table.dealerOf(n) ? expect(x).toBeNull() : expect(Number.isInteger(x)).toBe(true)));
      expect(sum(row)).toBe(0);
    });
    expect(rows.some((row) => row.some((x) => x !== 0 && x !== null))).toBe(true);
    expect(table.totals).toEqual([0, 1, 2, 3, 4].map((s) => sum(rows.map((r) => r[s]!))));
    expect(sum(table.totals)).toBe(0);
  });

  it('a tie starts a bok-round: the next four deals at the table count double, whoever sits out // RULES §5', () => {
    const table = new TableOfFive({ rules: standard, dealer: 0 });
    playDeals(table, [PLAIN, TIE]);
    expect(table.bokDealsLeft).toBe(4);
    playDeals(table, [PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]);
    expect(table.deals.map((d) => d.inBokRound)).toEqual([false, false, true, true, true, true, false]);
    expect(table.deals.map((d) => d.score!.value)).toEqual([1, 8, 2, 2, 2, 2, 1]);
    expect([2, 3, 4, 5].map((n) => table.dealerOf(n))).toEqual([2, 3, 4, 0]); // four different players sit out
    expect(table.bokDealsLeft).toBe(0);
    // The tied deal: the cicha player −24, each young +8, the dealer (seat 1) nothing.
    expect(table.protocol[1]![1]).toBeNull();
    expect([...table.protocol[1]!].filter((x) => x !== null).sort((a, b) => a! - b!)).toEqual([-24, 8, 8, 8]);
    expect(table.protocol.slice(2, 6).every((row) => row.every((x) => x === null || Math.abs(x) === 2))).toBe(true);
  });

  it('scores every deal as a table of four with the same hands and Deal dealers would', () => {
    const five = new TableOfFive({ rules: standard, dealer: 4 });
    const four = new Table({ rules: standard, dealer: 0 });
    const deals = [TIE, PLAIN, TIE, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN];
    playDeals(five, deals);
    playDeals(four, deals);
    expect(five.bokDealsLeft).toBe(four.bokDealsLeft);
    five.protocol.forEach((row, n) => {
      const seats = five.seatsOf(n);
      expect(seats.map((s) => row[s])).toEqual([...four.deals[n]!.outcome.scores]);
    });
  });

  it('a round of 36 deals: one player deals 8 of them, the others 7', () => {
    const table = tableWithRandomDeals(36, 0);
    const sittingOut = [0, 1, 2, 3, 4].map((s) => table.protocol.filter((row) => row[s] === null).length);
    expect(sittingOut).toEqual([8, 7, 7, 7, 7]);
    expect(table.totals).toEqual([0, 1, 2, 3, 4].map((s) => sum(table.protocol.map((r) => r[s]!))));
  });

  it('tells a bot driver who acts, as a table seat, and where he sits in the Deal', () => {
    const table = new TableOfFive({ rules: standard, dealer: 2, seed: 7 });
    expect(table.toAct).toBe(-1);
    expect(table.nextSeats).toEqual(table.seatsOf(0));
    table.newDeal();
    const deal = table.current!;
    expect(table.toAct).toBe((2 + 2) % 5); // position 2 calls first
    expect(table.dealSeatOf(table.toAct)).toBe(deal.toAct);
    playRandomly(table, new SeededRng(7));
    expect(table.toAct).toBe(-1);
  });

  it('forgets the deals before the current one and goes on as a table that keeps them', () => {
    const kept = new TableOfFive({ rules: standard, dealer: 3, seed: 'zapomnij' });
    const forgetting = new TableOfFive({ rules: standard, dealer: 3, seed: 'zapomnij' });
    const [a, b] = [new SeededRng('z'), new SeededRng('z')];
    for (let n = 0; n < 23; n++) {
      expect(kept.newDeal().ok).toBe(true);
      expect(forgetting.newDeal().ok).toBe(true);
      forgetting.forget();
      playRandomly(kept, a);
      playRandomly(forgetting, b);
      expect(forgetting.deals).toHaveLength(1);
      expect(forgetting.forgotten).toBe(n);
      expect(forgetting.dealCount).toBe(kept.dealCount);
      expect(forgetting.totals).toEqual(kept.totals);
      expect(forgetting.bokDealsLeft).toBe(kept.bokDealsLeft);
      expect([forgetting.nextDealer, forgetting.nextDealDealer]).toEqual([kept.nextDealer, kept.nextDealDealer]);
      expect(forgetting.nextSeats).toEqual(kept.nextSeats);
      expect(forgetting.rowOf(n)).toEqual(kept.rowOf(n));
      expect(forgetting.rowOf(n - 1)).toBeNull(); // forgotten
      expect(forgetting.protocol).toEqual([kept.rowOf(n)]);
      expect(recordOfTableOfFive(forgetting, 'standard').deals).toEqual(
        recordOfTableOfFive(kept, 'standard').deals.slice(-1),
      );
      expect(forgetting.fork().dealCount).toBe(n + 1);
    }
  });

  it('bad input gets a coded error and changes nothing', () => {
    expect(codeOf(TableOfFive.create({ rules: standard, dealer: 5 }))).toBe('ERR_DEALER');
    expect(() => new TableOfFive({ rules: standard, dealer: -1 })).toThrow(/ERR_DEALER/);
    const table = new TableOfFive({ rules: standard, dealer: 0, seed: 3 });
    expect(codeOf(table.apply('pass'))).toBe('ERR_INCOMPLETE');
    expect(codeOf(table.newDeal([parseCards('Ah Th Qc Qs')!]))).toBe('ERR_CARDS');
    expect(table.deals).toHaveLength(0);
    table.newDeal();
    const before = recordOfDeal(table.current!);
    expect(codeOf(table.apply('Ah'))).toBe('ERR_ILLEGAL_CARD');
    expect(codeOf(table.apply('nonsense'))).toBe('ERR_SCHEMA');
    expect(codeOf(table.newDeal())).toBe('ERR_INCOMPLETE');
    expect(recordOfDeal(table.current!)).toEqual(before);
    expect(table.deals).toHaveLength(1);
    expect(table.totals).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('records of a table of five // docs/decisions/006-table-of-five.md', () => {
  function recorded(deals: number, dealer = 0) {
    const table = tableWithRandomDeals(deals, dealer, 'zapis');
    table.newDeal();
    playRandomly(table, new SeededRng('reszta'), 9); // the last deal in progress
    return table;
  }

  it('round-trips: parse(make(x)) gives back x, and the replayed table has the same protocol', () => {
    const table = recorded(11, 3);
    const record = recordOfTableOfFive(table, 'standard');
    expect(record.players).toBe(5);
    expect(record.deals[0]!.seats).toEqual(table.seatsOf(0));
    const loaded = parseTableOfFiveRecord(makeTableOfFiveRecord(record));
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.value.record).toEqual(record);
    expect(loaded.value.table.firstDealer).toBe(3);
    expect(loaded.value.table.protocol).toEqual(table.protocol);
    expect(loaded.value.table.totals).toEqual(table.totals);
    expect(loaded.value.table.bokDealsLeft).toBe(table.bokDealsLeft);
    expect(recordOfDeal(loaded.value.table.current!)).toEqual(recordOfDeal(table.current!));
  });

  it('without "players" and "seats" it is a valid four-seat record that scores every deal right', () => {
    const table = new TableOfFive({ rules: standard, dealer: 1 });
    playDeals(table, [PLAIN, TIE, PLAIN, PLAIN, PLAIN, PLAIN, PLAIN]);
    const { players: _, ...rest } = recordOfTableOfFive(table, 'standard');
    const four = loadRecord({ ...rest, deals: rest.deals.map(({ seats: _s, ...d }) => d) });
    expect(four.ok).toBe(true);
    if (!four.ok) return;
    const report = scoreRecord(four.value);
    expect(report.ok && report.value.bokDealsLeft).toBe(table.bokDealsLeft);
    if (!report.ok) return;
    report.value.deals.forEach((line, n) => {
      expect(table.seatsOf(n).map((s) => table.protocol[n]![s])).toEqual(line.scores);
    });
  });

  const good = () =>
    JSON.parse(makeTableOfFiveRecord(recordOfTableOfFive(recorded(6), 'standard'))) as {
      players?: number;
      rules: unknown;
      deals: { dealer: number; seats?: number[]; play: string[] }[];
    };
  const errorOf = (value: unknown) => {
    const r = loadTableOfFiveRecord(value);
    return r.ok ? null : r.error;
  };

  it('rejects a record that is not of five, or a deal without its seats', () => {
    expect(codeOf(parseTableOfFiveRecord('{'))).toBe('ERR_JSON');
    const r = good();
    delete r.players;
    expect(errorOf(r)?.code).toBe('ERR_SCHEMA');
    const s = good();
    delete s.deals[2]!.seats;
    expect(errorOf(s)).toMatchObject({ code: 'ERR_SCHEMA', deal: 2 });
    const t = good();
    t.deals[1]!.seats = [0, 1, 2, 5];
    expect(errorOf(t)).toMatchObject({ code: 'ERR_SCHEMA', deal: 1 });
    expect(errorOf({ ...good(), rules: 'nonesuch' })?.code).toBe('ERR_RULES');
  });

  it('rejects seats that do not follow the dealer round the table, naming the deal', () => {
    const swapped = good();
    const [a, b] = swapped.deals[3]!.seats!;
    swapped.deals[3]!.seats!.splice(0, 2, b!, a!);
    expect(errorOf(swapped)).toMatchObject({ code: 'ERR_DEALER', deal: 3 });
    const wrongOut = good(); // deal 2 played by seats 0–3: seat 4 sits out, but seat 2 deals it
    wrongOut.deals[2]!.seats = [0, 1, 2, 3];
    expect(errorOf(wrongOut)).toMatchObject({ code: 'ERR_DEALER', deal: 2 });
    const dealer = good();
    dealer.deals[0]!.dealer = 3;
    expect(errorOf(dealer)).toMatchObject({ code: 'ERR_DEALER', deal: 0 });
    const twice = good();
    twice.deals[0]!.seats = [1, 1, 2, 3];
    expect(errorOf(twice)).toMatchObject({ code: 'ERR_DEALER', deal: 0 });
  });

  it('names the first fault met, deal by deal', () => {
    const cardFirst = good();
    cardFirst.deals[1]!.play[0] = cardFirst.deals[1]!.play[1]!; // not forehand's card
    cardFirst.deals[4]!.seats = [0, 1, 2, 3];
    expect(errorOf(cardFirst)).toMatchObject({ code: 'ERR_ILLEGAL_CARD', deal: 1 });
    const seatsFirst = good();
    seatsFirst.deals[1]!.seats = [0, 1, 2, 3];
    seatsFirst.deals[4]!.play[0] = seatsFirst.deals[4]!.play[1]!;
    expect(errorOf(seatsFirst)).toMatchObject({ code: 'ERR_DEALER', deal: 1 });
  });
});

describe('a table of five on the server: claims, copies, and what its record keeps', () => {
  /** A table with `deals` random deals whose last is claimed by the seat to play after `at` cards. */
  function withClaim(deals: number, at: number) {
    const table = tableWithRandomDeals(deals - 1, 2, 'roszczenie');
    table.newDeal();
    const deal = table.current!;
    const rng = new SeededRng('licytacja');
    while (deal.phase === 'auction') table.apply(deal.legal()[randomInt(rng, deal.legal().length)]!);
    while (deal.phase === 'play' && deal.nPlays < at) table.apply(deal.legal()[0]!);
    if (deal.phase !== 'play') return null; // thrown: no play to claim
    const trial = deal.clone();
    const line: number[] = [];
    while (!trial.isComplete) {
      const card = parseCards(trial.legal()[0]!)![0]!;
      line.push(card);
      trial.applyMove(card);
    }
    const claimant = deal.toAct;
    expect(table.claim(claimant, line).ok).toBe(true);
    return { table, claimant, scores: trial.outcome.scores };
  }

  it('a claim settles the deal as its line played out, and the totals of the five with it // RULES §7', () => {
    const claimed = withClaim(3, 5)!;
    const { table, claimant, scores } = claimed;
    expect(table.current!.isComplete).toBe(true);
    expect(table.current!.claimedBy).toBe(claimant);
    const row = table.rowOf(2)!;
    expect(table.seatsOf(2).map((s) => row[s])).toEqual([...scores]);
    expect(row[table.dealerOf(2)]).toBeNull();
    const summed = [0, 1, 2, 3, 4].map((s) => sum(table.protocol.map((r) => r[s]!)));
    expect(table.totals).toEqual(summed);
    expect(table.claim(0, []).ok).toBe(false); // nothing left to claim: refused, nothing changes
    expect(table.totals).toEqual(summed);
  });

  it('a fork is a copy to change: what it plays is not seen in the original', () => {
    const table = tableWithRandomDeals(4, 1, 'kopia');
    table.newDeal();
    const deal = table.current!;
    table.apply(deal.legal()[0]!);
    const copy = table.fork();
    expect(copy.protocol).toEqual(table.protocol);
    expect(copy.totals).toEqual(table.totals);
    expect(copy.firstDealer).toBe(1);
    playRandomly(copy, new SeededRng('dalej'));
    expect(copy.current!.isComplete).toBe(true);
    expect(table.current!.isComplete).toBe(false);
    expect(table.current!.nCalls).toBe(1);
    expect(table.protocol).toHaveLength(4);
    expect(copy.protocol).toHaveLength(5);
    expect(copy.nextDealDealer).toBe(5 % 4);
    expect(table.nextDealDealer).toBe(4 % 4);
  });

  it('its record keeps a claim, a deal’s proof, the server’s signatures and the hints mark through a round trip', () => {
    const { table, claimant } = withClaim(2, 6)!;
    const record = recordOfTableOfFive(table, 'standard', true);
    expect(record.hints).toBe(true);
    expect(record.deals[1]!.claim).toEqual({ seat: claimant, at: 6 });
    const fair = {
      commitment: 'a'.repeat(64),
      seed: 'ziarno',
      contributions: [null, 'ab', null, 'cd'],
      signature: 'c2ln',
    };
    record.deals[0]!.fair = fair;
    record.signature = { key: 'klucz', table: 'stol', value: 'cG9kcGlz' };
    const loaded = parseTableOfFiveRecord(makeTableOfFiveRecord(record));
    if (!loaded.ok) throw new Error(loaded.error.message);
    expect(loaded.value.record).toEqual(record);
    expect(loaded.value.table.current!.claimedBy).toBe(claimant);
    expect(loaded.value.table.protocol).toEqual(table.protocol);
  });
});
