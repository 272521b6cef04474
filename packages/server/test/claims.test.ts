// Claims and hints at a real server process over real sockets, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL. A claim the rest of the play could still change is refused with
// ERR_CLAIM and changes nothing (the version, the view, the log); a sure one ends the deal, scored
// as the solver's line, and the record shows the claim. A table with hints says so, is never rated,
// and its game counts in no statistics.
import type { PlayerView, PublicEvent, ServerMessage } from '@baska/protocol';
import { parseRecord, loadRecord, scoreRecord } from '@baska/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { type Client, DATABASES, guestAtTable, start, stopAll, versionOf, viewOf } from './harness.js';

afterAll(stopAll);

const isEvent = (type: PublicEvent['type']) => (m: ServerMessage) => m.type === 'event' && m.event.type === type;

/** The latest view the client has and its version, once it is `ready` (waiting for the next message until then). */
async function latest(c: Client, ready: (v: PlayerView) => boolean): Promise<{ view: PlayerView; version: number }> {
  for (;;) {
    const m = c.messages.findLast((x) => viewOf(x) !== null);
    if (m && ready(viewOf(m)!)) return { view: viewOf(m)!, version: versionOf(m) };
    await c.next((x) => viewOf(x) !== null);
  }
}

for (const database of DATABASES) {
  describe(`claims and hints on ${database.name}`, () => {
    it('refuses an unsure claim with ERR_CLAIM and changes nothing; a sure one ends the deal as played out', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0', BASKA_TABLE_SEED: 'claims-1' });
      const { c, id } = await guestAtTable(server.url, 'Kaszub', 'basic', { hints: true, pauseSeconds: 0 });
      const info = (await c.http('GET', `/api/tables/${id}`)).body.table;
      expect(info.hints).toBe(true);
      expect((await c.http('POST', `/api/tables/${id}/start`)).status).toBe(200);

      // Play the first legal card or call; at each of our turns in the play, claim first.
      let view: PlayerView;
      let version: number;
      const claimTried: { atPlays: number; code: string | null }[] = [];
      for (let guard = 0; ; guard++) {
        expect(guard).toBeLessThan(40);
        ({ view, version } = await latest(c, (v) => v.toAct === v.seat || v.phase === 'complete'));
        if (view.phase === 'complete') break;
        const plays = view.tricks.length * 4 + (view.trick?.cards.length ?? 0);
        if (view.phase === 'play') {
          // Try a claim at each of our turns: refused until the result is settled, then accepted.
          const mark = c.mark();
          c.send({ type: 'act', table: id, version, action: 'claim' });
          const answer = await c.next((m) => m.type === 'error' || isEvent('claim')(m), 20_000, mark);
          if (answer.type === 'error') {
            expect(answer.code).toBe('ERR_CLAIM');
            claimTried.push({ atPlays: plays, code: answer.code });
            // Nothing changed: the same version, the same view.
            const snap = await rejoin(c, id);
            expect(snap.version).toBe(version);
            expect(snap.view).toEqual(view);
          } else {
            claimTried.push({ atPlays: plays, code: null });
            expect(answer.type === 'event' && answer.event).toMatchObject({ type: 'claim', seat: view.seat });
            const cards = answer.type === 'event' && answer.event.type === 'claim' ? answer.event.cards : [];
            expect(cards.length).toBe(16 - plays);
            view = viewOf(answer)!;
            break;
          }
        }
        const mark = c.mark();
        c.send({ type: 'act', table: id, version, action: view.legal[0]! });
        const m = await c.next((x) => (x.type === 'event' && x.version > version) || x.type === 'error', 20_000, mark);
        if (m.type === 'error') throw new Error(`${m.code}: ${m.message}`);
      }
      // Refused at least once (the first lead), accepted at last, and ended the deal.
      expect(claimTried.some((t) => t.code === 'ERR_CLAIM')).toBe(true);
      expect(claimTried.at(-1)!.code).toBeNull();
      expect(view.phase).toBe('complete');
      expect(view.claim).toEqual({ seat: view.seat, at: claimTried.at(-1)!.atPlays });

      // The record shows the claim and the hints; the command's scoring agrees with the table's.
      await c.next(isEvent('finished'));
      const record = (await c.http('GET', `/api/games/${id}/record`)).body;
      expect(record.hints).toBe(true);
      expect(record.deals[0].claim).toEqual(view.claim);
      expect(record.deals[0].play.length).toBe(16);
      const parsed = parseRecord(JSON.stringify(record));
      expect(parsed.ok).toBe(true);
      const loaded = loadRecord(record);
      if (!loaded.ok) throw new Error(loaded.error.message);
      const scored = scoreRecord(loaded.value);
      expect(scored.ok && scored.value.deals[0]!.scores).toEqual(view.score!.scores);

      // A game with hints counts in no statistics.
      const history = (await c.http('GET', '/api/me/games')).body;
      expect(history.games[0]).toMatchObject({ id, hints: true });
      expect(history.stats.games).toBe(0);
      expect(history.stats.deals).toBe(0);
    }, 120_000);

    it('refuses a claim outside the play, from a stale version, and hints on a rated table', async () => {
      const server = await start({ ...database.env(), BASKA_BOT_DELAY_MS: '0', BASKA_TABLE_SEED: 'claims-2' });
      const { c, id } = await guestAtTable(server.url, 'Kociewiak', 'random', { pauseSeconds: 0 });
      expect((await c.http('GET', `/api/tables/${id}`)).body.table.hints).toBe(false);
      expect((await c.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
      const { view } = await latest(c, (v) => v.toAct === v.seat);
      expect(view.phase).toBe('auction');
      const send = async (v: number) => {
        const mark = c.mark();
        c.send({ type: 'act', table: id, version: v, action: 'claim' });
        return (await c.next((m) => m.type === 'error', 20_000, mark)) as Extract<ServerMessage, { type: 'error' }>;
      };
      const now = (await rejoin(c, id)).version;
      expect((await send(now)).code).toBe('ERR_CLAIM');
      expect((await send(now - 1)).code).toBe('ERR_STALE');
      expect((await rejoin(c, id)).version).toBe(now);
      const rated = await c.http('POST', '/api/tables', { rated: true, hints: true });
      expect(rated.body.error.code).toMatch(/^ERR_RATED$/);
    }, 60_000);
  });
}

/** Join again: the table's snapshot as the server has it now. */
async function rejoin(c: Client, id: string): Promise<{ version: number; view: PlayerView | null }> {
  const mark = c.mark();
  c.send({ type: 'join', table: id });
  const snap = await c.next((m) => m.type === 'snapshot', 20_000, mark);
  return { version: versionOf(snap), view: viewOf(snap) };
}
