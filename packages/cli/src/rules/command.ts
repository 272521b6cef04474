// `baska rules [PRESET]`, declared beside its handler.
import { PRESETS } from '@baska/engine';
import { Command } from 'commander';
import { type Exit, langOption, parseRulesOption } from '../options.js';
import type { Lang } from '../text.js';
import { rulesSummary } from './rules.js';

export function rulesCommand(exit: Exit): Command {
  return new Command('rules')
    .description("print a preset's options and a short summary: card order, games, score table")
    .argument('[preset]', `${PRESETS.join(', ')}, or a JSON rules object`, 'standard')
    .option('--json', 'print the complete options as JSON')
    .addOption(langOption())
    .addHelpText(
      'after',
      `\nExamples:\n  baska rules\n  baska rules kop --lang en\n  baska rules '{"preset":"standard","cardOrder":"asTrzyDychy"}' --json`,
    )
    .action((preset: string, opts: { json?: boolean; lang: Lang }) => {
      const rules = parseRulesOption(preset);
      process.stdout.write((opts.json ? JSON.stringify(rules, null, 2) : rulesSummary(rules, opts.lang)) + '\n');
      exit.code = 0;
    });
}
