// The rules of a new name (docs/decisions/016), as pure functions: the look-alike key (TR39's
// confusable skeleton), one script per name, the bots' names, and the hidden controls every stored
// text loses (@baska/protocol's plainText) as the request schemas apply them.
import {
  AddPlayersRequest,
  ClientMessage,
  CreatePadRequest,
  CreateTournamentRequest,
  GuestRequest,
  plainJson,
  plainText,
} from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { isBotName, lookalikeKey, nameKey, oneScript } from '../src/names.js';

const RLO = '\u202E';
const HIDDEN = ['\u202A', '\u202B', '\u202C', '\u202D', RLO, '\u2066', '\u2067', '\u2068', '\u2069'];
const MARKS = ['\u200E', '\u200F', '\u061C', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF'];

describe('lookalikeKey', () => {
  it('meets look-alikes from other scripts, digits and letter pairs, and every case form', () => {
    for (const group of [
      ['Anna', 'Аnna', 'anna', 'ANNA', 'Ａｎｎａ'],
      ['Lukasz', 'Lukaѕz', 'Lukаsz', 'LUKASZ'],
      ['Kamil', 'Karnil'],
      ['Oko', '0ko'],
      ['expert', 'ехреrt'],
      // Wholly Cyrillic, in capitals or not: their capitals are the Latin ones.
      ['Tosia', 'Тоѕіа', 'ТОЅІА', 'TOSIA'],
      ['Maja', 'МАЈА', 'Маја'],
    ])
      expect(new Set(group.map(lookalikeKey)).size, group.join(' ')).toBe(1);
  });

  it('keeps letters with their marks apart: Polish, Kashubian and German names are their own', () => {
    const pairs: [string, string][] = [
      ['Łukasz', 'Lukasz'],
      ['Józef', 'Jozef'],
      ['Zażółć', 'Zazolc'],
      ['Kaszëbë', 'Kaszebe'],
      ['Òla', 'Ola'],
      ['Mãrta', 'Marta'],
      ['Jürgen', 'Jurgen'],
      ['Ćma', 'Cma'],
    ];
    for (const [a, b] of pairs) expect(lookalikeKey(a), `${a} ${b}`).not.toBe(lookalikeKey(b));
    // …and the same name in another case or form is the same.
    expect(lookalikeKey('ŁUKASZ')).toBe(lookalikeKey('łukasz'));
    expect(lookalikeKey('Straße')).toBe(lookalikeKey('STRASSE'));
    expect(lookalikeKey('Józef')).toBe(lookalikeKey('Jo\u0301zef'));
  });

  it('is a function of the name key (the same name under nameKey has one look-alike key)', () => {
    for (const name of ['Łukasz', 'Straße', 'Анна', 'ΣΟΦΙΑ', 'İpek'])
      expect(lookalikeKey(nameKey(name))).toBe(lookalikeKey(name));
  });
});

describe('oneScript', () => {
  it('lets a name wholly in one script through, with digits, spaces and _ . -', () => {
    for (const name of [
      'Anna',
      'Łukasz 2',
      'Zażółć_gęślą',
      'Kaszëbë-Òla',
      'ãéëòôù',
      'Jürgen.Straße',
      'Анна',
      'Σοφία',
      '山田はな',
      '김민준',
      '王小明',
    ])
      expect(oneScript(name), name).toBe(true);
  });
  it('refuses a name that mixes scripts', () => {
    for (const name of ['Аnna', 'Lukaѕz', 'Anna Иванова', 'Σofia', 'Annaは']) expect(oneScript(name), name).toBe(false);
  });
});

describe('bot names', () => {
  it("the levels, a table bot's name, any name whose first word is Bot, and their look-alikes in any case are bots", () => {
    for (const name of [
      'basic',
      'BASIC',
      'Expert',
      'random',
      'rand0m',
      'expеrt',
      'Bot',
      'Bot Marta',
      'BOT Józef',
      'B0t Zenek',
    ])
      expect(isBotName(name), name).toBe(true);
    for (const name of ['basia', 'experta', 'Anna', 'Botek', 'Robot Marta']) expect(isBotName(name), name).toBe(false);
  });
});

describe('plainText: hidden controls out of every stored text', () => {
  it('takes out each bidi control and zero-width character, and nothing else', () => {
    for (const c of [...HIDDEN, ...MARKS]) expect(plainText(`An${c}na`), c.codePointAt(0)!.toString(16)).toBe('Anna');
    const kept = 'Zażółć gęślą jaźń — ãéëòôù äöüß Анна 山田 😀';
    expect(plainText(kept)).toBe(kept);
  });

  it('plainJson reaches every string of a value, keys too', () => {
    expect(plainJson({ [`a${RLO}`]: [`x${RLO}y`, 1, null, { n: `\u2066z\u2069` }] })).toEqual({
      a: ['xy', 1, null, { n: 'z' }],
    });
  });

  it('the request schemas strip them: names, chat, tournament name and players, pad names', () => {
    expect(GuestRequest.parse({ nickname: `\u200BAnna${RLO}` }).nickname).toBe('Anna');
    expect(CreateTournamentRequest.parse({ name: `Turniej${RLO}`, players: `Ola${RLO}\nJan\u200D` })).toMatchObject({
      name: 'Turniej',
      players: 'Ola\nJan',
    });
    expect(AddPlayersRequest.parse({ players: `\u2067Ola\u2069` }).players).toBe('Ola');
    expect(CreatePadRequest.parse({ names: [`A${RLO}`, 'B', 'C\u200F', 'D'] }).names).toEqual(['A', 'B', 'C', 'D']);
    const chat = ClientMessage.parse({ type: 'chat', table: 'abcdef', text: `dobrze${RLO}ćma\u200B!` });
    expect(chat).toMatchObject({ text: 'dobrzećma!' });
    // A name of hidden controls only is no name.
    expect(GuestRequest.safeParse({ nickname: `${RLO}\u200B` }).success).toBe(false);
  });
});
