// `baska verify`: check a record's verifiable deals (decision 013), declared beside its handler.
import { Command } from 'commander';
import type { Exit } from '../options.js';
import { readServerKey } from './key.js';
import { runVerify } from './verify.js';

export const verifyCommand = (exit: Exit): Command =>
  new Command('verify')
    .description(
      "check that each deal of a record came from the server's committed seed and the players' contributions",
    )
    .argument('[file]', 'the record (JSON); standard input when absent or -')
    .option('--jsonl', 'one record per line in (as the server gives one’s games), one verdict per line out')
    .option(
      '--key <file>',
      "the server's public key (PEM, or the JSON of GET /api/fairdeal/key): the record must be signed by it",
    )
    .addHelpText(
      'after',
      `
Examples:
  baska verify --key server-key.pem game.json
  baska verify --jsonl --key server-key.pem my-games.jsonl
  baska verify game.json              the hashes only: the signature is not checked

A verified record prints {"verified": true, "deals": [...], "signature": "valid" | "unchecked" |
"unsigned"} and exits 0; without --key standard error says that the signature was not checked. A
record that fails prints {"error": {"code": "ERR_COMMITMENT" | "ERR_HANDS" | "ERR_NO_PROOF" |
"ERR_UNSIGNED" | "ERR_SIGNATURE", "message": "...", "deal": N}} and exits 1 (docs/spec/records.md).`,
    )
    .action(async (file: string | undefined, opts: { jsonl?: boolean; key?: string }) => {
      exit.code = await runVerify(file, Boolean(opts.jsonl), opts.key === undefined ? null : readServerKey(opts.key));
    });
