// The dictionaries: every key in all three languages, no empty value, counts in the language's
// plural forms (through Intl.PluralRules), and server errors as sentences, never as codes.
import { readFileSync } from 'node:fs';
import { TOURNAMENT_EVENT_KINDS } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { de } from '../src/i18n/de.js';
import { en } from '../src/i18n/en.js';
import { dateTime } from '../src/i18n/format.js';
import { pl } from '../src/i18n/pl.js';
import { errorText, lang } from '../src/i18n.js';
import { accountNameFrom } from '../src/ui/guest-name.js';
import { pw } from '../src/ui/privacy/words.js';

type Tree = Record<string, unknown>;
const DICTS = { pl, en, de } as Record<string, Tree>;
const SAMPLES = [0, 1, 2, 3, 4, 5, 12, 22, 25, 1.5];

/** Every leaf of a dictionary by its dotted key; a function by what it says for a few arguments. */
function leaves(tree: Tree, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix + k;
    if (typeof v === 'string') out.set(key, [v]);
    else if (typeof v === 'function')
      out.set(
        key,
        SAMPLES.map((n) => String((v as (...a: unknown[]) => unknown)(...Array(4).fill(v.length ? n : 'X')))),
      );
    else if (v && typeof v === 'object') for (const [k2, v2] of leaves(v as Tree, `${key}.`)) out.set(k2, v2);
    else out.set(key, [String(v)]);
  }
  return out;
}

describe('the dictionaries', () => {
  const keys = Object.fromEntries(Object.entries(DICTS).map(([l, d]) => [l, leaves(d)]));

  it('give every key in all three languages, and nothing else', () => {
    const all = [...keys.pl!.keys()].sort();
    expect(all.length).toBeGreaterThan(150);
    for (const l of ['en', 'de']) expect([...keys[l]!.keys()].sort(), l).toEqual(all);
  });

  it('have no empty value, and no function that says undefined or NaN', () => {
    for (const [l, map] of Object.entries(keys))
      for (const [k, values] of map)
        for (const v of values) {
          expect(v.trim(), `${l}.${k}`).not.toBe('');
          expect(v, `${l}.${k}`).not.toMatch(/undefined|NaN|\[object/);
        }
  });

  it('count in Polish plural forms: 1 gra, 2 gry, 5 gier, 22 gry, 12 gier', () => {
    expect(pl.stats(1, 1, 1, 1)).toBe('1 gra, 1 rozdanie, 1 punkt (1 pkt na rozdanie)');
    expect(pl.stats(2, 3, 4, 1.5)).toBe('2 gry, 3 rozdania, 4 punkty (1,5 pkt na rozdanie)');
    expect(pl.stats(5, 12, 25, 0)).toBe('5 gier, 12 rozdań, 25 punktów (0 pkt na rozdanie)');
    expect(pl.stats(22, 112, 1.5, 2)).toBe('22 gry, 112 rozdań, 1,5 punktu (2 pkt na rozdanie)');
    expect(pl.bots(1)).toBe('1 komputer');
    expect(pl.bots(3)).toBe('3 komputery');
    expect(pl.bots(0)).toBe('0 komputerów');
    expect(pl.missing(1)).toBe('Brakuje jeszcze 1 gracza');
    expect(pl.points(5)).toBe('5 oczek');
    expect(pl.tricks(2)).toBe('2 lewy');
  });

  it('count in English and German forms, with the language’s numbers', () => {
    expect(en.stats(1, 2, 1234, 1.5)).toBe('1 game, 2 deals, 1,234 points (1.5 per deal)');
    expect(de.stats(1, 1, 2, 1.5)).toBe('1 Partie, 1 Spiel, 2 Punkte (1,5 je Spiel)');
    expect(de.missing(1)).toBe('Es fehlt noch 1 Spieler');
    expect(de.missing(3)).toBe('Es fehlen noch 3 Spieler');
  });

  it('write dates in the language', () => {
    const when = Date.UTC(2026, 2, 5, 12, 0);
    expect(dateTime('pl', when)).toMatch(/5 mar 2026/);
    expect(dateTime('de', when)).toMatch(/05\.03\.2026/);
    expect(dateTime('en', when)).toMatch(/Mar 5, 2026/);
  });

  it('say a move’s time as people do: whole minutes in minutes, with "per move"', () => {
    expect(pl.perMove(600)).toBe('10 min na ruch');
    expect(pl.perMove(60)).toBe('1 min na ruch');
    expect(pl.perMove(45)).toBe('45 s na ruch');
    expect(en.perMove(600)).toBe('10 min per move');
    expect(de.perMove(600)).toBe('10 Min. pro Zug');
    expect(de.perMove(90)).toBe('90 s pro Zug');
  });

  it('address the player in Polish in lowercase inside a sentence, and without a gender', () => {
    lang.value = 'pl';
    const polish = [...leaves(pl).values(), ...leaves(pw() as unknown as Tree).values()].flat();
    // "Twoje dane" opens its sentence; "… o Tobie …" or "… Twoja nazwa …" does not.
    expect(polish.filter((x) => /[^.!?:]\s(Twoj|Twój|Tobie|Ciebie|Cię)/u.test(x))).toEqual([]);
    // "siedziałeś", "dołączyłeś", "jesteś zalogowany": neutral forms instead.
    expect(polish.filter((x) => /łeś\b|jesteś zalogowany/u.test(x))).toEqual([]);
  });

  it('name who runs the server when its operator said, and say plainly when not', () => {
    for (const l of ['pl', 'en', 'de'] as const) {
      lang.value = l;
      const w = pw();
      expect(w.operator('Klub w Kartuzach', 'baska@example.org')).toMatch(
        /^Klub w Kartuzach\. \S+: baska@example\.org\.$/,
      );
      expect(w.operator('Klub w Kartuzach', null)).toMatch(/^Klub w Kartuzach\. /);
      expect(w.operator(null, 'baska@example.org')).toContain('baska@example.org');
      expect(w.noOperator.length).toBeGreaterThan(40);
    }
    lang.value = 'pl';
  });

  it('start a guest’s new account with his name, not with the "Gość" before it', () => {
    expect(accountNameFrom('Gość Gienek')).toBe('Gienek');
    expect(accountNameFrom('Guest Ann')).toBe('Ann');
    expect(accountNameFrom('Gościwit')).toBe('Gościwit');
    expect(accountNameFrom('Gość')).toBe('Gość');
  });

  it('count by Intl.PluralRules, not by hand', () => {
    for (const l of ['pl', 'en', 'de']) {
      const src = readFileSync(new URL(`../src/i18n/${l}.ts`, import.meta.url), 'utf8');
      expect(src, l).not.toMatch(/===\s*1\b|polishPlural|toFixed/);
    }
  });
});

describe('a tournament’s history', () => {
  it('names every kind of change the server records, in every language', () => {
    // The server's event log writes these kinds (a hall phone's entry and confirmation too).
    for (const [l, d] of Object.entries({ pl, en, de }))
      for (const kind of TOURNAMENT_EVENT_KINDS) expect(d.tour.kinds[kind], `${l}: ${kind}`).toMatch(/\p{L}/u);
    expect(pl.tour.kinds.entered).toBe('wpis rozdania z telefonu stolika');
    expect(pl.tour.byPhone(3)).toBe('telefon stolika 3');
  });
});

describe('server errors', () => {
  it('are sentences in the page’s language, never codes or validation text', () => {
    lang.value = 'pl';
    const schema = { code: 'ERR_SCHEMA', message: 'password: String must contain at least 8 character(s)' };
    expect(errorText(schema)).toBe('Hasło musi mieć co najmniej 8 znaków.');
    expect(errorText({ code: 'ERR_NAME_TAKEN', message: 'taken' })).toBe(
      'Ta nazwa jest już zajęta albo wygląda jak nazwa zarejestrowanego gracza lub bota. Wybierz inną.',
    );
    expect(errorText({ code: 'ERR_SOMETHING_NEW', message: 'x' })).toBe(pl.errors.ERR_INTERNAL);
    expect(errorText(new TypeError('Failed to fetch'))).toBe(pl.errNetwork);
    lang.value = 'de';
    expect(errorText({ code: 'ERR_CREDENTIALS', message: 'wrong' })).toBe('Falscher Name oder falsches Passwort.');
    lang.value = 'pl';
    for (const d of [pl, en, de]) for (const v of Object.values(d.errors)) expect(v).not.toMatch(/ERR_/);
  });

  it('say why a tournament’s action was refused, with its numbers, when the server tells why', () => {
    const playing = { why: 'round-playing', round: 1, table: 3, played: 3, of: 32, others: 2 } as const;
    const refused = (detail: unknown) => errorText({ code: 'ERR_ROUND', message: 'x', detail });
    lang.value = 'pl';
    expect(refused(playing)).toBe(
      'Runda 1 trwa: przy stoliku 3 rozegrano 3 z 32 rozdań (grają jeszcze 2 inne stoliki). Rundę 2 można rozpocząć, gdy skończą wszystkie stoliki rundy 1.',
    );
    expect(refused({ ...playing, others: 0 })).toMatch(/^Runda 1 trwa: przy stoliku 3 rozegrano 3 z 32 rozdań\. /);
    expect(refused({ why: 'round-not-started', round: 2 })).toMatch(/^Runda 2 jeszcze się nie zaczęła/);
    // A reason this page does not know yet: the code's sentence, as before.
    expect(refused({ why: 'something-new', round: 2 })).toBe(pl.errors.ERR_ROUND);
    lang.value = 'en';
    expect(refused(playing)).toMatch(/^Round 1 is being played: table 3 has played 3 of 32 deals \(2 other tables/);
    lang.value = 'de';
    expect(refused({ ...playing, others: 1 })).toMatch(
      /^Runde 1 läuft: an Tisch 3 sind 3 von 32 Spielen gespielt \(1 weiterer Tisch spielt noch\)/,
    );
    lang.value = 'pl';
  });
});
