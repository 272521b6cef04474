// `baska verify` on records the real server wrote (decision 013): a guest's client says it
// contributes and adds a random contribution to each deal, as the web client does; the record the
// archive gives out verifies, and every tampering (a card moved, another seed, another
// contribution, the proof removed) is caught with its code and exit 1.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GameRecord, ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, autoplay, start, stopAll } from '../../server/test/harness.js';

afterAll(stopAll);

const BIN = fileURLToPath(new URL('../bin/baska.js', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'baska-verify-'));

function verify(record: unknown, args: string[] = []) {
  const file = join(tmp, `${randomBytes(4).toString('hex')}.json`);
  writeFileSync(file, typeof record === 'string' ? record : JSON.stringify(record));
  const r = spawnSync(process.execPath, [BIN, 'verify', ...args, file], { encoding: 'utf8', timeout: 60_000 });
  return {
    code: r.status,
    out: JSON.parse(r.stdout.trim().split('\n')[0]!) as Record<string, unknown>,
    lines: r.stdout.trim().split('\n'),
  };
}

describe('baska verify', () => {
  it('accepts the deals a server dealt from its commitments and our contributions, and rejects tampered ones', async () => {
    const server = await start({ BASKA_CONTRIBUTION_MS: '5000' });
    const c = new Client(server.url);
    await c.guest('Weryfikator');
    const created = await c.http('POST', '/api/tables', {
      bots: 'random',
      deals: 2,
      pauseSeconds: 0,
      secondsPerMove: 600,
    });
    const id = created.body.table.id as string;
    await c.connect();
    c.send({ type: 'join', table: id });
    c.send({ type: 'contributes', table: id });
    await c.next((m) => m.type === 'snapshot', 20_000, 0);
    // The client's contribution to each deal, sent when the commitment comes.
    const given: string[] = [];
    c.socket!.on('message', (m: ServerMessage) => {
      if (m.type === 'event' && m.event.type === 'committed') {
        const value = randomBytes(16).toString('hex');
        given.push(value);
        c.send({ type: 'contribute', table: id, deal: m.event.deal, value });
      }
    });
    await c.http('POST', `/api/tables/${id}/start`);
    await autoplay(c, id, (m) => m.type === 'event' && m.event.type === 'finished');
    const record = (await c.http('GET', `/api/games/${id}/record`)).body as GameRecord;
    expect(record.deals.length).toBeGreaterThanOrEqual(2);
    // Our contributions are in the proofs, at our seat, deal by deal.
    expect(record.deals.map((d) => d.fair!.contributions[0])).toEqual(given.slice(0, record.deals.length));

    const honest = verify(record);
    expect(honest.code).toBe(0);
    expect(honest.out).toMatchObject({ verified: true });

    const copy = () => structuredClone(record);
    const moved = copy();
    const [h0, h1] = [moved.deals[1]!.hands[0].split(' '), moved.deals[1]!.hands[1].split(' ')];
    // The first card of seat 0 and of seat 1 change places; play is dropped so the record stays legal.
    [h0[0], h1[0]] = [h1[0]!, h0[0]!];
    moved.deals[1]!.hands[0] = h0.join(' ');
    moved.deals[1]!.hands[1] = h1.join(' ');
    moved.deals[1]!.auction = [];
    moved.deals[1]!.play = [];
    moved.deals.length = 2;
    expect(verify(moved)).toMatchObject({ code: 1, out: { error: { code: 'ERR_HANDS', deal: 1 } } });

    const seed = copy();
    seed.deals[0]!.fair!.seed = seed.deals[0]!.fair!.seed.replace(/.$/, (ch) => (ch === '0' ? '1' : '0'));
    expect(verify(seed)).toMatchObject({ code: 1, out: { error: { code: 'ERR_COMMITMENT', deal: 0 } } });

    const contribution = copy();
    contribution.deals[0]!.fair!.contributions[0] = 'ff'.repeat(16);
    expect(verify(contribution)).toMatchObject({ code: 1, out: { error: { code: 'ERR_HANDS', deal: 0 } } });

    const bare = copy();
    delete bare.deals[0]!.fair;
    expect(verify(bare)).toMatchObject({ code: 1, out: { error: { code: 'ERR_NO_PROOF', deal: 0 } } });

    // One's games as JSON lines (the profile's download) verify line by line.
    const r = await fetch(`${server.url}/api/me/records`, { headers: { cookie: c.cookie } });
    const lines = await r.text();
    const all = verify(lines, ['--jsonl']);
    expect(all.code).toBe(0);
    expect(all.lines.map((l) => (JSON.parse(l) as { verified?: boolean }).verified)).toEqual([true]);
    c.close();
  }, 120_000);
});
