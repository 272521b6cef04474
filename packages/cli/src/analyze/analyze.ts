// `baska analyze`: "could I have won?" for every decision of a record, and the bidding analysis of
// one hand. Each decision is valued from the deciding seat's knowledge alone (every layout of the
// cards it cannot see, solved double-dummy); the double-dummy value of the true deal stands beside.
// People read deals from 1 and decimals in their language (przy odkrytych kartach, 0,52); --json
// keeps the records' numbering from 0 and JSON's numbers.
import {
  type Card,
  type Deal,
  type EngineError,
  type Rules,
  cardCode,
  maskOf,
  parseCall,
  parseCard,
} from '@baska/engine';
import { type ActionValue, decisionJob, doubleDummy, movesOf, readRecordText, startDeal, valuesOf } from '@baska/ai';
import { AnalysisPool } from '@baska/ai/pool';
import { Output, UsageError, readAll } from '../io.js';
import { Progress } from '../progress.js';
import { count, fixed, percent, signedFixed } from '../numbers.js';
import { type Lang, Style, callText, plural, readCard, useColour, words } from '../text.js';

export interface ActionReport extends ActionValue {
  /** The seat's score and the old side's points with all cards open (null for a thrown game). */
  doubleDummy: { score: number; oldPoints: number | null };
}

export interface DecisionReport {
  /** Index of the move in the deal: calls first, then cards. */
  move: number;
  phase: 'auction' | 'play';
  seat: number;
  /** The trick (0–3) of a card decision. */
  trick: number | null;
  layouts: number;
  chosen: string;
  actions: ActionReport[];
  /** The chosen action lost expected score against the best one. */
  mistake: boolean;
  /** Expected score given away by the choice (0 when it was a best action). */
  loss: number;
}

export interface DealReport {
  deal: number;
  dealer: number;
  contract: string | null;
  decisions: DecisionReport[];
}

const EPS = 1e-9;

/** A played deal's start, to replay it move by move; the cicha judge is bound as at the table. RULES §7 */
function replayOf(played: Deal): Deal {
  const started = startDeal({
    rules: played.rules,
    dealer: played.dealer,
    hands: played.dealt,
    inBokRound: played.inBokRound,
  });
  if (!started.ok) throw new Error(started.error.message); // the record was checked when it was loaded
  return started.value;
}

/** Analyse the chosen decisions of one deal. */
async function analyzeDeal(
  played: Deal,
  index: number,
  pool: AnalysisPool,
  want: (d: Deal) => boolean,
  progress: () => void,
): Promise<DealReport> {
  const d = replayOf(played);
  const decisions: DecisionReport[] = [];
  const moves = movesOf(played);
  for (let i = 0; i < moves.length; i++) {
    if (want(d)) {
      const sums = await pool.run(decisionJob(d));
      const dd = doubleDummy(d);
      const values = valuesOf(sums);
      const actions = values.map((v, j) => ({
        ...v,
        doubleDummy: { score: dd[j]!.score, oldPoints: dd[j]!.oldPoints },
      }));
      const best = Math.max(...values.map((v) => v.expectedScore));
      const mine = actions.find((a) => a.action === moves[i])!;
      decisions.push({
        move: i,
        phase: d.phase as 'auction' | 'play',
        seat: d.toAct,
        trick: d.phase === 'play' ? d.nPlays >> 2 : null,
        layouts: sums.layouts,
        chosen: moves[i]!,
        actions,
        mistake: mine.expectedScore < best - EPS,
        loss: Math.max(0, best - mine.expectedScore),
      });
      progress();
    }
    const r = d.apply(moves[i]!);
    if (!r.ok) throw new Error(`deal ${index}: ${r.error.message}`);
  }
  return { deal: index, dealer: played.dealer, contract: played.contract, decisions };
}

/** Is there a choice to weigh (more than one legal action), for this seat, in this phase? */
function chooser(seat: number | undefined, auction: boolean): (d: Deal) => boolean {
  const buf: number[] = [];
  return (d) => {
    if (d.phase === 'complete') return false;
    if (seat !== undefined && d.toAct !== seat) return false;
    if (d.phase === 'auction' && !auction) return false;
    return d.legalMovesInto(buf) > 1;
  };
}

export interface AnalyzeRecordOptions {
  file?: string;
  seat?: number;
  deal?: number;
  auction: boolean;
  json: boolean;
  lang: Lang;
  threads: number;
}

/** `baska analyze FILE`: returns the exit code (1 when the record is rejected). */
export async function analyzeRecord(o: AnalyzeRecordOptions): Promise<number> {
  const out = new Output();
  const loaded = readRecordText(await readAll(o.file));
  if (!loaded.ok) return rejected(loaded.error, o.json, out);
  const deals = loaded.value.table.deals;
  if (o.deal !== undefined && o.deal >= deals.length)
    throw new UsageError({
      pl: `--deal ${o.deal + 1}: zapis ma ${words('pl').deals(deals.length)}`,
      en: `--deal ${o.deal + 1}: the record has ${words('en').deals(deals.length)}`,
    });
  const chosen = o.deal === undefined ? deals.map((_, i) => i) : [o.deal];
  const want = chooser(o.seat, o.auction);
  // Count the decisions first, for the progress bar.
  let total = 0;
  for (const k of chosen) {
    const d = replayOf(deals[k]!);
    for (const m of movesOf(deals[k]!)) {
      if (want(d)) total++;
      d.apply(m);
    }
  }
  const progress = new Progress(total, o.lang === 'pl' ? 'analiza' : 'analysis', o.lang);
  let done = 0;
  const pool = new AnalysisPool(o.threads);
  const reports: DealReport[] = [];
  try {
    for (const k of chosen) reports.push(await analyzeDeal(deals[k]!, k, pool, want, () => progress.tick(++done)));
  } finally {
    progress.done();
    await pool.close();
  }
  if (o.json) out.line(JSON.stringify({ deals: reports }));
  else
    for (const line of recordText(reports, loaded.value.rules, o.lang, new Style(useColour(process.stdout))))
      out.line(line);
  out.flush();
  return 0;
}

function rejected(error: EngineError, json: boolean, out: Output): number {
  if (json) out.line(JSON.stringify({ error }));
  else process.stderr.write(`baska: ${error.code}: ${error.message}\n`);
  out.flush();
  return 1;
}

/** The words of the text for people. */
const T = {
  pl: {
    deal: (k: number, contract: string | null, dealer: number) =>
      `Rozdanie ${k} — ${contract ?? 'niedokończone'}; rozdaje gracz ${dealer}`,
    none: '  (brak decyzji do oceny)',
    auction: (seat: number) => `licytacja, gracz ${seat}`,
    trick: (trick: number, seat: number) => `lewa ${trick}, gracz ${seat}`,
    layouts: (n: number) => plural(n, 'układ', 'układy', 'układów'),
    heads: ['ruch', 'oczekiwany wynik', 'szansa wygranej', 'przy odkrytych kartach'] as const,
    summary: (mistakes: number, lost: string) =>
      `Błędy: ${mistakes}; oddany oczekiwany wynik: ${lost}. Kolumna „przy odkrytych kartach”: wynik gracza i oczka starych w prawdziwym rozdaniu, rozegranym bezbłędnie przy odkrytych kartach.`,
    hand: (seat: number, dealer: number) => `Ręka gracza ${seat} (rozdaje gracz ${dealer})`,
    handHeads: ['gra', 'oczekiwany wynik', 'szansa wygranej'] as const,
    pass: 'pas (zwyczajna/cicha)',
    handNote: 'Każdy układ rozegrany bezbłędnie przy odkrytych kartach; po zapowiedzi gry pozostali pasują.',
  },
  en: {
    deal: (k: number, contract: string | null, dealer: number) =>
      `Deal ${k} — ${contract ?? 'unfinished'}; dealer: player ${dealer}`,
    none: '  (no decisions to weigh)',
    auction: (seat: number) => `auction, player ${seat}`,
    trick: (trick: number, seat: number) => `trick ${trick}, player ${seat}`,
    layouts: (n: number) => (n === 1 ? 'layout' : 'layouts'),
    heads: ['action', 'exp. score', 'win', 'double-dummy'] as const,
    summary: (mistakes: number, lost: string) =>
      `Mistakes: ${mistakes}; expected score given away: ${lost}. Double-dummy column: the player's score and the old side's points in the true deal, played perfectly with all cards open.`,
    hand: (seat: number, dealer: number) => `Hand of player ${seat} (dealer: player ${dealer})`,
    handHeads: ['game', 'exp. score', 'win'] as const,
    pass: 'pass (zwyczajna/cicha)',
    handNote: 'Each layout played perfectly with all cards open; after the call of a game the others pass.',
  },
};

/** A call or a card as players write it. */
function actionText(action: string, rules: Rules, lang: Lang, style: Style): string {
  const card = parseCard(action);
  if (card !== undefined && parseCall(action) === undefined) return style.card(card, lang);
  return callText(action, rules.preset, lang);
}

/** Visible width of a text with colour codes. */
// eslint-disable-next-line no-control-regex -- colour codes are what is stripped
const width = (s: string) => [...s.replace(/\x1b\[[0-9;]*m/g, '')].length;
const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - width(s)));
const padLeft = (s: string, n: number) => ' '.repeat(Math.max(0, n - width(s))) + s;

function recordText(reports: DealReport[], rules: Rules, lang: Lang, style: Style): string[] {
  const w = T[lang];
  const signed = (x: number) => signedFixed(lang, x, 2);
  // The columns: the action, the expected score and the chance of winning as wide as their headings.
  const [head, exp, win, dd] = w.heads;
  const [nameWidth, expWidth, winWidth] = [11, Math.max(12, exp.length), Math.max(7, win.length)];
  const lines: string[] = [];
  let mistakes = 0;
  let lost = 0;
  for (const r of reports) {
    lines.push(style.bold(w.deal(r.deal + 1, r.contract, r.dealer + 1))); // people count deals and seats from 1
    if (r.decisions.length === 0) lines.push(w.none);
    for (const dec of r.decisions) {
      const where = dec.phase === 'auction' ? w.auction(dec.seat + 1) : w.trick(dec.trick! + 1, dec.seat + 1);
      lines.push(`  ${where} · ${count(lang, dec.layouts)} ${w.layouts(dec.layouts)}`);
      lines.push(
        style.dim(`      ${pad(head, nameWidth)} ${padLeft(exp, expWidth)}   ${padLeft(win, winWidth)}   ${dd}`),
      );
      for (const a of dec.actions) {
        const mark = a.action === dec.chosen ? '»' : ' ';
        const open = `${signed(a.doubleDummy.score)}${a.doubleDummy.oldPoints === null ? '' : ` (${a.doubleDummy.oldPoints})`}`;
        let line = `    ${mark} ${pad(actionText(a.action, rules, lang, style), nameWidth)} ${padLeft(signed(a.expectedScore), expWidth)}   ${padLeft(percent(lang, a.winProbability), winWidth)}   ${open}`;
        if (a.action === dec.chosen && dec.mistake) line += '   ' + style.red(`✗ ${signed(-dec.loss)}`);
        lines.push(line);
      }
      if (dec.mistake) {
        mistakes++;
        lost += dec.loss;
      }
    }
  }
  lines.push(w.summary(mistakes, fixed(lang, lost, 2)));
  return lines;
}

export interface AnalyzeHandOptions {
  hand: string;
  dealer: number;
  seat: number;
  rules: Rules;
  json: boolean;
  lang: Lang;
  threads: number;
}

/** Read four distinct cards, as players write them. */
export function readHand(text: string): Card[] {
  const words = text.trim().split(/[\s,]+/);
  const cards = words.map((w) => {
    const code = readCard(w);
    if (code === undefined)
      throw new UsageError({
        pl: `ERR_CARDS: --hand: nieznana karta „${w}”`,
        en: `ERR_CARDS: --hand: unknown card "${w}"`,
      });
    return parseCard(code)!;
  });
  if (cards.length !== 4 || new Set(cards).size !== 4)
    throw new UsageError({
      pl: `ERR_CARDS: --hand: podaj cztery różne karty, nie „${text}”`,
      en: `ERR_CARDS: --hand must name four different cards, not "${text}"`,
    });
  return cards;
}

/** `baska analyze --hand`: the expected score and win chance of each game the hand may declare, and of passing. */
export async function analyzeHand(o: AnalyzeHandOptions): Promise<number> {
  const cards = readHand(o.hand);
  const hand = maskOf(cards);
  const pool = new AnalysisPool(o.threads);
  let sums;
  try {
    sums = await pool.run({ kind: 'hand', rules: o.rules, inBokRound: false, dealer: o.dealer, seat: o.seat, hand });
  } finally {
    await pool.close();
  }
  const values = valuesOf(sums);
  const out = new Output();
  if (o.json) {
    out.line(
      JSON.stringify({
        seat: o.seat,
        dealer: o.dealer,
        hand: cards.map(cardCode),
        layouts: sums.layouts,
        calls: values,
      }),
    );
  } else {
    const lang = o.lang;
    const w = T[lang];
    const signed = (x: number) => signedFixed(lang, x, 2);
    const style = new Style(useColour(process.stdout));
    const best = Math.max(...values.map((v) => v.expectedScore));
    const [head, exp, win] = w.handHeads;
    const nameOf = (action: string) => (action === 'pass' ? w.pass : callText(action, o.rules.preset, lang));
    const nameWidth = Math.max(head.length, ...values.map((v) => width(nameOf(v.action))));
    const [expWidth, winWidth] = [Math.max(12, exp.length), Math.max(7, win.length)];
    out.line(
      `${w.hand(o.seat + 1, o.dealer + 1)}: ${cards.map((c) => style.card(c, lang)).join(' ')} · ${count(lang, sums.layouts)} ${w.layouts(sums.layouts)}`,
    );
    out.line(style.dim(`    ${pad(head, nameWidth)} ${padLeft(exp, expWidth)}   ${padLeft(win, winWidth)}`));
    for (const v of values) {
      const name = nameOf(v.action);
      const mark = v.expectedScore >= best - EPS ? '★' : ' ';
      out.line(
        `  ${mark} ${pad(name, nameWidth)} ${padLeft(signed(v.expectedScore), expWidth)}   ${padLeft(percent(lang, v.winProbability), winWidth)}`,
      );
    }
    out.line(w.handNote);
  }
  out.flush();
  return 0;
}
