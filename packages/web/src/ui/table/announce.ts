// What a screen reader is told at the table, as lines said one after another (issue 32): the deal and
// the player's hand with the keys that play its cards, each call and card as it is made, who took each
// trick and its points, whose turn it is and the clock, the end-of-deal reckoning and the end of the
// game. Told only from this seat's own view and the public events (nothing hidden is said).
import type { CardCode, PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import type { Dict, Lang } from '../../i18n.js';
import { num, seconds, signed } from '../../i18n/format.js';
import type { TableState } from '../../store.js';
import { cardLabel } from '../card-words.js';
import { callLabel, glossed, gradeName, nameInLine, nameInSentence } from '../words.js';
import { atDeal } from './at-deal.js';
import { standings } from './standings.js';
import { trickPoints } from './points.js';
import { valueFactors } from './reckoning.js';
import { secondsLeft } from './time.js';

/** What has been said already. */
export interface Heard {
  /** The table's version whose events have been told. */
  version: number;
  /** The deal told (by its number for people, 1 first); null before the first. */
  deal: number | null;
  /** The cards played in that deal and told. */
  cards: number;
  /** The turn told last (the deal, the calls and the cards made before it). */
  turn: string;
  /** Whether the deal's end was told. */
  ended: boolean;
  /** Whether the game's end was told. */
  over: boolean;
  /** Whether the game the auction settled was told. */
  settled: boolean;
}

const CARD = /^[2-9TJQKA][cdhs]$/;

/** The deal's number for people: the one being played, or the one just finished. */
const dealNumber = (info: TableInfo, view: PlayerView) => info.dealsPlayed + (view.phase === 'complete' ? 0 : 1);

/** The hand with the key that plays each card: "Twoje karty: 1 as trefl, 2 dama pik…". */
function handLine(view: PlayerView, w: Dict): string {
  return `${w.hand}: ${view.hand.map((code, i) => `${i + 1} ${cardLabel(code)}`).join(', ')}.`;
}

/** The deal's end as the summary says it: the game and who won, the points, the value and the score line. */
function endLine(view: PlayerView, info: TableInfo, mine: number | null, w: Dict, lang: Lang): string {
  const s = view.score!;
  const v = valueFactors(view)!;
  const who = s.declarer !== null ? ` — ${nameInLine(info, s.declarer, mine)}` : '';
  const grade = s.grade ? `, ${gradeName(s.grade)}` : '';
  const points =
    s.oldPoints !== null ? `; ${w.old}: ${w.points(s.oldPoints)}, ${w.young}: ${w.points(s.youngPoints ?? 0)}` : '';
  const line = s.scores.map((x, seat) => `${nameInLine(info, seat, mine)} ${signed(lang, x)}`).join('; ');
  return `${w.dealEnd}: ${glossed(s.contract)}${who}: ${w.win(s.winner === 'old' ? w.old : w.young)}${grade}${points}. ${w.dealValue}: ${num(lang, v.value)}. ${w.scoreLine}: ${line}.`;
}

/** The lines to say now that the table is at `st`, after what was `heard`. */
export function tell(heard: Heard | null, st: TableState, w: Dict, lang: Lang): { heard: Heard; lines: string[] } {
  const whole = st.info;
  const view = st.view;
  const was: Heard = heard ?? { version: 0, deal: null, cards: 0, turn: '', ended: false, over: false, settled: false };
  if (!whole || !view) return { heard: { ...was, version: st.version }, lines: [] };
  const { info, mine } = atDeal(whole, st.seat);
  const lines: string[] = [];
  const now = { ...was };
  const playedNow = view.tricks.length * 4 + (view.trick?.cards.length ?? 0);
  // Events that came together may end a deal and begin the next: the ended deal is then the store's `ended`.
  const ended = st.ended?.score ? { view: st.ended, ...atDeal(whole, st.seat, st.endedSeats ?? undefined) } : null;
  const tellEnd = (of: { view: PlayerView; info: TableInfo; mine: number | null }) => {
    now.ended = true;
    lines.push(endLine(of.view, of.info, of.mine, w, lang));
  };
  const newDeal = () => {
    if (now.deal !== null && !now.ended && ended) tellEnd(ended);
    now.deal = dealNumber(whole, view);
    now.cards = playedNow;
    now.ended = false;
    now.settled = view.phase !== 'auction';
    if (view.phase === 'complete') return;
    lines.push(`${w.deal} ${now.deal}.`);
    if (mine !== null) lines.push(handLine(view, w));
  };
  if (now.deal === null) newDeal();
  else
    for (const { version, event } of st.log) {
      if (version <= was.version) continue;
      const name = 'seat' in event ? nameInLine(whole, event.seat, st.seat) : '';
      if (event.type === 'deal') newDeal();
      else if (event.type === 'action' && CARD.test(event.action)) {
        lines.push(`${name}: ${cardLabel(event.action as CardCode)}`);
        now.cards++;
        // The trick it completed, in this deal's view (or the ended deal's, when the next has begun).
        const of = playedNow >= now.cards ? { view, info, mine } : ended;
        const taken = now.cards % 4 === 0 ? of?.view.tricks[now.cards / 4 - 1] : undefined;
        if (of && taken?.winner !== undefined)
          lines.push(`${w.trickTaken(nameInSentence(of.info, taken.winner, of.mine), w.points(trickPoints(taken)))}.`);
      } else if (event.type === 'action' && event.action !== 'claim')
        lines.push(`${name}: ${callLabel(event.action, whole.preset)}`);
      else if (event.type === 'claim') lines.push(w.claimedBy(nameInSentence(whole, event.seat, st.seat)));
    }
  now.version = st.version;
  const game = view.contract ?? view.declaredGame;
  if (!now.settled && view.phase !== 'auction' && game) {
    // The auction is over: the game and its declarer, as the line over the table says.
    now.settled = true;
    const by = view.declarer !== null ? ` — ${nameInLine(info, view.declarer, mine)}` : '';
    lines.push(`${w.contract}: ${game}${by}.`);
  }
  if (view.score && !now.ended) tellEnd({ view, info, mine });
  if (whole.status === 'finished' && !now.over) {
    now.over = true;
    const places = standings(whole.totals).map(
      (x) => `${w.place(x.place)} ${nameInLine(whole, x.seat, st.seat)} ${num(lang, x.total)}`,
    );
    lines.push(`${w.gameOver}. ${w.standings}: ${places.join('; ')}.`);
  }
  if (view.toAct !== null && whole.status !== 'finished') {
    const turn = `${now.deal}:${view.auction.length}:${playedNow}:${view.toAct}`;
    if (turn !== was.turn) {
      now.turn = turn;
      const clock =
        info.clock?.seat === view.toAct && st.clockUntil !== null
          ? ` (${w.timeLeft(seconds(lang, secondsLeft(st.clockUntil)))})`
          : '';
      lines.push(`${view.toAct === mine ? w.yourTurn : w.turnOf(nameInLine(info, view.toAct, mine))}${clock}.`);
      // The cards he may play with their keys (they move up as the hand shrinks).
      if (view.toAct === mine && view.phase === 'play') {
        const keys = view.hand.flatMap((code, i) => (view.legal.includes(code) ? [`${i + 1} ${cardLabel(code)}`] : []));
        lines.push(`${w.playable}: ${keys.join(', ')}.`);
      }
    }
  }
  return { heard: now, lines };
}
