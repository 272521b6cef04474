// What the table's live log says (ui/table/announce.ts), over random deals played to their end, in
// each of the site's languages: the hand with its keys, every call and card by whom, each trick's
// taker, whose turn, the end's reckoning; in the language's own words; and never a card of another
// hand before it is played (the log is told from the seat's own view).
import { CARD_CODES, Deal, type PlayerView, SeededRng, dealMasks, randomInt, rulesOf, viewFor } from '@baska/engine';
import type { PublicEvent, TableInfo } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { type Lang, dict, lang } from '../src/i18n.js';
import type { TableState } from '../src/store.js';
import { cardLabel } from '../src/ui/card-words.js';
import { type Heard, tell } from '../src/ui/table/announce.js';

const NAMES = ['Kaszub', 'Bot Marta (basic)', 'Bot Jana (basic)', 'Bot Grzegorz (basic)'];

const info = (status: TableInfo['status'], dealsPlayed: number): TableInfo =>
  ({
    id: 't',
    preset: 'standard',
    rules: 'standard',
    status,
    seats: NAMES.map((name, seat) => ({ seat, name, bot: seat > 0, guest: seat === 0, away: false })),
    totals: [0, 0, 0, 0],
    dealSeats: null,
    dealsPlayed,
    clock: null,
    pause: null,
  }) as unknown as TableInfo;

/** One deal played by random legal moves, told to seat 0 after every event; all lines, and each step's. */
function play(seed: number, l: Lang) {
  lang.value = l;
  const rng = new SeededRng(seed);
  const deal = Deal.of(rulesOf('standard'), 3, Array.from(dealMasks(rng, 3)));
  const log: { version: number; event: PublicEvent }[] = [];
  let heard: Heard | null = null;
  const steps: { view: PlayerView; lines: string[] }[] = [];
  const say = (view: PlayerView, status: TableInfo['status'] = 'playing') => {
    const st = { info: info(status, view.phase === 'complete' ? 1 : 0), seat: 0, view, log, version: log.length };
    const told = tell(heard, st as unknown as TableState, dict(l), l);
    heard = told.heard;
    steps.push({ view, lines: told.lines });
  };
  log.push({ version: 1, event: { type: 'deal', dealer: 3, number: 0 } });
  say(viewFor(deal, 0));
  while (deal.phase !== 'complete') {
    const legal = deal.legal();
    const seat = deal.toAct!;
    const action = legal[randomInt(rng, legal.length)]!;
    deal.apply(action);
    log.push({ version: log.length + 1, event: { type: 'action', seat, action, by: 'bot' } });
    say(viewFor(deal, 0));
  }
  log.push({ version: log.length + 1, event: { type: 'finished' } });
  say(viewFor(deal, 0), 'finished');
  return { steps, lines: steps.flatMap((s) => s.lines), deal };
}

const WORDS: Record<Lang, { hand: RegExp; trick: RegExp; turn: RegExp; end: RegExp; foreign: RegExp }> = {
  pl: {
    hand: /^Twoje karty: 1 /,
    trick: /^(Lewę bierze .+|Bierzesz lewę): \d+ (oczko|oczka|oczek)\.$/,
    turn: /^Twój ruch\.$/,
    end: /^Koniec rozdania: .*Wartość: \d+\. Zapis: ty [+−]?\d+/,
    foreign: /takes|Your|nimmt|Deine|Karten/,
  },
  en: {
    hand: /^Your cards: 1 /,
    trick: /^(.+ takes|You take) the trick: \d+ points?\.$/,
    turn: /^Your turn\.$/,
    end: /^End of the deal: .*Value: \d+\. Score: you [+−]?\d+/,
    foreign: /Lewę|Twój|Twoje|nimmt|Deine/,
  },
  de: {
    hand: /^Deine Karten: 1 /,
    trick: /^(.+ nimmt|Du nimmst) den Stich: \d+ Augen?\.$/,
    turn: /^Du bist dran\.$/,
    end: /^Ende des Spiels: .*Wert: \d+\. Abrechnung: du [+−]?\d+/,
    foreign: /Lewę|Twój|Twoje|takes|Your/,
  },
};

describe('the table says each event to a screen reader', () => {
  for (const l of ['pl', 'en', 'de'] as const)
    it(`in ${l}: the hand, each call and card by whom, each trick, whose turn, the reckoning; nothing hidden`, () => {
      const w = WORDS[l];
      for (let seed = 1; seed <= 25; seed++) {
        const { steps, lines, deal } = play(seed, l);
        const first = steps[0]!.view;
        expect(lines.find((s) => w.hand.test(s))).toBe(
          lines.find((s) => s.startsWith(`${dict(l).hand}: `)) ?? 'no hand line',
        );
        for (const [i, code] of first.hand.entries()) expect(lines.join('\n')).toContain(`${i + 1} ${cardLabel(code)}`);
        // Every card played is said once, by the one who played it.
        const final = steps.at(-1)!.view;
        const played = final.tricks.flatMap((t) => t.cards);
        for (const code of played) expect(lines.filter((s) => s.endsWith(`: ${cardLabel(code)}`))).toHaveLength(1);
        expect(lines.filter((s) => w.trick.test(s))).toHaveLength(final.tricks.length);
        if (steps.some((s) => s.view.toAct === 0)) expect(lines.some((s) => w.turn.test(s))).toBe(true);
        expect(
          lines.filter((s) => w.end.test(s)),
          lines.join('\n'),
        ).toHaveLength(1);
        expect(lines.filter((s) => w.foreign.test(s))).toEqual([]);
        // A name inside a line never carries "(gość, ty)": "Zapis: ty +8", "Gra: gran — ty" (the seat shows the marks).
        expect(lines.filter((s) => /\((gość|guest|Gast)\b|, (ty|you|du)\)|\((ty|you|du)\)/.test(s))).toEqual([]);
        // Hidden information never leaks: a card of another hand is named only once it is on the table.
        for (const { view, lines: said } of steps) {
          const onTable = new Set([...view.tricks.flatMap((t) => t.cards), ...(view.trick?.cards ?? [])]);
          for (let seat = 1; seat < 4; seat++)
            for (const code of CARD_CODES.filter((_, i) => deal.dealt[seat]! & (1 << i)))
              if (!onTable.has(code)) for (const s of said) expect(s).not.toContain(cardLabel(code));
        }
      }
    });

  it('events that come together, ending a deal and beginning the next, are all said: the last trick and the reckoning too', () => {
    lang.value = 'pl';
    const w = dict('pl');
    const rng = new SeededRng(7);
    const deal = Deal.of(rulesOf('standard'), 3, Array.from(dealMasks(rng, 3)));
    const log: { version: number; event: PublicEvent }[] = [
      { version: 1, event: { type: 'deal', dealer: 3, number: 0 } },
    ];
    const st = (view: PlayerView, ended: PlayerView | null, dealsPlayed: number) =>
      ({
        info: info('playing', dealsPlayed),
        seat: 0,
        view,
        log,
        version: log.length,
        ended,
        endedSeats: null,
      }) as unknown as TableState;
    let heard = tell(null, st(viewFor(deal, 0), null, 0), w, 'pl').heard;
    while (deal.phase !== 'complete') {
      const seat = deal.toAct!;
      const legal = deal.legal();
      const action = legal[randomInt(rng, legal.length)]!;
      deal.apply(action);
      log.push({ version: log.length + 1, event: { type: 'action', seat, action, by: 'bot' } });
      const view = viewFor(deal, 0);
      if (view.phase !== 'complete') heard = tell(heard, st(view, null, 0), w, 'pl').heard;
    }
    // The last card and the next deal in one go: the view is the next deal's, the ended one kept apart.
    const next = Deal.of(rulesOf('standard'), 0, Array.from(dealMasks(rng, 0)));
    log.push({ version: log.length + 1, event: { type: 'deal', dealer: 0, number: 1 } });
    const { lines } = tell(heard, st(viewFor(next, 0), viewFor(deal, 0), 1), w, 'pl');
    const tricks = viewFor(deal, 0).tricks;
    if (tricks.length === 4)
      expect(
        lines.some((l) => l.startsWith('Lewę bierze ') || l.startsWith('Bierzesz lewę')),
        lines.join('\n'),
      ).toBe(true);
    expect(
      lines.filter((l) => l.startsWith('Koniec rozdania: ')),
      lines.join('\n'),
    ).toHaveLength(1);
    expect(lines.indexOf('Rozdanie 2.')).toBeGreaterThan(lines.findIndex((l) => l.startsWith('Koniec rozdania: ')));
  });
});
