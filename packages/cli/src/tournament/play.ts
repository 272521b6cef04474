// `baska tournament play`: a round's unfinished tables played by computer players through the real
// engine, each deal's scores written into the table's protocol. RULES §9
import { type Bot, cichaIsSure } from '@baska/ai';
import { type Deal, type Rules, SeededRng, Table, TableOfFive, viewFor } from '@baska/engine';
import { type ProtocolRow, type TResult, type Tournament, withDeals } from '@baska/tournament';
import { ok } from '@baska/engine';
import { Progress } from '../progress.js';

interface Seating {
  readonly current: Deal | null;
  newDeal(): { ok: boolean };
  apply(action: string): { ok: boolean; error?: { message: string } };
}

/**
 * Play deals `from`…`to - 1` at a table of four or five, seeded from the tournament's seed, the
 * round and the table, so that the same file gives the same games. Deal i is dealt by seat i mod
 * the table's size (docs/spec/tournament.md). A table continued from a protocol filled elsewhere
 * starts without a bok-round owed: the file records scores, not the ties that start bok-rounds.
 */
export function playTable(
  rules: Rules,
  size: 4 | 5,
  from: number,
  to: number,
  bot: Bot,
  seed: string,
  onDeal: () => void,
): { rows: ProtocolRow[]; bokDeals: number[] } {
  const deals = new SeededRng(`${seed}:deal`);
  const botRng = new SeededRng(`${seed}:bots`);
  const rows: ProtocolRow[] = [];
  const bokDeals: number[] = [];
  const five =
    size === 5 ? new TableOfFive({ rules, dealer: from % 5, seed: `${seed}:deal`, cichaJudge: cichaIsSure }) : null;
  const four = size === 4 ? new Table({ rules, dealer: from % 4, rng: deals, cichaJudge: cichaIsSure }) : null;
  const table: Seating = (five ?? four)!;
  for (let i = from; i < to; i++) {
    const started = table.newDeal();
    if (!started.ok) throw new Error('a deal could not be started');
    const deal = table.current!;
    while (!deal.isComplete) {
      const r = table.apply(bot.decide(viewFor(deal, deal.toAct), botRng));
      if (!r.ok) throw new Error(`bot ${bot.name} made an illegal move: ${r.error?.message}`);
    }
    if (deal.inBokRound) bokDeals.push(i - from);
    rows.push(five ? five.rowOf(i - from)! : [...deal.outcome.scores]);
    onDeal();
  }
  return { rows, bokDeals };
}

/** Fill every unfinished table of round `k`. */
export function playRound(t: Tournament, k: number, bot: Bot, label: string): TResult<Tournament> {
  const round = t.file.rounds[k - 1]!;
  const todo = round.tables.map((x) => Math.max(0, t.format.deals[x.players.length as 4 | 5] - x.protocol.length));
  const progress = new Progress(
    todo.reduce((a, b) => a + b, 0),
    label,
  );
  let done = 0;
  let out = ok(t) as TResult<Tournament>;
  for (const [i, table] of round.tables.entries()) {
    if (!todo[i] || !out.ok) continue;
    const size = table.players.length as 4 | 5;
    const from = table.protocol.length;
    const played = playTable(
      t.rules,
      size,
      from,
      from + todo[i],
      bot,
      `${t.file.seed}:r${k}:t${table.table}:${from}`,
      () => progress.tick(++done),
    );
    out = withDeals(out.value, k, table.table, played.rows, played.bokDeals);
  }
  progress.done();
  return out;
}
