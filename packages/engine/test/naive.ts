// A second, deliberately plain implementation of the following rules of RULES §4, written from the
// text with card codes and arrays (no masks, no tables shared with the engine). The perft test counts
// every legal play sequence with both and requires them to agree.

type Order = 'normal' | 'gran' | 'asTrzyDychy';

const TRUMPS: Record<Order, string[]> = {
  normal: 'Ah Th Qc Qs Qh Qd Jc Js Jh Jd Ad Td'.split(' '),
  asTrzyDychy: 'Ah Th Tc Ts Qc Qs Qh Qd Jc Js Jh Jd Ad Td'.split(' '),
  gran: 'Jc Js Jh Jd'.split(' '),
};
const PLAIN_RANK = 'ATQ'; // within a plain suit: A > T > Q

const isTrump = (o: Order, c: string) => TRUMPS[o].includes(c);
const suit = (c: string) => c[1]!;

/** Does card a beat card b, given the suit led (both already in or entering the trick)? */
function beats(o: Order, a: string, b: string): boolean {
  const ta = isTrump(o, a);
  const tb = isTrump(o, b);
  if (ta && tb) return TRUMPS[o].indexOf(a) < TRUMPS[o].indexOf(b);
  if (ta) return true;
  if (tb) return false;
  return suit(a) === suit(b) && PLAIN_RANK.indexOf(a[0]!) < PLAIN_RANK.indexOf(b[0]!);
}

export function winnerIndex(o: Order, trick: string[]): number {
  let w = 0;
  for (let i = 1; i < trick.length; i++) if (beats(o, trick[i]!, trick[w]!)) w = i;
  return w;
}

export function naiveLegal(o: Order, hand: string[], trick: string[], granMustTrump = true): string[] {
  if (trick.length === 0) return hand;
  const led = trick[0]!;
  const best = trick[winnerIndex(o, trick)]!;
  const trumps = hand.filter((c) => isTrump(o, c));
  const over = hand.filter((c) => beats(o, c, best));
  if (o !== 'gran') {
    if (!isTrump(o, led)) {
      // 1. a fela led: the other fela of its suit must be played
      const other = hand.filter((c) => !isTrump(o, c) && suit(c) === suit(led));
      if (other.length) return other;
    }
    // 1b / 2: beat the highest card if you can, else any trump, else any card
    if (over.length) return over;
    return trumps.length ? trumps : hand;
  }
  const jacks = trumps;
  const higherJacks = jacks.filter((c) => !isTrump(o, best) || beats(o, c, best));
  if (isTrump(o, led)) return higherJacks.length ? higherJacks : jacks.length ? jacks : hand;
  const same = hand.filter((c) => !isTrump(o, c) && suit(c) === suit(led));
  if (same.length) {
    if (trick.some((c) => isTrump(o, c))) return same;
    const higher = same.filter((c) => beats(o, c, best));
    return higher.length ? higher : same;
  }
  if (higherJacks.length) return higherJacks;
  return jacks.length && granMustTrump ? jacks : hand;
}

/** Count every legal sequence of the 16 cards from forehand's lead. */
export function naivePerft(o: Order, hands: string[][], leader: number, granMustTrump = true): number {
  const count = (hs: string[][], lead: number, trick: string[], depth: number): number => {
    if (depth === 16) return 1;
    const seat = (lead + trick.length) % 4;
    let n = 0;
    for (const c of naiveLegal(o, hs[seat]!, trick, granMustTrump)) {
      const next = hs.map((h, s) => (s === seat ? h.filter((x) => x !== c) : h));
      const t = [...trick, c];
      if (t.length === 4) n += count(next, (lead + winnerIndex(o, t)) % 4, [], depth + 1);
      else n += count(next, lead, t, depth + 1);
    }
    return n;
  };
  return count(hands, leader, [], 0);
}
