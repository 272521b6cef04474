// Verifiable deals in the server's core (decision 013), in memory: the commitment comes before the
// cards; a deal waits for the contributions of the clients that give them (and no longer than the
// wait); the cards are those the engine's scheme shuffles from the seed and the contributions; the
// seed stays hidden until the deal is over, then the record and the score sheet reveal it; a bad
// contribution is refused and changes nothing; with the server's key, each commitment is signed as
// it is published.
import { createHash, createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { commitmentStatement, fairHands, fairInput, parseRecord, verifyFair, viewFor } from '@baska/engine';
import type { PublicEvent } from '@baska/protocol';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { GameError } from '../src/errors.js';
import { ServerKey } from '../src/fairdeal/key.js';
import { Games } from '../src/games.js';
import { MemoryStorage } from '../src/storage-memory.js';

const OPTS = { botDelayMs: 0, botThreads: 0, graceMs: 60_000, standIn: 'basic' as const, contributionMs: 60_000 };
const ANIA = { id: 7, name: 'Ania' };
const BARTEK = { id: 8, name: 'Bartek' };
const sha256 = (t: string) => createHash('sha256').update(t).digest('hex');
const open: Games[] = [];
afterEach(async () => {
  for (const g of open.splice(0)) await g.close();
});

async function table(contributionMs = OPTS.contributionMs, signer?: ServerKey) {
  const storage = new MemoryStorage();
  const games = new Games(storage, pino({ level: 'silent' }), { ...OPTS, contributionMs, ...(signer && { signer }) });
  open.push(games);
  const told: PublicEvent[] = [];
  games.listener = (_room, event) => told.push(event);
  const contributing = new Set<number>([ANIA.id, BARTEK.id]);
  games.contributors = () => contributing;
  const room = await games.create(ANIA, {
    preset: 'standard',
    options: {},
    stake: 0,
    secondsPerMove: 600,
    pauseSeconds: 0,
    public: true,
    deals: 1,
    seat: 0,
  });
  await games.sit(room.id, BARTEK, 1);
  await games.addBot(room.id, ANIA, 2, 'random');
  await games.addBot(room.id, ANIA, 3, 'random');
  told.length = 0; // the seats taken; what follows the start is what is checked
  return { games, storage, told, id: room.id, contributing };
}

describe('verifiable deals', () => {
  it('commits, waits for both contributions, deals what the scheme shuffles, and reveals the seed after the deal', async () => {
    const { games, told, id } = await table();
    await games.start(id, ANIA);
    const room = games.cached(id)!;
    // Committed, not dealt: the deal waits for the two people whose clients contribute.
    expect(told.map((e) => e.type)).toEqual(['started', 'committed']);
    const info = room.info();
    expect(info.commit).toEqual({
      deal: 1,
      commitment: room.pending!.commitment,
      contributed: [],
      seats: [0, 1, 2, 3],
    });
    expect(JSON.stringify(info)).not.toContain(room.pending!.seed); // the seed is the server's alone
    expect(room.pending!.commitment).toBe(sha256(room.pending!.seed));

    // Bad contributions change nothing.
    const refused = async (p: Promise<unknown>, code: string) => {
      const v = games.cached(id)!.version;
      await expect(p).rejects.toSatisfy((e) => e instanceof GameError && e.code === code);
      expect(games.cached(id)!.version).toBe(v);
    };
    await refused(games.contribute(id, { id: 99 }, 1, 'ab'.repeat(16)), 'ERR_NOT_SEATED');
    await refused(games.contribute(id, ANIA, 2, 'ab'.repeat(16)), 'ERR_STALE');
    await games.contribute(id, ANIA, 1, 'ab'.repeat(16));
    await refused(games.contribute(id, ANIA, 1, 'cd'.repeat(16)), 'ERR_STALE');
    expect(games.cached(id)!.deal).toBeNull();
    await games.contribute(id, BARTEK, 1, '0123456789abcdef');
    const dealt = games.cached(id)!;
    expect(told.map((e) => e.type)).toEqual(['started', 'committed', 'contributed', 'contributed', 'deal']);
    const proof = dealt.proof!;
    expect(proof.contributions).toEqual(['ab'.repeat(16), '0123456789abcdef', null, null]);
    const digest = sha256(fairInput(proof.seed, proof.contributions));
    expect(Array.from(dealt.deal!.dealt)).toEqual(fairHands(digest, dealt.deal!.dealer));
    // In play, nothing shows the seed: not the table, not the record.
    expect(JSON.stringify(dealt.info())).not.toContain(proof.seed);
    expect(JSON.stringify(await games.record(dealt))).not.toContain(proof.seed);

    // Play the deal out (seats 0 and 1 by their first legal move); then the seed is revealed.
    while (games.cached(id)!.status !== 'finished') {
      const r = games.cached(id)!;
      const d = r.deal!;
      const player = d.toAct === 0 ? ANIA : d.toAct === 1 ? BARTEK : null;
      if (!d.isComplete && player) await games.act(id, player, r.version, viewFor(d, d.toAct).legal[0]!);
      else await new Promise((res) => setTimeout(res, 1));
    }
    const end = games.cached(id)!;
    expect(end.info().sheet[0]!.fair).toEqual(proof);
    const record = parseRecord(JSON.stringify(await games.record(end)));
    if (!record.ok) throw new Error(record.error.message);
    const deal = end.table!.deals[0]!;
    expect(record.value.deals[0]!.fair).toEqual(proof);
    expect(await verifyFair(proof, deal.dealer, Array.from(deal.dealt))).toEqual({ ok: true });
    // Tampered: another seed, another contribution, or other hands are caught.
    expect(
      await verifyFair(
        { ...proof, seed: proof.seed.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
        deal.dealer,
        Array.from(deal.dealt),
      ),
    ).toEqual({ ok: false, reason: 'commitment' });
    expect(
      await verifyFair(
        { ...proof, contributions: [...proof.contributions.slice(0, 3), 'ff'] },
        deal.dealer,
        Array.from(deal.dealt),
      ),
    ).toEqual({ ok: false, reason: 'hands' });
    const swapped = Array.from(deal.dealt);
    [swapped[0], swapped[1]] = [swapped[1]!, swapped[0]!];
    expect(await verifyFair(proof, deal.dealer, swapped)).toEqual({ ok: false, reason: 'hands' });
  });

  it("signs each commitment as it is published, naming the table and the deal, under the server's key", async () => {
    const key = new ServerKey(generateKeyPairSync('ed25519').privateKey);
    const { games, told, id } = await table(OPTS.contributionMs, key);
    await games.start(id, ANIA);
    const room = games.cached(id)!;
    const event = told.find((e) => e.type === 'committed')!;
    const good = (deal: number, signature: string) =>
      verify(
        null,
        Buffer.from(commitmentStatement(id, deal, room.pending!.commitment)),
        createPublicKey(key.publicPem),
        Buffer.from(signature, 'base64'),
      );
    expect(event).toMatchObject({ deal: 1, key: key.key });
    expect(good(1, (event as { signature: string }).signature)).toBe(true);
    expect(good(2, (event as { signature: string }).signature)).toBe(false); // not another deal's
    // The table's description and the lobby carry the same signature.
    expect(room.info().commit).toMatchObject({ key: key.key, signature: (event as { signature: string }).signature });
    expect((await games.list()).find((t) => t.id === id)!.commit).toEqual(room.info().commit);
  });

  it('deals without the contributions that do not come within the wait, and at once when no client contributes', async () => {
    const slow = await table(300);
    await slow.games.start(slow.id, ANIA);
    await slow.games.contribute(slow.id, BARTEK, 1, 'feedfacefeedface');
    expect(slow.games.cached(slow.id)!.deal).toBeNull();
    await new Promise((r) => setTimeout(r, 600));
    const room = slow.games.cached(slow.id)!;
    expect(room.deal).not.toBeNull();
    expect(room.proof!.contributions).toEqual([null, 'feedfacefeedface', null, null]);

    const quiet = await table();
    quiet.contributing.clear();
    await quiet.games.start(quiet.id, ANIA);
    expect(quiet.told.map((e) => e.type)).toEqual(['started', 'committed', 'deal']);
    expect(quiet.games.cached(quiet.id)!.proof!.contributions).toEqual([null, null, null, null]);
  });
});
