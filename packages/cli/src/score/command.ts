// `baska score` and `baska legal`: the machine interface of docs/spec/records.md, declared beside
// its handler, with their help in Polish and English side by side. The output is JSON in both
// languages; --lang changes the help and the messages.
import { Command } from 'commander';
import { type Exit, langOption } from '../options.js';
import type { Lang } from '../text.js';
import { runMachine } from './machine.js';

type Job = 'score' | 'legal';

const HELP = {
  pl: {
    score: 'wynik zapisanej gry: każde rozdanie, sumy i rozdania bok-rundy, które zostały do rozegrania',
    legal: 'co może się teraz zdarzyć w zapisanej grze: dozwolone zapowiedzi albo karty, albo "complete"',
    file: ['[plik]', 'zapis gry (JSON); bez niego albo z - czytany ze standardowego wejścia'],
    jsonl: [
      '--jsonl',
      'jeden zapis w wierszu na wejściu, jeden wynik w wierszu na wyjściu; zły wiersz daje wiersz z błędem',
    ],
    after: (job: Job) => `
Przykłady:
  baska ${job} gra.json
  baska ${job} - < gra.json
  baska ${job} --jsonl zapisy.jsonl > wyniki.jsonl

Wynik i błędy jak w docs/spec/records.md (JSON, po angielsku w obu językach), np.
  {"error": {"code": "ERR_ILLEGAL_CARD", "message": "...", "deal": 0, "at": "play[6]"}}`,
  },
  en: {
    score: 'score a record: every deal, the totals, and the bok-round deals still owed',
    legal: 'list what may happen next in a record: the legal calls or cards, or "complete"',
    file: ['[file]', 'the record (JSON); standard input when absent or -'],
    jsonl: ['--jsonl', 'one record per line in, one result per line out; a bad line gives an error line'],
    after: (job: Job) => `
Examples:
  baska ${job} game.json
  baska ${job} - < game.json
  baska ${job} --jsonl records.jsonl > results.jsonl

Output and errors follow docs/spec/records.md, e.g.
  {"error": {"code": "ERR_ILLEGAL_CARD", "message": "...", "deal": 0, "at": "play[6]"}}`,
  },
} as const satisfies Record<Lang, unknown>;

function machineCommand(job: Job, exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  return new Command(job)
    .description(h[job])
    .argument(h.file[0], h.file[1])
    .option(h.jsonl[0], h.jsonl[1])
    .addOption(langOption(lang, true))
    .addHelpText('after', h.after(job))
    .action(async (file: string | undefined, opts: { jsonl?: boolean }) => {
      exit.code = await runMachine(job, file, Boolean(opts.jsonl));
    });
}

export const scoreCommand = (exit: Exit, lang: Lang): Command => machineCommand('score', exit, lang);
export const legalCommand = (exit: Exit, lang: Lang): Command => machineCommand('legal', exit, lang);
