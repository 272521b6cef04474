// `baska rules [PRESET]`, declared beside its handler, with its help in Polish and English side by side.
import { PRESETS } from '@baska/engine';
import { Command } from 'commander';
import { type Exit, langOption, parseRulesOption } from '../options.js';
import type { Lang } from '../text.js';
import { rulesSummary } from './rules.js';

const HELP = {
  pl: {
    description: 'ustawienia zestawu zasad i krótkie podsumowanie: kolejność kart, gry, tabela wyników',
    preset: ['[zasady]', `${PRESETS.join(', ')} albo zasady jako obiekt JSON`],
    json: ['--json', 'wszystkie ustawienia jako JSON'],
    after: `\nPrzykłady:\n  baska rules\n  baska rules kop\n  baska rules '{"preset":"standard","cardOrder":"asTrzyDychy"}' --json`,
  },
  en: {
    description: "print a preset's options and a short summary: card order, games, score table",
    preset: ['[preset]', `${PRESETS.join(', ')}, or a JSON rules object`],
    json: ['--json', 'print the complete options as JSON'],
    after: `\nExamples:\n  baska rules --lang en\n  baska rules kop --lang en\n  baska rules '{"preset":"standard","cardOrder":"asTrzyDychy"}' --json`,
  },
} as const satisfies Record<Lang, unknown>;

export function rulesCommand(exit: Exit, lang: Lang): Command {
  const h = HELP[lang];
  return new Command('rules')
    .description(h.description)
    .argument(h.preset[0], h.preset[1], 'standard')
    .option(h.json[0], h.json[1])
    .addOption(langOption(lang))
    .addHelpText('after', h.after)
    .action((preset: string, opts: { json?: boolean; lang: Lang }) => {
      const rules = parseRulesOption(preset);
      process.stdout.write((opts.json ? JSON.stringify(rules, null, 2) : rulesSummary(rules, opts.lang)) + '\n');
      exit.code = 0;
    });
}
