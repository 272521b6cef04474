// `baska simulate`: N complete deals at one table with the given bots; a summary, and the records.
import { createWriteStream, openSync } from 'node:fs';
import { botPlayer, newTable, playDeals } from '@baska/ai';
import {
  type Contract,
  type DealRecord,
  type GameRecord,
  type Rules,
  CONTRACTS,
  SeededRng,
  makeRecord,
  recordOfDeal,
  rulesSpecOf,
} from '@baska/engine';
import { cannot } from '../io.js';
import { fixed, percent } from '../numbers.js';
import { botsOf } from '../options.js';
import { Progress } from '../progress.js';
import { type Lang, words } from '../text.js';

export interface SimulateOptions {
  deals: number;
  rules: Rules;
  seed: string;
  bots: string;
  out?: string;
  json?: boolean;
  lang: Lang;
}

/** The --out file, opened at once so that an unwritable path is a usage error before any work. */
function openOut(path: string, lang: Lang) {
  let fd: number;
  try {
    fd = openSync(path, 'w');
  } catch (e) {
    throw cannot('write', path, e);
  }
  const out = createWriteStream(path, { fd });
  out.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0); // the reader went away (`--out /dev/stdout | head`)
    process.stderr.write(`baska: ${cannot('write', path, e).text[lang]}\n`);
    process.exit(2);
  });
  return out;
}

export interface Summary {
  deals: number;
  rules: string;
  seed: string;
  bots: string[];
  contracts: Record<string, { played: number; oldWon: number }>;
  meanScore: number[];
  totals: number[];
  bokRounds: number;
  bokDeals: number;
}

/**
 * Play the deals. Dealing and the bots draw from separate seeded sources, so a seed fixes the
 * deals whatever the bots do. The records are cut where no bok-round is owed, so that each line
 * is a valid record that scores exactly as it did at the table.
 */
export async function simulate(o: SimulateOptions): Promise<Summary> {
  const bots = botsOf(o.bots);
  const table = newTable({ rules: o.rules, rng: new SeededRng(`${o.seed}:deal`) });
  const botRng = new SeededRng(`${o.seed}:bots`); // one source for the four bots, apart from the dealing
  const players = bots.map((bot) => botPlayer(bot, botRng));
  const out = o.out ? openOut(o.out, o.lang) : null;
  const spec = rulesSpecOf(o.rules);
  const progress = new Progress(o.deals, o.lang === 'pl' ? 'symulacja' : 'simulation', o.lang);
  let pending: DealRecord[] = [];
  const flush = async () => {
    if (!out || pending.length === 0) return;
    const record: GameRecord = { rules: spec, deals: pending };
    if (!out.write(makeRecord(record) + '\n')) await new Promise<void>((r) => out.once('drain', () => r()));
    pending = [];
  };
  const contracts: Summary['contracts'] = {};
  let bokRounds = 0;
  let bokDeals = 0;
  let k = 0;
  for (const deal of playDeals(table, players, o.deals)) {
    const score = deal.score!;
    const c = (contracts[score.contract] ??= { played: 0, oldWon: 0 });
    c.played++;
    if (score.winner === 'old') c.oldWon++;
    if (deal.startsBokRound) bokRounds++;
    if (deal.inBokRound) bokDeals++;
    if (out) {
      pending.push(recordOfDeal(deal));
      if (table.bokDealsLeft === 0) await flush();
    }
    if ((++k & 255) === 0) progress.tick(k);
  }
  progress.tick(o.deals);
  progress.done();
  await flush();
  if (out) await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())));
  const ordered: Summary['contracts'] = {};
  for (const c of CONTRACTS as readonly Contract[]) if (contracts[c]) ordered[c] = contracts[c];
  return {
    deals: o.deals,
    rules: o.rules.preset,
    seed: o.seed,
    bots: bots.map((b) => b.name),
    contracts: ordered,
    meanScore: table.totals.map((t) => t / Math.max(o.deals, 1)),
    totals: [...table.totals],
    bokRounds,
    bokDeals,
  };
}

export function summaryText(s: Summary, lang: Lang): string {
  const pl = lang === 'pl';
  const pct = (n: number, d: number) => (d ? percent(lang, n / d) : '—');
  const signed = (x: number, digits: number) => `${x > 0 ? '+' : ''}${fixed(lang, x, digits)}`;
  const seat = (i: number) => (pl ? `miejsce ${i + 1}` : `seat ${i + 1}`); // people count seats from 1
  const lines = [
    pl
      ? `Symulacja: ${words(lang).deals(s.deals)}, zasady ${s.rules}, ziarno ${s.seed}, boty: ${s.bots.join(', ')}`
      : `Simulation: ${words(lang).deals(s.deals)}, rules ${s.rules}, seed ${s.seed}, bots: ${s.bots.join(', ')}`,
    '',
    `${(pl ? 'kontrakt' : 'contract').padEnd(12)}${(pl ? 'rozdań' : 'deals').padStart(10)}${'%'.padStart(8)}${(pl ? 'starzy wygrali' : 'old won').padStart(16)}`,
  ];
  for (const [c, v] of Object.entries(s.contracts))
    lines.push(
      `${c.padEnd(12)}${String(v.played).padStart(10)}${pct(v.played, s.deals).padStart(8)}${pct(v.oldWon, v.played).padStart(16)}`,
    );
  lines.push('');
  lines.push(
    `${pl ? 'Średni wynik na rozdanie' : 'Mean score per deal'}: ${s.meanScore.map((m, i) => `${seat(i)} ${signed(m, 3)}`).join(', ')}`,
  );
  lines.push(`${pl ? 'Suma' : 'Totals'}: ${s.totals.map((t, i) => `${seat(i)} ${signed(t, 0)}`).join(', ')}`);
  lines.push(
    pl
      ? `Bok-rundy: ${s.bokRounds} (rozdań w bok-rundzie: ${s.bokDeals})`
      : `Bok-rounds: ${s.bokRounds} (deals played in a bok-round: ${s.bokDeals})`,
  );
  return lines.join('\n');
}
