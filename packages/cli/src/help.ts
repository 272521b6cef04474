// The words commander says itself — help headings, the help and version options, the help command,
// the hint after an error and its usage errors — in the language of --lang. The language is read
// from the arguments before commander parses them (langOfArgv), so that `baska play --help` is in
// Polish, the default, and `baska play --help --lang en` in English. LANG and LC_ALL are not
// consulted: the command speaks Polish unless told otherwise, and its help speaks the language of
// the output it describes.
import { type Argument, type Command, Help, type HelpConfiguration, type Option } from 'commander';
import type { Lang } from './text.js';

/** The language of `--lang X` or `--lang=X` in the arguments (the last one given), Polish without. */
export function langOfArgv(args: readonly string[]): Lang {
  let lang: Lang = 'pl';
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') break;
    const value = arg === '--lang' ? args[i + 1] : arg.startsWith('--lang=') ? arg.slice('--lang='.length) : undefined;
    if (value === 'pl' || value === 'en') lang = value;
  }
  return lang;
}

const WORDS = {
  pl: {
    help: 'pokaż pomoc',
    version: 'wypisz wersję',
    helpCommand: 'help [polecenie]',
    helpCommandDescription: 'pokaż pomoc polecenia',
    afterError: '(--help pokaże, jak go używać)',
  },
  en: {
    help: 'show help',
    version: 'print the version',
    helpCommand: 'help [command]',
    helpCommandDescription: 'show help for a command',
    afterError: '(run with --help for usage)',
  },
} satisfies Record<Lang, Record<string, string>>;

export const commanderWords = (lang: Lang) => WORDS[lang];

const TITLES: Record<string, string> = {
  'Usage:': 'Użycie:',
  'Options:': 'Opcje:',
  'Arguments:': 'Argumenty:',
  'Commands:': 'Polecenia:',
  'Global Options:': 'Opcje ogólne:',
};
const USAGE_WORDS: Record<string, string> = { '[options]': '[opcje]', '[command]': '[polecenie]' };
const usageWords = (text: string) =>
  text
    .split(' ')
    .map((word) => USAGE_WORDS[word] ?? word)
    .join(' ');

/** What an option or argument takes and what it defaults to, in Polish: (do wyboru: …; domyślnie: …). */
function polishExtra(description: string, choices: readonly string[] | undefined, shownDefault: string | undefined) {
  const extra = [
    ...(choices ? [`do wyboru: ${choices.map((c) => JSON.stringify(c)).join(', ')}`] : []),
    ...(shownDefault !== undefined ? [`domyślnie: ${shownDefault}`] : []),
  ];
  return extra.length ? `${description} (${extra.join('; ')})`.trimStart() : description;
}

/** Commander's help in Polish: its headings, usage words and the notes on choices and defaults. */
function polishHelp(): HelpConfiguration {
  return {
    styleTitle: (title: string) => TITLES[title] ?? title,
    styleUsage(this: Help, usage: string) {
      return Help.prototype.styleUsage.call(this, usageWords(usage));
    },
    styleSubcommandTerm(this: Help, term: string) {
      return Help.prototype.styleSubcommandTerm.call(this, usageWords(term));
    },
    optionDescription(option: Option) {
      // As commander: a default is shown for an option that takes a value, or a boolean's own.
      const shown =
        option.required || option.optional || (option.isBoolean() && typeof option.defaultValue === 'boolean');
      const value =
        option.defaultValue !== undefined && shown
          ? option.defaultValueDescription || JSON.stringify(option.defaultValue)
          : undefined;
      return polishExtra(option.description, option.argChoices, value);
    },
    argumentDescription(argument: Argument) {
      const value =
        argument.defaultValue !== undefined
          ? argument.defaultValueDescription || JSON.stringify(argument.defaultValue)
          : undefined;
      return polishExtra(argument.description, argument.argChoices, value);
    },
  };
}

/** Commander's own usage errors, in Polish; a message it has no pattern for stays as it is. */
const POLISH_ERRORS: [RegExp, (...parts: string[]) => string][] = [
  [/^error: unknown option '(.*)'$/, (o) => `błąd: nieznana opcja '${o}'`],
  [/^error: unknown command '(.*)'$/, (c) => `błąd: nieznane polecenie '${c}'`],
  [/^error: required option '(.*)' not specified$/, (o) => `błąd: brak wymaganej opcji '${o}'`],
  [/^error: missing required argument '(.*)'$/, (a) => `błąd: brak wymaganego argumentu '${a}'`],
  [/^error: option '(.*)' argument missing$/, (o) => `błąd: opcja '${o}' wymaga wartości`],
  [
    /^error: option '(.*?)' argument '(.*)' is invalid\.(.*)$/,
    (o, v, why) => `błąd: opcja '${o}': niewłaściwa wartość '${v}'.${choicesInPolish(why!)}`,
  ],
  [
    /^error: command-argument value '(.*)' is invalid for argument '(.*?)'\.(.*)$/,
    (v, a, why) => `błąd: argument '${a}': niewłaściwa wartość '${v}'.${choicesInPolish(why!)}`,
  ],
  [
    /^error: too many arguments(?: for '(.*)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
    (c, expected, got) =>
      `błąd: za dużo argumentów${c ? ` polecenia '${c}'` : ''}: oczekiwano najwyżej ${expected}, podano ${got}.`,
  ],
  [
    /^\(Did you mean (one of )?(.*)\?\)$/,
    (oneOf, s) => `(Czy chodziło o ${oneOf ? s!.replace(/, ([^,]*)$/, ' albo $1') : s}?)`,
  ],
];
const choicesInPolish = (why: string) => why.replace(/^ Allowed choices are (.*)\.$/, ' Do wyboru: $1.');

/** A message commander writes to standard error, in the language asked for. */
export function commanderError(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  return text
    .split('\n')
    .map((line) => {
      for (const [pattern, say] of POLISH_ERRORS) {
        const m = pattern.exec(line);
        if (m) return say(...m.slice(1).map((part) => part ?? ''));
      }
      return line;
    })
    .join('\n');
}

/**
 * The program's help, version and error words in `lang`; its subcommands take them over with
 * copyInheritedSettings.
 */
export function speak(program: Command, lang: Lang): Command {
  const w = WORDS[lang];
  return program
    .helpOption('-h, --help', w.help)
    .helpCommand(w.helpCommand, w.helpCommandDescription)
    .configureHelp(lang === 'pl' ? polishHelp() : {})
    .configureOutput({ outputError: (text, write) => write(commanderError(text, lang)) })
    .showHelpAfterError(w.afterError);
}
