// `baska play`: a game in the terminal against computer players. What the player sees comes only
// from viewFor(his seat); the bots decide from their own views.
import { writeFileSync } from 'node:fs';
import { createInterface, type Interface } from 'node:readline';
import { type Bot, newTable } from '@baska/ai';
import {
  type PlayerView,
  type Rules,
  POINTS,
  SeededRng,
  callName,
  doublingCall,
  makeRecord,
  parseCard,
  recordOfTable,
  rulesSpecOf,
  viewFor,
} from '@baska/engine';
import {
  type Lang,
  Style,
  callText,
  contractText,
  readCall,
  readCard,
  scoreLines,
  sidesText,
  signedScore,
  useColour,
  words,
} from '../text.js';

export interface PlayOptions {
  rules: Rules;
  seed: string;
  seat: number;
  bots: Bot[];
  lang: Lang;
  save?: string;
  deals?: number;
}

/** Lines typed by the player; null at the end of input. Pipes work as well as terminals. */
class Keyboard {
  private readonly rl: Interface;
  private readonly lines: AsyncIterator<string>;
  private readonly tty = Boolean(process.stdin.isTTY);

  constructor(onInterrupt: () => void) {
    this.rl = createInterface({ input: process.stdin, output: process.stdout, terminal: this.tty });
    this.rl.on('SIGINT', onInterrupt);
    this.lines = this.rl[Symbol.asyncIterator]();
  }

  async ask(prompt: string): Promise<string | null> {
    process.stdout.write(prompt);
    const r = await this.lines.next();
    if (r.done) {
      process.stdout.write('\n');
      return null;
    }
    if (!this.tty) process.stdout.write(`${r.value}\n`); // echo piped input, so a transcript reads well
    return r.value;
  }

  close(): void {
    this.rl.close();
  }
}

export async function play(o: PlayOptions): Promise<number> {
  const lang = o.lang;
  const w = words(lang);
  const pl = lang === 'pl';
  const st = new Style(useColour(process.stdout));
  const say = (text = '') => process.stdout.write(`${text}\n`);
  const table = newTable({ rules: o.rules, rng: new SeededRng(`${o.seed}:deal`) });
  const botRng = new SeededRng(`${o.seed}:bots`);
  const me = o.seat;
  const name = (s: number) => (s === me ? st.bold(`${w.player(s)} (${w.you})`) : w.player(s));
  const card = (code: string) => st.card(parseCard(code)!, lang);
  const interrupted = () => {
    say(`\n${pl ? 'Przerwano. Do zobaczenia!' : 'Interrupted. Goodbye!'}`);
    keyboard.close();
    process.exit(130);
  };
  const keyboard = new Keyboard(interrupted);
  process.on('SIGINT', interrupted);

  const sides = (v: PlayerView) => sidesText(v.sides, name, lang);
  // The three computer seats, and their level (one level for all, as --bots gives).
  const others = [0, 1, 2, 3].filter((s) => s !== me);
  const seats = new Intl.ListFormat(lang, { type: 'conjunction' }).format(others.map((s) => String(s + 1)));
  const levels = [...new Set(others.map((s) => o.bots[s]!.name))].join(', ');
  say(
    pl
      ? `Baśka — zasady ${o.rules.preset}; grasz na miejscu ${me + 1}; komputer (poziom ${levels}) gra na miejscach ${seats}; ziarno ${o.seed}`
      : `Baśka — rules ${o.rules.preset}; you sit at seat ${me + 1}; the computer (${levels} level) plays at seats ${seats}; seed ${o.seed}`,
  );
  say(
    pl
      ? 'Wpisz numer albo nazwę (np. 2, pas, kontra, Ah, A♥, 10c); ? — pomoc, q — koniec.'
      : 'Type a number or a name (e.g. 2, pass, kontra, Ah, A♥, 10c); ? for help, q to quit.',
  );

  for (let n = 1; o.deals === undefined || n <= o.deals; n++) {
    const started = table.newDeal();
    if (!started.ok) throw new Error(started.error.message);
    const deal = started.value;
    let v = viewFor(deal, me);
    say();
    say(
      st.cyan(
        `=== ${pl ? 'Rozdanie' : 'Deal'} ${n} === ${pl ? 'rozdaje' : 'dealer'} ${w.player(deal.dealer)}, ${pl ? 'zagrywa' : 'forehand'} ${w.player(deal.forehand)}` +
          (deal.inBokRound ? st.yellow(` — ${bokRoundNow(table.bokDealsLeft)}`) : ''),
      ),
    );
    say(`${pl ? 'Twoje karty' : 'Your cards'}: ${v.hand.map(card).join(' ')}`);
    say(`${pl ? 'Licytacja' : 'Auction'}:`);
    let lastKnown = '';
    while (!deal.isComplete) {
      const seat = deal.toAct;
      const phase = deal.phase;
      const view = viewFor(deal, seat);
      let action: string;
      if (seat === me) {
        const chosen = await askAction(view);
        if (chosen === null) {
          say(pl ? 'Koniec gry.' : 'Game over.');
          keyboard.close();
          return 0;
        }
        action = chosen;
      } else {
        action = o.bots[seat]!.decide(view, botRng);
      }
      const r = table.apply(action);
      if (!r.ok) throw new Error(`${w.player(seat)}: ${r.error.message}`);
      if (phase === 'auction') {
        say(`  ${name(seat)}: ${callText(action, o.rules.preset, lang)}`);
        if (deal.phase !== 'auction') {
          v = viewFor(deal, me);
          const declarer = v.declaredGame && v.declarer !== null ? ` — ${name(v.declarer)}` : '';
          say(
            st.bold(`${pl ? 'Kontrakt' : 'Contract'}: ${contractText(v.contract, lang)}${declarer}`) +
              (v.level ? ` (${callText(callName(doublingCall(v.level)), o.rules.preset, lang)})` : ''),
          );
          if (deal.phase === 'play') {
            lastKnown = sides(v);
            say(lastKnown);
          }
        }
      } else {
        say(`  ${name(seat)}: ${card(action)}`);
        v = viewFor(deal, me);
        if (v.trick === null && v.tricks.length > 0) {
          const t = v.tricks[v.tricks.length - 1]!;
          const pts = t.cards.reduce((a, c) => a + POINTS[parseCard(c)!]!, 0);
          say(`  → ${pl ? 'lewę bierze' : 'trick to'} ${name(t.winner!)} (${w.points(pts)})`);
          const known = sides(v);
          if (known !== lastKnown && !deal.isComplete) say(known);
          lastKnown = known;
        }
      }
    }
    say();
    for (const line of scoreLines(deal.score!, me, lang, st)) say(line);
    say(
      `${pl ? 'Stan' : 'Totals'}: ${table.totals.map((t, s) => `${name(s)} ${signedScore(t, st)}`).join(', ')}` +
        (table.bokDealsLeft
          ? st.yellow(
              pl
                ? ` — bok-runda: jeszcze ${w.deals(table.bokDealsLeft)}`
                : ` — bok-round: ${w.deals(table.bokDealsLeft)} to go`,
            )
          : ''),
    );
    if (o.save) {
      writeFileSync(o.save, makeRecord(recordOfTable(table, rulesSpecOf(o.rules))) + '\n');
      say(pl ? `Zapisano grę: ${o.save}` : `Game saved: ${o.save}`);
    }
    if (o.deals !== undefined && n >= o.deals) break;
    const next = await keyboard.ask(pl ? '[Enter] następne rozdanie, q — koniec: ' : '[Enter] next deal, q to quit: ');
    if (next === null || ['q', 'quit', 'koniec'].includes(next.trim().toLowerCase())) break;
  }
  say(pl ? 'Koniec gry. Dziękujemy!' : 'Game over. Thank you!');
  keyboard.close();
  process.removeListener('SIGINT', interrupted);
  return 0;

  /** The bok-round line of a deal in it: `bokDealsLeft` counts this deal too. */
  function bokRoundNow(left: number): string {
    if (left <= 1) return pl ? 'bok-runda ×2: jej ostatnie rozdanie' : 'bok-round ×2: its last deal';
    return pl ? `bok-runda ×2: to i jeszcze ${w.deals(left - 1)}` : `bok-round ×2: this and ${w.deals(left - 1)} more`;
  }

  /** Ask for a legal call or card until one is given; null when the player quits or input ends. */
  async function askAction(view: PlayerView): Promise<string | null> {
    const auction = view.phase === 'auction';
    // Only legal calls and cards get a number; the cards that may not be played are listed apart.
    const options: string[] = view.legal;
    if (auction) {
      say(`${pl ? 'Twoje karty' : 'Your cards'}: ${view.hand.map(card).join(' ')}`);
      say(
        `${pl ? 'Twoja zapowiedź' : 'Your call'}: ${options.map((c, i) => `[${i + 1}] ${callText(c, o.rules.preset, lang)}`).join('  ')}`,
      );
    } else {
      const trick = view.trick ? view.trick.cards.map(card).join(' ') : pl ? '(wychodzisz)' : '(you lead)';
      say(`${pl ? 'Na stole' : 'On the table'}: ${trick}`);
      const barred = view.hand.filter((c) => !view.legal.includes(c));
      say(
        `${pl ? 'Twoje karty' : 'Your cards'}: ${options.map((c, i) => `[${i + 1}] ${card(c)}`).join('  ')}` +
          (barred.length ? st.dim(`   ${pl ? 'nie wolno' : 'not allowed'}: ${barred.map(card).join(' ')}`) : ''),
      );
    }
    for (;;) {
      const line = await keyboard.ask('> ');
      if (line === null) return null;
      const t = line.trim();
      if (['q', 'quit', 'koniec'].includes(t.toLowerCase())) return null;
      if (t === '?' || t.toLowerCase() === 'pomoc' || t.toLowerCase() === 'help') {
        say(
          auction
            ? pl
              ? `Wpisz numer zapowiedzi albo jej nazwę. Dozwolone: ${view.legal.map((c) => callText(c, o.rules.preset, lang)).join(', ')}.`
              : `Type the call's number or its name. Legal: ${view.legal.map((c) => callText(c, o.rules.preset, lang)).join(', ')}.`
            : pl
              ? `Wpisz numer karty albo jej kod (Ah, A♥, 10c, Ds, Wd). Wolno zagrać: ${view.legal.map(card).join(' ')}.`
              : `Type the card's number or its code (Ah, A♥, 10c, Qs, Jd). Legal: ${view.legal.map(card).join(' ')}.`,
        );
        continue;
      }
      const index = /^\d+$/.test(t) ? Number(t) - 1 : -1;
      const picked = index >= 0 ? options[index] : auction ? readCall(t, o.rules.preset) : readCard(t);
      if (picked === undefined) {
        say(
          pl
            ? `Nie rozumiem „${t}”. Wpisz numer z listy albo ? po pomoc.`
            : `I don't understand "${t}". Type a number from the list, or ? for help.`,
        );
        continue;
      }
      if (!view.legal.includes(picked)) {
        say(
          auction
            ? pl
              ? `Tej zapowiedzi nie można teraz zgłosić. Dozwolone: ${view.legal.map((c) => callText(c, o.rules.preset, lang)).join(', ')}.`
              : `That call is not allowed now. Legal: ${view.legal.map((c) => callText(c, o.rules.preset, lang)).join(', ')}.`
            : !(view.hand as string[]).includes(picked)
              ? pl
                ? `Nie masz ${card(picked)}.`
                : `You do not hold ${card(picked)}.`
              : pl
                ? `Tej karty nie wolno zagrać: musisz dołożyć ${view.legal.map(card).join(' albo ')}.`
                : `You may not play that card: you must play ${view.legal.map(card).join(' or ')}.`,
        );
        continue;
      }
      return picked;
    }
  }
}
