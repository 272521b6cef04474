// bench/cli: 100,000 random records of one deal each through one `baska score --jsonl` process.
// The issue asks for seconds, not minutes.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deal, SeededRng, dealMasks, makeRecord, randomInt, recordOfDeal, rulesOf } from '@baska/engine';

const BIN = fileURLToPath(new URL('../packages/cli/bin/baska.js', import.meta.url));

function records(n, seed) {
  const rng = new SeededRng(seed);
  const moves = new Uint8Array(64);
  const lines = [];
  for (let i = 0; i < n; i++) {
    const dealer = i & 3;
    const deal = Deal.of(rulesOf('standard'), dealer, dealMasks(rng, dealer));
    while (!deal.isComplete) {
      const count = deal.legalMovesInto(moves);
      const pass = deal.phase === 'auction' && moves[0] === 0 && (rng.nextUint32() & 3) !== 0;
      deal.applyMove(pass ? 0 : moves[randomInt(rng, count)]);
    }
    lines.push(makeRecord({ rules: 'standard', deals: [recordOfDeal(deal)] }));
  }
  return lines.join('\n') + '\n';
}

export function run(n = 100_000) {
  console.log(`bench/cli — ${n.toLocaleString('en')} one-deal records through one \`baska score --jsonl\` process`);
  const dir = mkdtempSync(join(tmpdir(), 'baska-bench-'));
  const file = join(dir, 'records.jsonl');
  const text = records(n, 1);
  writeFileSync(file, text);
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [BIN, 'score', '--jsonl', file], { maxBuffer: 1 << 30, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  rmSync(dir, { recursive: true });
  const lines = r.stdout.trimEnd().split('\n');
  const errors = lines.filter((l) => l.startsWith('{"error"')).length;
  if (r.status !== 0 || lines.length !== n || errors)
    throw new Error(`score --jsonl failed: exit ${r.status}, ${lines.length} lines, ${errors} errors`);
  console.log(
    `  ${seconds.toFixed(2)} s in all (process start included), ${Math.round(n / seconds).toLocaleString('en')} records/s, input ${(text.length / 1e6).toFixed(1)} MB`,
  );
  return { seconds };
}

if (import.meta.url === `file://${process.argv[1]}`) run();
