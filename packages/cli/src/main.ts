// The baska command: records in, scores and legal moves out (docs/spec/records.md), a game in the
// terminal, simulations, and the rules of each preset. Each command is declared in its own folder,
// beside its handler; this module only builds the program and sets the exit-code policy.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { analyzeCommand } from './analyze/command.js';
import { arenaCommand } from './arena/command.js';
import { commanderWords, langOfArgv, speak } from './help.js';
import { UsageError } from './io.js';
import { type Exit, langOption } from './options.js';
import { playCommand } from './play/command.js';
import { rulesCommand } from './rules/command.js';
import { legalCommand, scoreCommand } from './score/command.js';
import { simulateCommand } from './simulate/command.js';
import type { Lang } from './text.js';
import { tournamentCommand } from './tournament/command.js';
import { verifyCommand } from './verify/command.js';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** The commands, in the order `baska --help` lists them. */
const COMMANDS: ((exit: Exit, lang: Lang) => Command)[] = [
  scoreCommand,
  legalCommand,
  playCommand,
  simulateCommand,
  analyzeCommand,
  arenaCommand,
  rulesCommand,
  tournamentCommand,
  verifyCommand,
];

/**
 * An added command, and each of its own subcommands (`baska tournament draw`), does not inherit the
 * program's settings (help option, exit override) by itself.
 */
function inheritSettings(parent: Command): void {
  for (const sub of parent.commands) {
    sub.copyInheritedSettings(parent);
    inheritSettings(sub);
  }
}

/** The program's own words; each command keeps its own beside it. */
const HELP = {
  pl: {
    description:
      'Baśka i Kop, kaszubska gra w karty: sprawdzanie i liczenie zapisów gier, gra w terminalu, symulacje, analiza.',
    after: `
Przykłady:
  baska play                          gra w terminalu przeciw trzem graczom komputerowym
  baska score gra.json                wynik zapisanej gry (docs/spec/records.md)
  baska legal < gra.json              co może się teraz zdarzyć w zapisanej grze
  cat wiele.jsonl | baska score --jsonl
  baska simulate --deals 10000 --seed 7 --out rozdania.jsonl
  baska rules kop
  baska analyze gra.json --seat 1     czy mogłem wygrać? każda decyzja gracza 1, oceniona dokładnie
  baska analyze --hand "A♥ 10♥ D♣ D♠" --dealer 1 --seat 2
  baska arena --bots expert,basic --deals 1000 --report arena.md
  baska verify gra.json               czy rozdania serwera pochodzą z ziaren, które zapowiedział

Każde polecenie ma swoją pomoc (--help). Domyślnie wszystko jest po polsku; z --lang en po angielsku, pomoc też.

Kody wyjścia: 0 w porządku; 1 zapis odrzucony (jego błąd wypisany jako JSON); 2 błąd użycia.`,
  },
  en: {
    description: 'Baśka and Kop, the Kashubian card game: check and score game records, play, simulate, analyse.',
    after: `
Examples:
  baska play                          a game in the terminal against three computer players
  baska score game.json               score a record (docs/spec/records.md)
  baska legal < game.json             what may happen next in a record
  cat many.jsonl | baska score --jsonl
  baska simulate --deals 10000 --seed 7 --out deals.jsonl
  baska rules kop
  baska analyze game.json --seat 1    could I have won? every decision of seat 1, valued exactly
  baska analyze --hand "Ah Th Qc Qs" --dealer 1 --seat 2
  baska arena --bots expert,basic --deals 1000 --report arena.md
  baska verify game.json              check that the server's deals came from its committed seeds

Every command has --help. The command speaks Polish by default; --lang en for English (the help too).

Exit codes: 0 fine; 1 a record was rejected (its error is printed as JSON); 2 usage error.`,
  },
};

function build(exit: Exit, lang: Lang): Command {
  const program = speak(
    new Command('baska')
      .description(HELP[lang].description)
      .version(VERSION, '-V, --version', commanderWords(lang).version)
      // The program's options stand before a command's name, the command's after it: both may be --lang.
      .enablePositionalOptions()
      .addOption(langOption(lang))
      .exitOverride(),
    lang,
  ).addHelpText('after', HELP[lang].after);
  for (const command of COMMANDS) program.addCommand(command(exit, lang));
  inheritSettings(program);
  return program;
}

/** Run the command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  // A reader that goes away (`baska score --jsonl big.jsonl | head`) ends the command quietly, as
  // command-line tools do, instead of with a stack trace.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
  const exit: Exit = { code: 0 };
  const lang = langOfArgv(argv.slice(2));
  const program = build(exit, lang);
  try {
    await program.parseAsync(argv);
    return exit.code;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2; // help and version exit 0; usage errors 2
    if (e instanceof UsageError) {
      process.stderr.write(`baska: ${e.text[lang]}\n`);
      return 2;
    }
    throw e;
  }
}
