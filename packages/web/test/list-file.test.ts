// A director's list of players from a file: UTF-8 as it is, and a Polish spreadsheet's Windows-1250
// read with its letters (it came out as "Brz�czyszczykiewicz").
import { describe, expect, it } from 'vitest';
import { decodeList } from '../src/ui/tournament/list-file.js';

const LIST = 'Lp.;Imię i nazwisko\r\n1;Grzegorz Brzęczyszczykiewicz\r\n2;Halina Żuraw\r\n3;Świętopełk Łęcki\r\n';

describe('a list of players from a file', () => {
  it('reads UTF-8, with or without a BOM', () => {
    const utf8 = new TextEncoder().encode(LIST);
    expect(decodeList(utf8)).toBe(LIST);
    expect(decodeList(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe(LIST);
  });

  it('reads a spreadsheet’s Windows-1250 with its Polish letters', () => {
    // Windows-1250 bytes of the list, by the code page's table (ę = 0xEA, Ż = 0xAF, Ś = 0x8C, Ł = 0xA3…).
    const cp1250: Record<string, number> = { ę: 0xea, Ż: 0xaf, Ś: 0x8c, Ł: 0xa3, ł: 0xb3, ś: 0x9c, ó: 0xf3 };
    const bytes = Uint8Array.from([...LIST].map((ch) => cp1250[ch] ?? ch.charCodeAt(0)));
    expect(decodeList(bytes)).toBe(LIST);
  });
});
