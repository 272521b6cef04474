// `baska verify` on records the real server wrote (decision 013): a guest's client says it
// contributes and adds a random contribution to each deal, as the web client does; the record the
// archive gives out verifies, and every tampering (a card moved, another seed, another
// contribution, the proof removed) is caught with its code and exit 1. The server signs what it
// publishes: each commitment as it is published and the record handed out, checked against the key
// it publishes; a forgery whose hashes all check (a seed made up, the hands dealt from it) is
// refused with --key.
import { spawnSync } from 'node:child_process';
import {
  createHash,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify as checkSignature,
} from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cardCode, commitmentStatement, fairHands, fairInput, recordStatement } from '@baska/engine';
import type { FairdealKeyAnswer, GameRecord, PublicEvent, ServerMessage, TableInfo } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, start, stopAll } from '../../server/test/harness.js';

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
    err: r.stderr,
  };
}

/** A file holding `text`, for --key. */
function saved(text: string, ext: string): string {
  const file = join(tmp, `${randomBytes(4).toString('hex')}.${ext}`);
  writeFileSync(file, text);
  return file;
}

const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');

/**
 * A forgery of deal 0 whose hashes all check: a seed made up, its commitment, and the hands the
 * engine deals from it and the record's contributions (the auction and the play dropped, so that
 * the record stays legal).
 */
function forged(record: GameRecord): GameRecord {
  const f = structuredClone(record);
  const deal = f.deals[0]!;
  const seed = sha256(`an invented seed ${randomBytes(8).toString('hex')}`);
  const contributions = deal.fair!.contributions;
  const hands = fairHands(sha256(fairInput(seed, contributions)), deal.dealer);
  deal.hands = hands.map((m) =>
    Array.from({ length: 16 }, (_, c) => c)
      .filter((c) => m & (1 << c))
      .map((c) => cardCode(c))
      .join(' '),
  ) as GameRecord['deals'][number]['hands'];
  deal.fair = { commitment: sha256(seed), seed, contributions };
  deal.auction = [];
  deal.play = [];
  f.deals.length = 1;
  delete f.signature;
  return f;
}

/** A two-deal table of `c` with random bots, joined, to whose deals `c` contributes. */
async function contributingTable(c: Client): Promise<string> {
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
  return id;
}

describe('baska verify', () => {
  it('accepts the deals a server dealt from its commitments and our contributions, and rejects tampered ones', async () => {
    const server = await start({ BASKA_CONTRIBUTION_MS: '5000' });
    const c = new Client(server.url);
    await c.guest('Weryfikator');
    const id = await contributingTable(c);
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

describe.each(DATABASES)('baska verify --key, on a server with $name', ({ env }) => {
  it('the published commitments and the record are signed by the published key; a forgery is refused', async () => {
    const server = await start({ ...env(), BASKA_CONTRIBUTION_MS: '5000' });
    const c = new Client(server.url);
    await c.guest('Podpisujący');
    const published = (await c.http('GET', '/api/fairdeal/key')).body as FairdealKeyAnswer;
    const key = createPublicKey(published.pem);
    // Its id is its RFC 7638 thumbprint, and the JWK is the same key.
    expect(published.key).toBe(
      createHash('sha256').update(`{"crv":"Ed25519","kty":"OKP","x":"${published.jwk.x}"}`).digest('base64url'),
    );
    expect(createPublicKey({ key: published.jwk, format: 'jwk' }).equals(key)).toBe(true);
    const pemFile = saved(await (await fetch(`${server.url}/api/fairdeal/key.pem`)).text(), 'pem');
    const jsonFile = saved(JSON.stringify(published), 'json');

    const id = await contributingTable(c);
    const committed: Extract<PublicEvent, { type: 'committed' }>[] = [];
    c.socket!.on('message', (m: ServerMessage) => {
      if (m.type === 'event' && m.event.type === 'committed') {
        committed.push(m.event);
        c.send({ type: 'contribute', table: id, deal: m.event.deal, value: randomBytes(16).toString('hex') });
      }
    });
    // The table's commit, as anyone at it reads it before the deal (it waits for our contribution), is signed.
    const started = await c.http('POST', `/api/tables/${id}/start`);
    const commit = (started.body.table as TableInfo).commit!;
    expect(commit.key).toBe(published.key);
    expect(
      checkSignature(
        null,
        Buffer.from(commitmentStatement(id, commit.deal, commit.commitment)),
        key,
        Buffer.from(commit.signature!, 'base64'),
      ),
    ).toBe(true);
    await autoplay(c, id, (m) => m.type === 'event' && m.event.type === 'finished');

    // Every commitment was signed as it was published, naming the table and the deal.
    expect(committed.length).toBeGreaterThanOrEqual(2);
    for (const e of committed) {
      expect(e.key).toBe(published.key);
      const text = Buffer.from(commitmentStatement(id, e.deal, e.commitment));
      expect(checkSignature(null, text, key, Buffer.from(e.signature!, 'base64'))).toBe(true);
      expect(
        checkSignature(
          null,
          Buffer.from(commitmentStatement(id, e.deal + 1, e.commitment)),
          key,
          Buffer.from(e.signature!, 'base64'),
        ),
      ).toBe(false);
    }

    // The record carries the very signatures published, and its own.
    const record = (await c.http('GET', `/api/games/${id}/record`)).body as GameRecord;
    expect(record.signature).toMatchObject({ key: published.key, table: id });
    record.deals.forEach((d, i) => expect(d.fair!.signature).toBe(committed.find((e) => e.deal === i + 1)!.signature));
    const whole = recordStatement(record as unknown as Record<string, unknown>);
    expect(checkSignature(null, Buffer.from(whole), key, Buffer.from(record.signature!.value, 'base64'))).toBe(true);

    // baska verify: valid with the published key (PEM or the route's JSON); not checked without it, and said so.
    for (const file of [pemFile, jsonFile])
      expect(verify(record, ['--key', file])).toMatchObject({
        code: 0,
        out: { verified: true, signature: 'valid', key: published.key },
      });
    const unchecked = verify(record);
    expect(unchecked).toMatchObject({ code: 0, out: { verified: true, signature: 'unchecked' } });
    expect(unchecked.err).toMatch(/nie sprawdzono podpisu/); // Polish unless --lang en

    // The forgery: every hash checks, so without the key it passes (as every record did before signing) ...
    const forgery = forged(record);
    const loose = verify(forgery);
    expect(loose).toMatchObject({ code: 0, out: { verified: true, signature: 'unsigned' } });
    expect(loose.err).toMatch(/nie jest podpisany/);
    // ... and with the key it is refused: unsigned, with the record's signatures copied, or signed by another key.
    const copied = {
      ...forgery,
      deals: [
        { ...forgery.deals[0]!, fair: { ...forgery.deals[0]!.fair!, signature: record.deals[0]!.fair!.signature } },
      ],
      signature: record.signature,
    };
    const other = generateKeyPairSync('ed25519');
    const otherId = createHash('sha256')
      .update(`{"crv":"Ed25519","kty":"OKP","x":"${other.publicKey.export({ format: 'jwk' }).x}"}`)
      .digest('base64url');
    const mine = { ...forgery, signature: { key: otherId, table: id, value: '' } };
    mine.signature.value = sign(null, Buffer.from(recordStatement(mine)), other.privateKey).toString('base64');
    // An authentic record changed after signing (marked as played with hints) is refused too.
    const changed = { ...record, hints: true };
    const refused = verify([forgery, copied, mine, changed].map((r) => JSON.stringify(r)).join('\n'), [
      '--jsonl',
      '--key',
      pemFile,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.lines.map((l) => JSON.parse(l) as unknown)).toMatchObject([
      { error: { code: 'ERR_UNSIGNED' } },
      { error: { code: 'ERR_SIGNATURE', deal: 0 } },
      { error: { code: 'ERR_SIGNATURE', message: expect.stringContaining('not by the key given') } },
      { error: { code: 'ERR_SIGNATURE', message: expect.stringContaining('changed') } },
    ]);

    // One's games as JSON lines are signed alike.
    const r = await fetch(`${server.url}/api/me/records`, { headers: { cookie: c.cookie } });
    const all = verify(await r.text(), ['--jsonl', '--key', jsonFile]);
    expect(all.code).toBe(0);
    expect(all.lines.map((l) => (JSON.parse(l) as { signature?: string }).signature)).toEqual(['valid']);
    c.close();
  }, 120_000);
});
