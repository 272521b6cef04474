// The reckoning of a finished deal, told from its public record: who the sides were and what made
// them so, which doublings counted and why the others did not, the grade, and the value as a product
// of its factors. Only what the whole table saw is used (the calls and the cards played), and the
// engine's score line (`view.score`) says who was old; the summary (Summary.tsx) puts it in words.
import { type CardCode, type Contract, type PlayerView, type Side, baseValue, lossFactor } from '@baska/engine';

/** How the sides came about. RULES §2 */
export type SidesStory =
  /** No game declared, the black queens in two hands: each old player and his queen. */
  | { kind: 'ordinary'; old: { seat: number; queen: CardCode | null }[] }
  /** No game declared, one player with both black queens: alone against three, never announced. */
  | { kind: 'cicha'; seat: number }
  /** The declarer (both black queens) and the holder of the jack named or the highest he lacked. */
  | { kind: 'wesele'; declarer: number; partner: number | null; jack: CardCode; named: boolean }
  /** A game played alone against three. */
  | { kind: 'solo'; declarer: number; contract: Contract }
  /** A game won at once by its holding, without play. RULES §2, §4 */
  | { kind: 'thrown'; declarer: number; contract: Contract; holding: 'tens' | 'aces' | 'queens' };

/** Why a doubling counted or not. RULES §3 "Effective doublings" */
export type Verdict =
  /** The first after the last game, or one from the other side than the last counted. */
  | 'counted'
  /** Made before a game was declared: the declaration cancelled it. */
  | 'cancelled'
  /** From the same side as the last one that counted. */
  | 'sameSide';

export interface WeighedDoubling {
  /** Its place in the auction. */
  index: number;
  seat: number;
  call: string;
  side: Side;
  verdict: Verdict;
}

/** The deal's value `v = base × loss factor × 2^counted × bok`, factor by factor. RULES §5 */
export interface ValueFactors {
  base: number;
  /** 2 when the old lost and the rules double their loss, else 1. */
  loss: number;
  doublings: number;
  bok: 1 | 2;
  value: number;
  /** One against three: the soloist wins or pays three times v. */
  solo: boolean;
}

/** Why the grade is what it is: the losers' tricks and points against their wyjście. RULES §5 */
export interface GradeReason {
  grade: 1 | 2 | 3;
  losers: Side;
  points: number;
  tricks: number;
  wyjscie: number;
}

const DOUBLING_NAMES = ['kontra', 'rekontra', 'bok', 'hirsz'];

/** Is this canonical call a doubling (`kontra` … `hirsz`, `double5` …)? */
export const isDoubling = (call: string): boolean => DOUBLING_NAMES.includes(call) || /^double\d+$/.test(call);

const isGame = (call: string): boolean => call !== 'pass' && !isDoubling(call);

/**
 * Was the doubling at `at` cancelled by a game called after it? RULES §3: a later game call (a
 * wesele over a kontra) cancels the doublings before it, so they no longer count.
 */
export const isCancelled = (auction: readonly { call: string }[], at: number): boolean =>
  isDoubling(auction[at]?.call ?? 'pass') && auction.slice(at + 1).some((a) => isGame(a.call));

/** How a seat's latest call stands beside his name: a pass, a game, a doubling, or a doubling cancelled since. */
export type CallKind = 'pass' | 'game' | 'doubling' | 'cancelled';

/** The seat's latest call in the auction, where it is, and how it stands now; null before he has called. */
export function lastCallOf(
  auction: readonly { seat: number; call: string }[],
  seat: number,
): { call: string; at: number; kind: CallKind } | null {
  const at = auction.findLastIndex((a) => a.seat === seat);
  if (at < 0) return null;
  const call = auction[at]!.call;
  const kind: CallKind =
    call === 'pass' ? 'pass' : isDoubling(call) ? (isCancelled(auction, at) ? 'cancelled' : 'doubling') : 'game';
  return { call, at, kind };
}

/** Who played each card in the tricks (public once played). */
function playedBy(view: PlayerView): Map<CardCode, number> {
  const by = new Map<CardCode, number>();
  for (const t of [...view.tricks, ...(view.trick ? [view.trick] : [])])
    t.cards.forEach((c, i) => by.set(c, (t.leader + i) % 4));
  return by;
}

const THROWN: Partial<Record<Contract, 'tens' | 'aces' | 'queens'>> = {
  'zollo-bieda': 'tens',
  mester: 'aces',
  baszka: 'queens',
};

/** The sides of a finished deal and what made them. Null before the deal is scored. */
export function sidesStory(view: PlayerView): SidesStory | null {
  const s = view.score;
  if (!s) return null;
  const by = playedBy(view);
  const holding = THROWN[s.contract];
  if (holding) return { kind: 'thrown', declarer: s.declarer!, contract: s.contract, holding };
  if (s.contract === 'zwyczajna')
    return {
      kind: 'ordinary',
      old: s.old.map((seat) => ({
        seat,
        queen: (['Qc', 'Qs'] as CardCode[]).find((q) => by.get(q) === seat) ?? null,
      })),
    };
  if (s.contract === 'cicha') return { kind: 'cicha', seat: s.old[0]! };
  if (s.contract === 'wesele') {
    const declarer = s.declarer!;
    const partner = s.old.find((seat) => seat !== declarer) ?? null;
    const call = [...view.auction].reverse().find((a) => isGame(a.call))?.call ?? 'wesele';
    const named = call.startsWith('wesele:');
    // RULES §2: the named jack, or the highest of Jc, Js, Jh the declarer lacked (Jh when he held both others)
    const jack = named
      ? (call.slice(7) as CardCode)
      : ((['Jc', 'Js'] as CardCode[]).find((j) => by.get(j) !== declarer) ?? 'Jh');
    return { kind: 'wesele', declarer, partner, jack, named };
  }
  return { kind: 'solo', declarer: s.declarer!, contract: s.contract };
}

/** Every doubling of the auction, weighed once the sides are known. RULES §3 */
export function weighDoublings(view: PlayerView): WeighedDoubling[] {
  const s = view.score;
  if (!s) return [];
  const out: WeighedDoubling[] = [];
  let last: Side | null = null;
  view.auction.forEach((a, index) => {
    if (!isDoubling(a.call)) return;
    const side: Side = s.old.includes(a.seat) ? 'old' : 'young';
    let verdict: Verdict;
    if (isCancelled(view.auction, index)) verdict = 'cancelled';
    else if (side === last) verdict = 'sameSide';
    else {
      verdict = 'counted';
      last = side;
    }
    out.push({ index, seat: a.seat, call: a.call, side, verdict });
  });
  return out;
}

/** The deal's value, factor by factor, as the engine scored it. RULES §5 */
export function valueFactors(view: PlayerView): ValueFactors | null {
  const s = view.score;
  if (!s) return null;
  const base = baseValue(s.contract, s.grade);
  const loss = s.winner === 'young' ? lossFactor(s.contract, view.rules) : 1;
  const doublings = 2 ** s.counted;
  const bok = s.bokRound ? 2 : 1;
  return { base, loss, doublings, bok, value: base * loss * doublings * bok, solo: s.old.length === 1 };
}

/** The grade's reason, in zwyczajna and wesele only. RULES §5 */
export function gradeReason(view: PlayerView): GradeReason | null {
  const s = view.score;
  if (!s?.grade || s.oldPoints === null || s.oldTricks === null) return null;
  const losers: Side = s.winner === 'old' ? 'young' : 'old';
  return {
    grade: s.grade,
    losers,
    points: losers === 'old' ? s.oldPoints : s.youngPoints!,
    tricks: losers === 'old' ? s.oldTricks : s.youngTricks!,
    wyjscie: view.rules.wyjscie[losers],
  };
}
