// The layouts of the unseen cards that agree with what one seat knows. RULES §3, §4
//
// A seat knows its own hand as dealt, every call and every card played. A layout gives each other
// seat as many unseen cards as it still holds, such that:
// - every card it played was legal: a seat that did not follow suit holds none of it, one that did
//   not overtake when forced could not, and so on. Legality is a cascade (the first non-empty class
//   of the hand: beat in suit, follow suit, beat with a trump, trump, anything), so a card c was
//   legal from a hand H exactly when it was legal from {c, x} for every x in H: the cards x that
//   make c illegal from {c, x} are the cards the seat cannot have held then, nor hold now;
// - every call was legal: the auction is replayed on the layout (a wesele's declarer holds both
//   black queens, a kontra without a game is not from the would-be cicha player, …), which also
//   gives the layout's contract and sides (who holds the other black queen, the wesele partner).
// The `cichaMustBeLosable` duty is not used as evidence here: proving it would need an analysis
// inside each layout (docs/decisions/002-exact-analysis.md).
import {
  type Deal,
  Deal as DealClass,
  type PlayerView,
  type Rng,
  type Rules,
  parseCall,
  parseCard,
  randomInt,
} from '@baska/engine';
import {
  type Call,
  type CardOrder,
  GRAN_ORDER,
  ORDERS,
  PASS,
  cardsOf,
  beats,
  legalCards,
  maskOf,
  popcount,
} from '@baska/engine/fast';

/** What one seat knows of a deal in progress. */
export interface Knowledge {
  readonly seat: number;
  readonly rules: Rules;
  readonly dealer: number;
  readonly inBokRound: boolean;
  /** The cards each seat has played so far. */
  readonly played: Int32Array;
  /** The cards each seat still holds: exact for `seat`, 0 (unknown) for the others. */
  readonly own: number;
  /** The cards neither held by `seat` nor played. */
  readonly unseen: number;
  /** How many cards each seat still holds. */
  readonly count: Int32Array;
  /** The cards each seat cannot hold, by what its plays proved. */
  readonly cannot: Int32Array;
  /** The calls made so far. */
  readonly calls: readonly Call[];
}

/** The public history a seat's knowledge is built from, and the seat's own hand as dealt. */
interface History {
  rules: Rules;
  dealer: number;
  inBokRound: boolean;
  seat: number;
  dealt: number;
  /** The card order of the contract being played. */
  order: CardOrder;
  plays: ArrayLike<number>;
  players: ArrayLike<number>;
  calls: readonly Call[];
}

function knowledgeFrom(h: History): Knowledge {
  const played = new Int32Array(4);
  const cannot = new Int32Array(4);
  const gmt = h.rules.granMustTrump;
  let led = -1;
  let win = -1;
  for (let i = 0; i < h.plays.length; i++) {
    const c = h.plays[i]!;
    const s = h.players[i]!;
    const n = i & 3;
    if (n > 0) {
      for (let x = 0; x < 16; x++) {
        if (((legalCards(h.order, gmt, (1 << c) | (1 << x), led, win) >> c) & 1) === 0) cannot[s]! |= 1 << x;
      }
    }
    played[s]! |= 1 << c;
    if (n === 0) led = win = c;
    else if (beats(h.order, c, win)) win = c;
  }
  const count = new Int32Array(4);
  let all = 0;
  for (let s = 0; s < 4; s++) {
    count[s] = 4 - popcount(played[s]!);
    all |= played[s]!;
  }
  const own = h.dealt & ~played[h.seat]!;
  return {
    seat: h.seat,
    rules: h.rules,
    dealer: h.dealer,
    inBokRound: h.inBokRound,
    played,
    own,
    unseen: 0xffff & ~all & ~own,
    count,
    cannot,
    calls: h.calls,
  };
}

/** What `seat` knows at this point of the deal: nothing of the other hands beyond the public record. */
export function knowledgeOf(deal: Deal, seat: number): Knowledge {
  return knowledgeFrom({
    rules: deal.rules,
    dealer: deal.dealer,
    inBokRound: deal.inBokRound,
    seat,
    dealt: deal.dealt[seat]!,
    order: deal.order,
    plays: deal.plays.subarray(0, deal.nPlays),
    players: deal.players.subarray(0, deal.nPlays),
    calls: Array.from(deal.calls.subarray(0, deal.nCalls)),
  });
}

/** What a seat knows from its view: the same as `knowledgeOf` the deal, built from what the view shows. */
export function knowledgeOfView(view: PlayerView): Knowledge {
  const plays: number[] = [];
  const players: number[] = [];
  for (const t of view.trick ? [...view.tricks, view.trick] : view.tricks) {
    t.cards.forEach((code, i) => {
      plays.push(parseCard(code)!);
      players.push((t.leader + i) & 3);
    });
  }
  let dealt = maskOf(view.hand.map((code) => parseCard(code)!));
  for (let i = 0; i < plays.length; i++) if (players[i] === view.seat) dealt |= 1 << plays[i]!;
  const gran = view.declaredGame === 'gran' || view.declaredGame === 'gran-du';
  return knowledgeFrom({
    rules: view.rules,
    dealer: view.dealer,
    inBokRound: view.inBokRound,
    seat: view.seat,
    dealt,
    order: gran ? GRAN_ORDER : ORDERS[view.rules.cardOrder],
    plays,
    players,
    calls: view.auction.map((a) => parseCall(a.call)!),
  });
}

/** What a seat knows before the auction: its own hand. */
export function knowledgeOfHand(
  rules: Rules,
  dealer: number,
  seat: number,
  hand: number,
  inBokRound = false,
): Knowledge {
  const count = Int32Array.of(4, 4, 4, 4);
  return {
    seat,
    rules,
    dealer,
    inBokRound,
    played: new Int32Array(4),
    own: hand,
    unseen: 0xffff & ~hand,
    count,
    cannot: new Int32Array(4),
    calls: [],
  };
}

/** Call `visit` with every k-card subset of `mask`, until it returns true; returns whether it did. */
function forEachSubset(mask: number, k: number, visit: (subset: number) => boolean | void): boolean {
  const bits: number[] = [];
  for (let m = mask; m !== 0; m &= m - 1) bits.push(m & -m);
  const n = bits.length;
  if (k > n) return false;
  // Gosper's hack over the n positions, each mapped back onto the mask's own bits.
  const limit = 1 << n;
  for (let v = (1 << k) - 1; v < limit;) {
    let subset = 0;
    for (let m = v, i = 0; m !== 0; m >>>= 1, i++) if (m & 1) subset |= bits[i]!;
    if (visit(subset) === true) return true;
    if (v === 0) break;
    const low = v & -v;
    const r = v + low;
    v = (((r ^ v) >>> 2) >>> (31 - Math.clz32(low))) | r;
  }
  return false;
}

/**
 * Every layout of the unseen cards consistent with the plays (not yet with the calls): `visit`
 * gets the cards each seat holds now (the same array, rewritten for each layout), and may stop the
 * walk by returning true.
 */
export function forEachHolding(k: Knowledge, visit: (hands: Int32Array) => boolean | void): void {
  const hands = new Int32Array(4);
  const others = [1, 2, 3].map((i) => (k.seat + i) & 3);
  const [a, b, c] = others as [number, number, number];
  hands[k.seat] = k.own;
  forEachSubset(k.unseen & ~k.cannot[a]!, k.count[a]!, (ha) => {
    hands[a] = ha;
    const rest = k.unseen & ~ha;
    return forEachSubset(rest & ~k.cannot[b]!, k.count[b]!, (hb) => {
      const hc = rest & ~hb;
      if ((hc & k.cannot[c]!) !== 0 || popcount(hc) !== k.count[c]!) return false;
      hands[b] = hb;
      hands[c] = hc;
      return visit(hands);
    });
  });
}

/**
 * Replays an auction on layouts. One Deal is reused: `replay` returns it after the calls (in play,
 * or complete for a thrown game), or null when a call would have been illegal in that layout.
 */
export class AuctionReplay {
  private deal: DealClass | null = null;
  private readonly dealt = new Int32Array(4);

  constructor(private readonly k: Knowledge) {}

  /** Replay `calls`, then passes until the auction ends when `closeWithPasses`. */
  replay(hands: Int32Array, calls: readonly Call[], closeWithPasses = false): Deal | null {
    for (let s = 0; s < 4; s++) this.dealt[s] = hands[s]! | this.k.played[s]!;
    if (this.deal === null) this.deal = DealClass.of(this.k.rules, this.k.dealer, this.dealt, this.k.inBokRound);
    else this.deal.reset(this.k.dealer, this.dealt, this.k.inBokRound);
    const d = this.deal;
    for (const call of calls) if (d.applyMove(call) !== null) return null;
    if (closeWithPasses) {
      while (d.phase === 'auction') if (d.applyMove(PASS) !== null) return null;
    }
    return d;
  }
}

/** The number of layouts consistent with the plays and the calls so far. */
export function countLayouts(k: Knowledge): number {
  const replay = new AuctionReplay(k);
  let n = 0;
  forEachHolding(k, (hands) => {
    if (replay.replay(hands, k.calls) !== null) n++;
  });
  return n;
}

/** Layouts drawn for a decision: all of them, or a uniform sample (with repetition) when there are many. */
export interface Drawn {
  layouts: Int32Array[];
  /** Every consistent layout, each once. */
  exhaustive: boolean;
}

const choose = (n: number, k: number): number => {
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return r;
};

/**
 * `n` layouts consistent with the plays and the calls, drawn uniformly at random (rejection: deal
 * the unseen cards at random and keep the deal when every play and call could have been made from
 * it), or every layout when there are few (at most `n` before the calls are checked, or when
 * drawing keeps failing).
 */
export function drawLayouts(k: Knowledge, n: number, rng: Rng): Drawn {
  const replay = new AuctionReplay(k);
  const others = [1, 2, 3].map((i) => (k.seat + i) & 3);
  const u = popcount(k.unseen);
  const raw = choose(u, k.count[others[0]!]!) * choose(u - k.count[others[0]!]!, k.count[others[1]!]!);
  const all = (): Drawn => {
    const layouts: Int32Array[] = [];
    forEachHolding(k, (h) => {
      if (replay.replay(h, k.calls) !== null) layouts.push(Int32Array.from(h));
    });
    return { layouts, exhaustive: true };
  };
  if (raw <= n) return all();
  const cards = cardsOf(k.unseen);
  const layouts: Int32Array[] = [];
  const hands = new Int32Array(4);
  for (let tries = 0; layouts.length < n && tries < 50 * n; tries++) {
    // A Fisher–Yates shuffle of the unseen cards, dealt in the order of the seats after this one.
    for (let i = cards.length - 1; i > 0; i--) {
      const j = randomInt(rng, i + 1);
      const t = cards[i]!;
      cards[i] = cards[j]!;
      cards[j] = t;
    }
    hands.fill(0);
    hands[k.seat] = k.own;
    let at = 0;
    let ok = true;
    for (const s of others) {
      for (let i = 0; i < k.count[s]!; i++) hands[s]! |= 1 << cards[at++]!;
      if ((hands[s]! & k.cannot[s]!) !== 0) ok = false;
    }
    if (ok && replay.replay(hands, k.calls) !== null) layouts.push(Int32Array.from(hands));
  }
  if (layouts.length < n) return all();
  return { layouts, exhaustive: false };
}
