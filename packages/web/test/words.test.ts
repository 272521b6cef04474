// The site's words as a player reads them (issue 32, "Words"): numbers with the true minus sign and
// the decimal comma from one writer, counts by Intl.PluralRules only, Polish cases after a
// preposition ("ze 104 oczek"), sentences that name a player plainly and address oneself, and the
// phrases a Pole, an English or a German reader tripped over, in all three languages.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PlayerView } from '@baska/engine';
import type { TableInfo } from '@baska/protocol';
import { type VNode, h } from 'preact';
import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { de } from '../src/i18n/de.js';
import { en } from '../src/i18n/en.js';
import { num, signed, trueMinus, zloty } from '../src/i18n/format.js';
import { pl } from '../src/i18n/pl.js';
import { dict, lang } from '../src/i18n.js';
import { RULES_PL } from '../src/rules/pl.js';
import { rowWords } from '../src/ui/tournament/History.js';
import { LastCall } from '../src/ui/table/LastCall.js';
import { glossed, gradeName, nameInLine, nameInSentence } from '../src/ui/words.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every .ts/.tsx file under the client's sources. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

describe('numbers as people read them', () => {
  it('a negative has the true minus sign "−", not the hyphen Intl writes in pl, en and de', () => {
    expect(num('pl', -6)).toBe('\u22126');
    expect(num('en', -6)).toBe('\u22126');
    expect(signed('de', -3.5)).toBe('\u22123,5');
    expect(signed('pl', 12)).toBe('+12');
    expect(zloty('pl', -1.2)).toBe('\u22121,20\u00a0zł');
    // The director's history of a corrected row ("było +4, -4 …").
    expect(rowWords('pl', [4, -4, null])).toBe('+4, \u22124, —');
    // A number the tournament core wrote for its CSV as well.
    expect(trueMinus('-5,5')).toBe('\u22125,5');
  });

  it('the decimal comma in Polish and German', () => {
    expect(num('pl', 1.5)).toBe('1,5');
    expect(num('de', 1.5)).toBe('1,5');
    expect(num('en', 1.5)).toBe('1.5');
  });

  it('every number format and plural rule of the client is made in i18n/format.ts, and no count is plural by hand', () => {
    const offenders = sources()
      .filter((f) => !f.endsWith(join('i18n', 'format.ts')))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${f.slice(SRC.length)}:${i + 1}`, line }))
          // Intl's number formats and plural rules; a sign or a plural "s" put on by hand.
          .filter(({ line }) => /new Intl\.(NumberFormat|PluralRules)|`\+\$\{|\? `\+|\? 's' :|% 10\b/.test(line)),
      );
    expect(offenders).toEqual([]);
  });
});

/** The text of a rendered tree (the rules page's JSX), tags dropped. */
const text = (node: unknown): string =>
  render(node as VNode)
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ');

describe('the Polish rules page', () => {
  const all = RULES_PL.sections.map((s) => text(h('div', null, s.body as VNode))).join('\n');

  it('says a count after "z"/"ze" in the genitive, and the pack "has" its points', () => {
    expect(all).toContain('ze 104 oczek');
    expect(all).toContain('Cała talia ma 104 oczka');
    expect(all).not.toMatch(/\bze? \d+ oczka\b/);
    expect(all).not.toMatch(/\bjest \d*[234] oczka\b/);
  });
});

describe('the reckoning and the table in words', () => {
  it('the multiplier without "0 liczonych podwojeń"', () => {
    expect(pl.countedTimes(0, 1, 2)).toBe('×1 (żadne podwojenie się nie liczy)');
    expect(pl.countedTimes(2, 4, 2)).toBe('×4 (2 liczone podwojenia)');
    expect(pl.countedTimes(5, 32, 6)).toBe('×32 (5 liczonych podwojeń)');
    expect(en.countedTimes(0, 1, 1)).toBe('×1 (no doubling counts)');
    expect(en.countedTimes(1, 2, 1)).toBe('×2 (1 doubling counts)');
    expect(de.countedTimes(0, 1, 1)).toBe('×1 (kein Kontra zählt)');
    expect(de.countedTimes(2, 4, 3)).toBe('×4 (2 Kontras zählen)');
  });

  it('×1 with no doubling said reads "bez podwojeń"; "none counts" only when some were said and cancelled', () => {
    expect(pl.countedTimes(0, 1, 0)).toBe('×1 (bez podwojeń)');
    expect(en.countedTimes(0, 1, 0)).toBe('×1 (no doublings)');
    expect(de.countedTimes(0, 1, 0)).toBe('×1 (ohne Kontra)');
  });

  it('the game terms stay Polish, glossed in English and German as starzy/młodzi are', () => {
    lang.value = 'pl';
    expect(gradeName(3)).toBe('bez bitki');
    expect(glossed('zwyczajna')).toBe('zwyczajna');
    lang.value = 'en';
    expect([1, 2, 3].map(gradeName)).toEqual([
      'z wyjściem (the losers reached their points)',
      'bez wyjścia (the losers fell short of their points)',
      'bez bitki (the losers took no trick)',
    ]);
    expect(glossed('zwyczajna')).toBe('zwyczajna (the ordinary game)');
    expect(glossed('cicha')).toBe('cicha');
    lang.value = 'de';
    expect(gradeName(2)).toBe('bez wyjścia (die Verlierer blieben unter ihren Augen)');
    expect(glossed('zwyczajna')).toBe('zwyczajna (das gewöhnliche Spiel)');
    lang.value = 'pl';
  });

  it('the grade says whether the losers have their wyjście, as a number of points', () => {
    expect(pl.gradeOver('młodzi', pl.points(30), 26)).toBe(
      'młodzi wzięli 30 oczek, więc mają wyjście (co najmniej 26 oczek)',
    );
    expect(pl.gradeUnder('starzy', pl.points(22), 27)).toBe(
      'starzy wzięli 22 oczka, więc nie mają wyjścia (trzeba co najmniej 27 oczek)',
    );
    expect(en.gradeOver('young', en.points(30), 26)).toBe(
      'the young took 30 points, so they made their wyjście (at least 26 points)',
    );
    expect(de.gradeUnder('die Alten', de.points(22), 27)).toBe(
      'die Alten bekamen 22 Augen, also kein wyjście (dafür braucht es mindestens 27 Augen)',
    );
  });

  it('who took the trick is named plainly ("Lewę bierze Józek", not "Józek (gość, ty)"), oneself addressed', () => {
    const info = {
      preset: 'standard',
      seats: [0, 1, 2, 3].map((seat) => ({
        seat,
        name: ['Ala', 'Józek', 'Bot Marta (expert)', 'Ola'][seat],
        bot: seat === 2,
        away: false,
        guest: seat === 1,
      })),
    } as unknown as TableInfo;
    lang.value = 'pl';
    expect(pl.trickTaken(nameInSentence(info, 1, 1), pl.points(21))).toBe('Bierzesz lewę: 21 oczek');
    expect(pl.trickTaken(nameInSentence(info, 1, 0), pl.points(21))).toBe('Lewę bierze Józek: 21 oczek');
    expect(pl.trickTaken(nameInSentence(info, 2, 0), pl.points(3))).toBe('Lewę bierze Bot Marta: 3 oczka');
    expect(en.trickTaken(null, en.points(21))).toBe('You take the trick: 21 points');
    expect(de.trickTaken(null, de.points(21))).toBe('Du nimmst den Stich: 21 Augen');
    expect(pl.claimedBy(null)).toMatch(/^Wykładasz karty: /);
  });

  it('a name in a line ("Gra: gran — …", "Zapis: …") never carries "(gość, ty)": oneself is plain "ty"', () => {
    const info = {
      preset: 'standard',
      seats: [0, 1, 2, 3].map((seat) => ({
        seat,
        name: ['Ala', 'Józek', 'Bot Marta (expert)', 'Ola'][seat],
        bot: seat === 2,
        away: false,
        guest: seat === 1,
      })),
    } as unknown as TableInfo;
    for (const l of ['pl', 'en', 'de'] as const) {
      lang.value = l;
      const names = [0, 1, 2, 3].map((seat) => nameInLine(info, seat, 1));
      expect(names).toEqual(['Ala', dict(l).you, 'Bot Marta', 'Ola']);
    }
    lang.value = 'pl';
  });
});

describe("a kontra a later wesele cancelled (RULES §3), beside its caller's name", () => {
  const info = {
    preset: 'standard',
    seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `Gracz ${seat}`, bot: false, away: false, guest: false })),
    totals: [0, 0, 0, 0],
    marks: { auction: [null, null, null] },
  } as unknown as TableInfo;
  const view = (auction: { seat: number; call: string }[]) =>
    ({
      auction,
      sides: [null, null, null, null],
      dealer: 3,
      handSizes: [4, 4, 4, 4],
      toAct: 3,
      phase: 'auction',
    }) as unknown as PlayerView;
  const badge = (auction: { seat: number; call: string }[]) => {
    lang.value = 'pl';
    const html = render(h(LastCall, { seat: 1, info, view: view(auction), pending: null }));
    const tag = /<span class="badge last-call ([a-z]+)"([^>]*)>([^<]*)<\/span>/.exec(html);
    return tag && [tag[0], tag[1], /aria-label="([^"]*)"/.exec(tag[2]!)?.[1], tag[3]];
  };

  it('stands out in red while it counts', () => {
    const b = badge([
      { seat: 0, call: 'pass' },
      { seat: 1, call: 'kontra' },
    ]);
    expect(b?.[1]).toBe('doubling');
    expect(b?.[3]).toBe('kontra');
  });

  it('is struck through and said not to count once a game is called after it', () => {
    const b = badge([
      { seat: 0, call: 'pass' },
      { seat: 1, call: 'kontra' },
      { seat: 2, call: 'wesele' },
    ]);
    expect(b?.[1]).toBe('cancelled');
    expect(b?.[2]).toBe('kontra: nie liczy się, bo później zapowiedziano grę');
    const css = readFileSync(join(SRC, 'style.css'), 'utf8');
    expect(css).toMatch(/\.badge\.last-call\.cancelled \{[^}]*text-decoration: line-through/);
  });
});

describe('phrases readers tripped over', () => {
  it('the profile\'s kontras are not "Dane kontry" (read as "data")', () => {
    expect(pl.kontraLine(5, 3)).toBe('Zgłoszone kontry: 5, w tym wygrane: 3');
    expect(en.kontraLine(5, 3)).toBe('Doublings (kontra) said: 5, of them won: 3');
    expect(de.kontraLine(5, 3)).toBe('Angesagte Kontras: 5, davon gewonnen: 3');
  });

  it("the profile's headings are whole words, never a soft hyphen to break them mid-word", () => {
    for (const w of [pl, en, de]) {
      const heads = [w.contractCol, w.colDeals, w.colDeclared, w.colWon, w.colPoints, ...Object.values(w.colShort)];
      expect(heads.filter((x) => x.includes('\u00ad'))).toEqual([]);
    }
  });

  it('the rating is explained in words, without μ − 3σ', () => {
    for (const w of [pl, en, de]) {
      expect(w.ratingShort).not.toMatch(/[μσ]/);
      expect(w.ratingExplained(3)).not.toMatch(/[μσ]/);
    }
  });

  it('a row that sums to 0 is not told it must sum to 0', () => {
    expect(pl.tour.rowSum(0)).toBe('Suma wiersza: 0, zgadza się');
    expect(pl.tour.rowSum(1)).toBe('Suma wiersza: 1 — musi wynosić 0');
    expect(pl.tour.rowSum(-2)).toBe('Suma wiersza: \u22122 — musi wynosić 0');
    expect(en.tour.rowSum(0)).not.toMatch(/must be 0/);
    expect(de.tour.rowSum(0)).not.toMatch(/muss 0 sein/);
  });

  it('the old pair is not "dwóch" (masculine): a pair may be women or mixed', () => {
    expect(pl.pad.old).toBe('Starzy (dwie osoby)');
    expect(en.pad.old).toBe('The old (a pair)');
    expect(de.pad.old).toBe('Die Alten (ein Paar)');
  });

  it('German says "du" everywhere, as at the table (the tournament pages said "Sie")', () => {
    const all = JSON.stringify(de, (_, v) => (typeof v === 'function' ? String(v(1, 1, 1)) : v));
    expect(all.match(/(?<!^|[.!?:] |")\b(Sie|Ihnen|Ihre?[nmrs]?)\b/g)).toBeNull();
  });
});
