// The one play-out loop: four players act in turn through the engine until a deal ends, or a series
// of deals at a table. `baska simulate` and the arena both play their games here.
import { type Deal, type Result, type Rng, type Table, callName, cardCode, viewFor } from '@baska/engine';
import type { Bot } from '../bots/bot.js';
import { oracleAction } from '../solve/oracle.js';
import { type Model, bestReply } from '../solve/reply.js';

/** Whoever sits at a seat: a bot that sees only its view, or the arena's oracle. */
export interface Player {
  readonly name: string;
  /** A legal action for `seat`, whose turn it is in `deal`. */
  decide(deal: Deal, seat: number): string;
}

/** A bot at a seat: it decides from that seat's view alone, with its random source and time budget. */
export const botPlayer = (bot: Bot, rng: Rng, budgetMs?: number): Player => ({
  name: bot.name,
  decide: (deal, seat) => bot.decide(viewFor(deal, seat), rng, budgetMs),
});

/** The oracle sees every card: a yardstick for the arena, never a player at a table of people. */
export const oraclePlayer: Player = { name: 'oracle', decide: (deal) => oracleAction(deal) };

/**
 * The oracle at seats `ours` (a bit per seat) when every other seat is a deterministic level
 * (`model`): the best reply to it (reply.ts), searched at its first decision of the deal and then
 * followed. One per deal: it keeps the line.
 */
export function replyPlayer(ours: number, model: Model): Player {
  let plan: { at: number; line: number[] } | null = null;
  const buf: number[] = [];
  const isLegal = (deal: Deal, move: number | undefined) => {
    const n = deal.legalMovesInto(buf);
    for (let k = 0; k < n; k++) if (buf[k] === move) return true;
    return false;
  };
  return {
    name: oraclePlayer.name,
    decide(deal) {
      const done = deal.nCalls + deal.nPlays;
      let move = plan?.line[done - plan.at];
      if (!isLegal(deal, move)) {
        plan = { at: done, line: bestReply(deal, ours, model).line };
        move = plan.line[0]!;
      }
      return deal.phase === 'auction' ? callName(move!) : cardCode(move!);
    },
  };
}

/** Told of every decision: who, how long it took (ms), and whether there was a choice. */
export type Watch = (player: Player, ms: number, choice: boolean) => void;

/**
 * Play `deal` to its end with the players by seat. `apply` takes each action through the engine
 * (a table's apply when the deal is its current one, so that the table settles it). An illegal
 * action is a bug in a player: it throws.
 */
export function playDeal(
  deal: Deal,
  players: readonly Player[],
  apply: (action: string) => Result<void> = (action) => deal.apply(action),
  watch?: Watch,
): Deal {
  while (!deal.isComplete) {
    const seat = deal.toAct;
    const player = players[seat]!;
    const choice = watch ? deal.legal().length > 1 : false;
    const t0 = watch ? performance.now() : 0;
    const action = player.decide(deal, seat);
    watch?.(player, performance.now() - t0, choice);
    const r = apply(action);
    if (!r.ok) throw new Error(`${player.name} chose ${action}: ${r.error.message}`);
  }
  return deal;
}

/** Play `deals` deals at `table`, one after another, yielding each when it is complete. */
export function* playDeals(table: Table, players: readonly Player[], deals: number): Generator<Deal> {
  for (let k = 0; k < deals; k++) {
    const started = table.newDeal();
    if (!started.ok) throw new Error(started.error.message);
    yield playDeal(started.value, players, (action) => table.apply(action));
  }
}
