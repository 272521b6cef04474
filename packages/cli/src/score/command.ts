// `baska score` and `baska legal`: the machine interface of docs/spec/records.md, declared beside
// its handler.
import { Command } from 'commander';
import type { Exit } from '../options.js';
import { runMachine } from './machine.js';

type Job = 'score' | 'legal';

function machineCommand(job: Job, exit: Exit): Command {
  return new Command(job)
    .description(
      job === 'score'
        ? 'score a record: every deal, the totals, and the bok-round deals still owed'
        : 'list what may happen next in a record: the legal calls or cards, or "complete"',
    )
    .argument('[file]', 'the record (JSON); standard input when absent or -')
    .option('--jsonl', 'one record per line in, one result per line out; a bad line gives an error line')
    .addHelpText(
      'after',
      `
Examples:
  baska ${job} game.json
  baska ${job} - < game.json
  baska ${job} --jsonl records.jsonl > results.jsonl

Output and errors follow docs/spec/records.md, e.g.
  {"error": {"code": "ERR_ILLEGAL_CARD", "message": "...", "deal": 0, "at": "play[6]"}}`,
    )
    .action(async (file: string | undefined, opts: { jsonl?: boolean }) => {
      exit.code = await runMachine(job, file, Boolean(opts.jsonl));
    });
}

export const scoreCommand = (exit: Exit): Command => machineCommand('score', exit);
export const legalCommand = (exit: Exit): Command => machineCommand('legal', exit);
