// Claims and hints at a real server process over real sockets, on SQLite and (with
// BASKA_TEST_PG_URL) PostgreSQL. A claim is accepted exactly when the claimant's own view proves it
// (the check the browser makes before it offers the button); else ERR_CLAIM, and nothing changes
// (the version, the view, the log). Two deals the claimant cannot tell apart get the same answer,
// whatever the hidden cards. A sure claim ends the deal, scored as the solver's line, and the record
// shows it. A table with hints says so, is never rated, and its game counts in no statistics.
import type { PlayerView, PublicEvent, ServerMessage } from '@baska/protocol';
import { Deal, parseCards, parseRecord, loadRecord, rulesOf, scoreRecord } from '@baska/engine';
import { claimIsSure, claimSureForView } from '@baska/ai';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, autoplay, guestAtTable, start, stopAll, versionOf, viewOf } from './harness.js';

afterAll(stopAll);

const isEvent = (type: PublicEvent['type']) => (m: ServerMessage) => m.type === 'event' && m.event.type === type;

/**
 * The latest view the client has and its version, once it is `ready` and at least `version`
 * (waiting for the next message until then).
 */
async function latest(
  c: Client,
  ready: (v: PlayerView) => boolean,
  version = 0,
): Promise<{ view: PlayerView; version: number }> {
  for (;;) {
    const m = c.messages.findLast((x) => viewOf(x) !== null);
    if (m && versionOf(m) >= version && ready(viewOf(m)!)) return { view: viewOf(m)!, version: versionOf(m) };
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

      // Play the first legal card or call; at each of our turns in the play, claim first: the server
      // accepts exactly the claims the client's own check (the browser's) offers.
      let view: PlayerView;
      let version: number;
      const claimTried: { atPlays: number; code: string | null }[] = [];
      for (let guard = 0; ; guard++) {
        expect(guard).toBeLessThan(40);
        ({ view, version } = await latest(c, (v) => v.toAct === v.seat || v.phase === 'complete'));
        if (view.phase === 'complete') break;
        const plays = view.tricks.length * 4 + (view.trick?.cards.length ?? 0);
        if (view.phase === 'play') {
          // Try a claim at each of our turns: refused until the view proves it, then accepted.
          const offered = claimSureForView(view) === true;
          const mark = c.mark();
          c.send({ type: 'act', table: id, version, action: 'claim' });
          const answer = await c.next((m) => m.type === 'error' || isEvent('claim')(m), 20_000, mark);
          expect(answer.type === 'event').toBe(offered);
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
      // The claim's event and the game's end come together: look for the end from the first message on.
      await c.next(isEvent('finished'), 20_000, 0);
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
      // A registered player (who may create rated tables) is refused too, for the hints.
      const member = new Client(server.url);
      expect(
        (await member.http('POST', '/api/register', { name: 'Pomorzanka', password: 'kaszuby-1234' })).status,
      ).toBe(200);
      const withHints = await member.http('POST', '/api/tables', { rated: true, hints: true });
      expect([withHints.status, withHints.body.error.code]).toEqual([409, 'ERR_RATED']);
      expect(withHints.body.error.message).toMatch(/hints/);
      const listed = (await member.http('GET', '/api/tables')).body.tables as { owner: string }[];
      expect(listed.filter((t) => t.owner === 'Pomorzanka')).toEqual([]);
      const ratedOnly = await member.http('POST', '/api/tables', { rated: true, deals: 8 });
      expect([ratedOnly.status, ratedOnly.body.table?.rated]).toEqual([200, true]);
    }, 60_000);
  });
}

// Two seeds whose first deals look the same to seat 0 through the first trick (standard rules,
// dealer 0, four passes; trick 1 As Js Qc Th from seat 1): his hand is Tc Th Jh Qd in
// both, but the hidden cards differ, and on the true hands the rest is settled in one and not in
// the other (the test checks both facts on the records). Found by a search over seeds.
const LOOKALIKES = { sure: 'claim-view-24181', unsure: 'claim-view-59992' };
const TRICK_1 = ['As', 'Js', 'Qc', 'Th'];

/**
 * Four guests at a table on a server of its own seeded with `seed`; everyone passes, seat 0 claims at
 * the first lead, the first trick is played, seat 0 claims again. The answers, seat 0's view after
 * the trick, and the first deal's hands and play from the record once the table has played out.
 */
async function claimAtLookalike(seed: string) {
  const server = await start({ BASKA_BOT_DELAY_MS: '0', BASKA_TABLE_SEED: seed });
  const players = ['Ania', 'Bartek', 'Celina', 'Dawid'].map(() => new Client(server.url));
  await Promise.all(players.map((p, i) => p.guest(['Ania', 'Bartek', 'Celina', 'Dawid'][i]!)));
  const created = await players[0]!.http('POST', '/api/tables', {
    seat: 0,
    secondsPerMove: 600,
    deals: 1,
    pauseSeconds: 0,
  });
  const id = created.body.table.id as string;
  for (const [seat, p] of players.entries()) {
    if (seat > 0) expect((await p.http('POST', `/api/tables/${id}/sit`, { seat })).status).toBe(200);
    await p.connect();
    const from = p.mark();
    p.send({ type: 'join', table: id });
    await p.next((m) => m.type === 'snapshot', 20_000, from);
  }
  const [owner] = players as [Client];
  expect((await owner.http('POST', `/api/tables/${id}/start`)).status).toBe(200);
  let known = 0; // the table's version after the last answer: each player waits until he has seen it
  /** Seat `seat` sends `action` against the latest version; the server's answer to it. */
  const act = async (seat: number, action: string) => {
    const p = players[seat]!;
    const { version } = await latest(p, () => true, known);
    const mark = p.mark();
    p.send({ type: 'act', table: id, version, action });
    const m = await p.next((x) => x.type === 'error' || (x.type === 'event' && x.version > version), 20_000, mark);
    known = Math.max(known, versionOf(m));
    return m;
  };
  const answers: string[] = [];
  const claim = async () => {
    const m = await act(0, 'claim');
    answers.push(m.type === 'error' ? `${m.code}: ${m.message}` : 'accepted');
    return m.type === 'error';
  };
  for (let i = 0; i < 4; i++) {
    const { view } = await latest(owner, () => true, known);
    expect((await act(view.toAct!, 'pass')).type).toBe('event');
  }
  if (await claim()) {
    for (const [i, card] of TRICK_1.entries()) expect((await act((1 + i) & 3, card)).type).toBe('event');
    await claim();
  }
  const { view } = await latest(owner, () => true, known);
  // Then the table plays out (everyone's first legal card) so that its record shows the hands; seat 0
  // joins again first, as autoplay starts from the last message and his is the refusal.
  const from = owner.mark();
  owner.send({ type: 'join', table: id });
  await owner.next((m) => m.type === 'snapshot', 20_000, from);
  await Promise.all(players.map((p) => p.messages.some(isEvent('finished')) || autoplay(p, id, isEvent('finished'))));
  const record = (await owner.http('GET', `/api/games/${id}/record`)).body;
  return { answers, view, deal: record.deals[0] as { dealer: number; hands: string[]; play: string[] } };
}

describe('a claim answered from the claimant’s view alone (SQLite)', () => {
  it('gives the same answer in two deals he cannot tell apart, sure on the true hands in one of them only', async () => {
    const sure = await claimAtLookalike(LOOKALIKES.sure);
    const unsure = await claimAtLookalike(LOOKALIKES.unsure);
    // The server answered the same, at the first lead and after the trick.
    expect(sure.answers).toEqual(unsure.answers);
    expect(sure.answers[0]).toMatch(/^ERR_CLAIM: too early to prove/);
    expect(sure.answers[1]).toMatch(/^ERR_CLAIM: your view does not prove it/);
    // The true hands differ, and settle the rest after the first trick in one deal only.
    expect(sure.deal.hands[0]).toBe(unsure.deal.hands[0]);
    expect(sure.deal.hands).not.toEqual(unsure.deal.hands);
    const afterTrick1 = (d: typeof sure.deal) => {
      const deal = Deal.of(
        rulesOf('standard'),
        d.dealer,
        d.hands.map((h) => parseCards(h)!),
      );
      for (const move of ['pass', 'pass', 'pass', 'pass', ...d.play.slice(0, 4)])
        expect(deal.apply(move).ok).toBe(true);
      return deal;
    };
    expect(sure.deal.play.slice(0, 4)).toEqual(TRICK_1);
    expect(unsure.deal.play.slice(0, 4)).toEqual(TRICK_1);
    expect(claimIsSure(afterTrick1(sure.deal))).toBe(true);
    expect(claimIsSure(afterTrick1(unsure.deal))).toBe(false);
    // Seat 0 saw the same in both, after the first trick.
    expect([sure.view.tricks.length, sure.view.trick]).toEqual([1, null]);
    expect(sure.view).toEqual(unsure.view);
  }, 120_000);
});

/** Join again: the table's snapshot as the server has it now. */
async function rejoin(c: Client, id: string): Promise<{ version: number; view: PlayerView | null }> {
  const mark = c.mark();
  c.send({ type: 'join', table: id });
  const snap = await c.next((m) => m.type === 'snapshot', 20_000, mark);
  return { version: versionOf(snap), view: viewOf(snap) };
}
