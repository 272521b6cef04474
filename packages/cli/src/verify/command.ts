// `baska verify`: check a record's verifiable deals (decision 013), declared beside its handler,
// with its help in Polish and English side by side.
import { Command } from 'commander';
import { type Exit, langOption } from '../options.js';
import type { Lang } from '../text.js';
import { readServerKey } from './key.js';
import { runVerify } from './verify.js';

const HELP = {
  pl: {
    description:
      'sprawdź, czy każde rozdanie zapisu gry pochodzi z ziarna, które serwer zapowiedział, i z wkładów graczy',
    file: ['[plik]', 'zapis gry (JSON); bez niego albo z - czytany ze standardowego wejścia'],
    jsonl: [
      '--jsonl',
      'jeden zapis w wierszu na wejściu (jak serwer wydaje gry gracza), jeden werdykt w wierszu na wyjściu',
    ],
    key: [
      '--key <plik>',
      'klucz publiczny serwera (PEM albo JSON z GET /api/fairdeal/key): zapis musi być nim podpisany',
    ],
    after: `
Przykłady:
  baska verify --key klucz-serwera.pem gra.json
  baska verify --jsonl --key klucz-serwera.pem moje-gry.jsonl
  baska verify gra.json              tylko skróty: podpis nie jest sprawdzany

Sprawdzony zapis wypisuje {"verified": true, "deals": [...], "signature": "valid" | "unchecked" |
"unsigned"} i kończy się kodem 0; bez --key standardowe wyjście błędów mówi, że podpisu nie
sprawdzono. Zapis, który nie przechodzi, wypisuje {"error": {"code": "ERR_COMMITMENT" | "ERR_HANDS" |
"ERR_NO_PROOF" | "ERR_UNSIGNED" | "ERR_SIGNATURE", "message": "...", "deal": N}} i kończy się kodem 1
(docs/spec/records.md; JSON po angielsku w obu językach).`,
  },
  en: {
    description:
      "check that each deal of a record came from the server's committed seed and the players' contributions",
    file: ['[file]', 'the record (JSON); standard input when absent or -'],
    jsonl: ['--jsonl', 'one record per line in (as the server gives one’s games), one verdict per line out'],
    key: [
      '--key <file>',
      "the server's public key (PEM, or the JSON of GET /api/fairdeal/key): the record must be signed by it",
    ],
    after: `
Examples:
  baska verify --key server-key.pem game.json
  baska verify --jsonl --key server-key.pem my-games.jsonl
  baska verify game.json              the hashes only: the signature is not checked

A verified record prints {"verified": true, "deals": [...], "signature": "valid" | "unchecked" |
"unsigned"} and exits 0; without --key standard error says that the signature was not checked. A
record that fails prints {"error": {"code": "ERR_COMMITMENT" | "ERR_HANDS" | "ERR_NO_PROOF" |
"ERR_UNSIGNED" | "ERR_SIGNATURE", "message": "...", "deal": N}} and exits 1 (docs/spec/records.md).`,
  },
} as const satisfies Record<Lang, unknown>;

export const verifyCommand = (exit: Exit, lang: Lang): Command => {
  const h = HELP[lang];
  return new Command('verify')
    .description(h.description)
    .argument(h.file[0], h.file[1])
    .option(h.jsonl[0], h.jsonl[1])
    .option(h.key[0], h.key[1])
    .addOption(langOption(lang, true))
    .addHelpText('after', h.after)
    .action(async (file: string | undefined, opts: { jsonl?: boolean; key?: string; lang: Lang }) => {
      exit.code = await runVerify(
        file,
        Boolean(opts.jsonl),
        opts.key === undefined ? null : readServerKey(opts.key),
        opts.lang,
      );
    });
};
