// The `basic` level: the rules of thumb of a club player, in a few lines each (docs/bots.md lists
// them). It decides from the seat's view alone, in microseconds, and is also the model the expert
// uses to read the other players' calls.
import { type Game, type PlayerView, type Rules, parseCall, parseCard } from '@baska/engine';
import {
  BLACK_QUEENS,
  type Call,
  type Card,
  type CardOrder,
  GRAN_ORDER,
  ORDERS,
  PASS,
  POINTS,
  beats,
  gameOf,
  isDoublingCall,
  isGameCall,
  maskOf,
  namedJack,
} from '@baska/engine/fast';

// ---- Hand strength: roughly the tricks a card takes, by its place in the card order. ----

// Trumps from the highest down, then the fele; normal order and as–trzy–dychy share the shape. RULES §4, §8
const NORMAL_TRUMP_VALUE = [1, 0.85, 0.7, 0.65, 0.5, 0.4, 0.3, 0.25, 0.2, 0.15, 0.1, 0.1, 0.1, 0.1];
const GRAN_TRUMP_VALUE = [1, 0.85, 0.7, 0.55];

/** An order's trumps from the highest down and its plain suits (each from the highest down), listed once. */
interface Shape {
  trumps: Card[];
  suits: Card[][];
}
const shapes = new Map<CardOrder, Shape>();
function shapeOf(order: CardOrder): Shape {
  let shape = shapes.get(order);
  if (!shape) {
    const trumps = order.ranking.filter((c) => (order.trumps >> c) & 1);
    const suits = [1, 2, 3, 4]
      .map((g) => order.ranking.filter((c) => order.group[c] === g))
      .filter((group) => group.length > 0);
    shapes.set(order, (shape = { trumps, suits }));
  }
  return shape;
}

/** Rough tricks a hand takes in a contract of this card order. */
export function handStrength(hand: number, order: CardOrder): number {
  let s = 0;
  const { trumps, suits } = shapeOf(order);
  const values = order === GRAN_ORDER ? GRAN_TRUMP_VALUE : NORMAL_TRUMP_VALUE;
  trumps.forEach((c, i) => {
    if ((hand >> c) & 1) s += values[i] ?? 0.1;
  });
  for (const group of suits) {
    // The top card of a plain suit is a trick when the suit is not trumped; the next one with it guarded.
    if ((hand >> group[0]!) & 1) s += order === GRAN_ORDER ? 0.6 : 0.3;
    if (group.length > 1 && (hand >> group[1]!) & 1) s += (hand >> group[0]!) & 1 ? 0.35 : 0.1;
  }
  return s;
}

const topTrumps = (order: CardOrder, n: number): number => maskOf(shapeOf(order).trumps.slice(0, n));
const holds = (hand: number, set: number) => (hand & set) === set;

// ---- The auction ----

/** What a seat's next call depends on. */
export interface CallState {
  rules: Rules;
  seat: number;
  /** The seat's cards (all four: no card is played in the auction). */
  hand: number;
  legal: readonly Call[];
  /** The game declared so far and its declarer, if any. */
  declaredGame: Game | null;
  declarer: number | null;
  /** The doubling level since the last game, and who made the last doubling. */
  level: number;
  lastDoubler: number | null;
}

/** Strength needed, by the contract it would lead to. Tuned by hand in the arena (docs/bots.md). */
const NEED = { zollo: 2.8, gran: 2.6, cicha: 2.3, kontraSolo: 2.2, kontraPair: 2.5, answer: 3.0 } as const;

/**
 * The basic level's call. In order: a thrown game when the hand has one; a du game when it cannot
 * lose; zollo or gran on a strong hand; with both black queens, cicha (pass) when strong, else wesele;
 * a kontra against a solo game with two sure tricks, or in a pair game with a strong hand; a redouble
 * only on a hand that is stronger still; otherwise pass.
 */
export function basicCall(st: CallState): Call {
  const legal = new Set(st.legal);
  const can = (g: Game) => legal.has(callOf(g));
  const { hand } = st;
  const normal = ORDERS[st.rules.cardOrder];
  const sNormal = handStrength(hand, normal);
  const sGran = handStrength(hand, GRAN_ORDER);
  // Thrown games win without play: declare the highest one the hand holds. RULES §2
  for (const g of ['baszka', 'mester', 'zollo-bieda'] as const) if (can(g)) return callOf(g);
  // Du games only when every trick is sure: the four top trumps, or the three top jacks and an ace.
  if (can('zollo-du') && holds(hand, topTrumps(normal, 4))) return callOf('zollo-du');
  const aces = hand & 0x1111;
  if (can('gran-du') && (holds(hand, topTrumps(GRAN_ORDER, 4)) || (holds(hand, topTrumps(GRAN_ORDER, 3)) && aces)))
    return callOf('gran-du');
  const bothQueens = holds(hand, BLACK_QUEENS);
  if (st.declaredGame === null && bothQueens) {
    // Cicha on a strong hand (and not forced to declare under cichaMustBeLosable); wesele otherwise. RULES §2, §7
    if (sNormal >= NEED.cicha && legal.has(PASS) && sNormal < NEED.zollo + 0.3) return PASS;
    if (can('zollo') && sNormal >= NEED.zollo + 0.3) return callOf('zollo');
    const wesele = weseleCall(st);
    if (wesele !== null) return wesele;
  }
  if (can('zollo') && sNormal >= NEED.zollo && !bothQueens) return callOf('zollo');
  if (can('gran') && sGran >= NEED.gran && (hand >> 3) & 1 /* Jc */) return callOf('gran');
  const double = st.legal.find(isDoublingCall);
  if (double !== undefined) {
    const strength = st.declaredGame === 'gran' || st.declaredGame === 'gran-du' ? sGran : sNormal;
    if (st.level === 0) {
      if (st.declaredGame === null || st.declaredGame === 'wesele') {
        if (strength >= NEED.kontraPair) return double;
      } else if (st.declarer !== st.seat && strength >= NEED.kontraSolo) return double;
    } else if (st.lastDoubler !== st.seat && strength >= NEED.answer + 0.2 * (st.level - 1)) {
      // Answer a doubling only when it was not one's own and the hand is very strong.
      if (st.declarer === st.seat || st.declaredGame === null || st.declaredGame === 'wesele') return double;
    }
  }
  if (legal.has(PASS)) return PASS;
  // Forced to declare (a sure cicha under cichaMustBeLosable): the cheapest game the hand may declare.
  return st.legal.find(isGameCall) ?? st.legal[0]!;
}

const GAME_CALLS = new Map<Game, Call>();
function callOf(g: Game): Call {
  let c = GAME_CALLS.get(g);
  if (c === undefined) GAME_CALLS.set(g, (c = parseCall(g)!));
  return c;
}

/** Wesele, naming (when the table names jacks) the highest jack the hand lacks, as the plain rule would. RULES §2, §8 */
function weseleCall(st: CallState): Call | null {
  const weseles = st.legal.filter((c) => isGameCall(c) && gameOf(c) === 'wesele');
  if (weseles.length === 0) return null;
  return weseles.find((c) => namedJack(c) < 0) ?? weseles.sort((a, b) => namedJack(a) - namedJack(b))[0]!;
}

/** The call state of a view in the auction. */
export function callStateOf(view: PlayerView): CallState {
  let lastDoubler: number | null = null;
  for (const a of view.auction) {
    const c = parseCall(a.call)!;
    if (isGameCall(c)) lastDoubler = null;
    else if (isDoublingCall(c)) lastDoubler = a.seat;
  }
  return {
    rules: view.rules,
    seat: view.seat,
    hand: maskOf(view.hand.map((c) => parseCard(c)!)),
    legal: view.legal.map((c) => parseCall(c)!),
    declaredGame: view.declaredGame,
    declarer: view.declarer,
    level: view.level,
    lastDoubler,
  };
}

// ---- The play ----

/** The card order of the view's contract. */
export function orderOfView(view: PlayerView): CardOrder {
  return view.declaredGame === 'gran' || view.declaredGame === 'gran-du' ? GRAN_ORDER : ORDERS[view.rules.cardOrder];
}

const pointsThenWeakness = (order: CardOrder) => (a: Card, b: Card) =>
  POINTS[a]! - POINTS[b]! || order.strength[a]! - order.strength[b]!;
const weakest = (order: CardOrder) => (a: Card, b: Card) => order.strength[a]! - order.strength[b]!;

/**
 * The basic level's card. Leading: a sure winner (the highest trump still out) is cashed; the old
 * lead trumps from the top down to draw the young's trumps; otherwise the cheapest card. Following:
 * onto a partner's sure trick, the richest card; last to play, take the trick with the weakest card
 * that wins it if the opponents hold it, else give the least; earlier, take it with a sure winner,
 * or with the strongest card when it holds ten points or more, else give the least.
 */
export function basicCard(view: PlayerView): Card {
  const order = orderOfView(view);
  const legal = view.legal.map((c) => parseCard(c)!);
  if (legal.length === 1) return legal[0]!;
  const hand = maskOf(view.hand.map((c) => parseCard(c)!));
  let seen = hand;
  for (const t of view.tricks) for (const c of t.cards) seen |= 1 << parseCard(c)!;
  const trick = view.trick ? view.trick.cards.map((c) => parseCard(c)!) : [];
  for (const c of trick) seen |= 1 << c;
  const unseen = 0xffff & ~seen;
  const sure = (c: Card) => {
    for (let m = unseen; m !== 0; m &= m - 1) if (beats(order, 31 - Math.clz32(m & -m), c)) return false;
    return true;
  };
  const me = view.sides[view.seat];
  const partnerOf = (s: number) => s !== view.seat && me !== null && view.sides[s] === me;
  const cheapest = () => [...legal].sort(pointsThenWeakness(order))[0]!;
  const richest = () => [...legal].sort((a, b) => pointsThenWeakness(order)(b, a))[0]!;

  if (trick.length === 0) {
    const trumps = legal.filter((c) => (order.trumps >> c) & 1).sort(weakest(order));
    const top = trumps[trumps.length - 1];
    if (top !== undefined && sure(top)) return top;
    if (me === 'old' && top !== undefined) return top;
    return cheapest();
  }
  let win = trick[0]!;
  let winSeat = view.trick!.leader;
  let points = 0;
  trick.forEach((c, i) => {
    points += POINTS[c]!;
    if (i > 0 && beats(order, c, win)) {
      win = c;
      winSeat = (view.trick!.leader + i) & 3;
    }
  });
  const winners = legal.filter((c) => beats(order, c, win)).sort(weakest(order));
  const last = trick.length === 3;
  if (partnerOf(winSeat)) {
    if (last || sure(win)) return richest();
    const sureWinner = winners.find(sure);
    return sureWinner ?? cheapest();
  }
  if (last) return winners.length > 0 ? winners[0]! : cheapest();
  const sureWinner = winners.find(sure);
  if (sureWinner !== undefined) return sureWinner;
  if (winners.length > 0 && points >= 10) return winners[winners.length - 1]!;
  return cheapest();
}

/** The basic level: its call or card for the view. */
export function basicAction(view: PlayerView): string {
  if (view.phase === 'auction') {
    const c = basicCall(callStateOf(view));
    return view.legal[view.legal.map((x) => parseCall(x)).indexOf(c)] ?? view.legal[0]!;
  }
  const card = basicCard(view);
  return view.legal.find((x) => parseCard(x) === card)!;
}
