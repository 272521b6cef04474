// `baska tournament play`: a round's unfinished tables played by computer players through the real
// engine, each deal's scores written into the table's protocol. RULES §9
import { type Bot, botPlayer, newTable, newTableOfFive, playDeal } from '@baska/ai';
import { type Result, SeededRng } from '@baska/engine';
import { type ProtocolRow, type TResult, type Tournament, duplicateDeals, withDeals } from '@baska/tournament';
import { Progress } from '../progress.js';
import type { Lang } from '../text.js';

/**
 * Play deals `from`…`to - 1` at a table of four or five, seeded from the tournament's seed, the
 * round and the table, so that the same file gives the same games. Deal i is dealt by seat i mod
 * the table's size (docs/spec/tournament.md). A table continued from a protocol filled elsewhere
 * starts without a bok-round owed: the file records scores, not the ties that start bok-rounds.
 * `hands` (a duplicate round): the hands of each deal from `from` on, the same at every table.
 */
export function playTable(
  t: Tournament,
  size: 4 | 5,
  from: number,
  to: number,
  bot: Bot,
  seed: string,
  onDeal: () => void,
  hands?: readonly (readonly number[])[],
): { rows: ProtocolRow[]; bokDeals: number[] } {
  const rng = new SeededRng(`${seed}:bots`);
  const players = [0, 1, 2, 3].map(() => botPlayer(bot, rng));
  const five = size === 5 ? newTableOfFive({ rules: t.rules, dealer: from % 5, seed: `${seed}:deal` }) : null;
  const four = size === 4 ? newTable({ rules: t.rules, dealer: from % 4, seed: `${seed}:deal` }) : null;
  const table = (five ?? four)!;
  const rows: ProtocolRow[] = [];
  const bokDeals: number[] = [];
  for (let i = from; i < to; i++) {
    const started = table.newDeal(hands?.[i - from]);
    if (!started.ok) throw new Error(started.error.message);
    const deal = playDeal(started.value, players, (action): Result<void> => table.apply(action));
    if (deal.inBokRound) bokDeals.push(i - from);
    rows.push(five ? five.rowOf(i - from)! : [...deal.outcome.scores]);
    onDeal();
  }
  return { rows, bokDeals };
}

/**
 * Fill every unfinished table of round `k`. In a duplicate round every table is dealt the deals of
 * the round's seed (duplicateDeals), seat for seat; without its seed they cannot be dealt.
 */
export async function playRound(
  t: Tournament,
  k: number,
  bot: Bot,
  label: string,
  lang: Lang,
): Promise<TResult<Tournament>> {
  const round = t.file.rounds[k - 1]!;
  let hands: number[][] | undefined;
  if (round.duplicate) {
    if (round.duplicate.seed === undefined)
      return {
        ok: false,
        error: {
          code: 'ERR_DUPLICATE',
          message: `round ${k} is a duplicate round without its seed: its deals cannot be dealt`,
          round: k,
        },
      };
    hands = (await duplicateDeals(round.duplicate.seed, t.format.deals[4])).map((d) => d.hands);
  }
  const todo = round.tables.map((x) => Math.max(0, t.format.deals[x.players.length as 4 | 5] - x.protocol.length));
  const progress = new Progress(
    todo.reduce((a, b) => a + b, 0),
    label,
    lang,
  );
  let done = 0;
  let out: TResult<Tournament> = { ok: true, value: t };
  for (const [i, table] of round.tables.entries()) {
    if (!todo[i] || !out.ok) continue;
    const from = table.protocol.length;
    const seed = `${t.file.seed}:r${k}:t${table.table}:${from}`;
    const played = playTable(
      out.value,
      table.players.length as 4 | 5,
      from,
      from + todo[i],
      bot,
      seed,
      () => progress.tick(++done),
      hands?.slice(from),
    );
    out = withDeals(out.value, k, table.table, played.rows, played.bokDeals);
  }
  progress.done();
  return out;
}
