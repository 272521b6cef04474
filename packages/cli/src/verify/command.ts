// `baska verify`: check a record's verifiable deals (decision 013), declared beside its handler.
import { Command } from 'commander';
import type { Exit } from '../options.js';
import { runVerify } from './verify.js';

export const verifyCommand = (exit: Exit): Command =>
  new Command('verify')
    .description(
      "check that each deal of a record came from the server's committed seed and the players' contributions",
    )
    .argument('[file]', 'the record (JSON); standard input when absent or -')
    .option('--jsonl', 'one record per line in (as the server gives one’s games), one verdict per line out')
    .addHelpText(
      'after',
      `
Examples:
  baska verify game.json
  baska verify --jsonl my-games.jsonl

A verified record prints {"verified": true, "deals": [...]} and exits 0. A deal that fails prints
{"error": {"code": "ERR_COMMITMENT" | "ERR_HANDS" | "ERR_NO_PROOF", "message": "...", "deal": N}}
and exits 1 (docs/spec/records.md).`,
    )
    .action(async (file: string | undefined, opts: { jsonl?: boolean }) => {
      exit.code = await runVerify(file, Boolean(opts.jsonl));
    });
