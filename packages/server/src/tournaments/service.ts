// The director's actions on a tournament, each through the core (@baska/tournament) and written with
// its event: create or import, players in and out (roster.ts), draw, reseat, start a round, protocol rows,
// corrections. Only the director changes a tournament; a refusal is a coded error and changes nothing.
import { randomBytes } from 'node:crypto';
import {
  type CreateTournament,
  type ErrorDetail,
  type TournamentClock,
  type TournamentMode,
  plainJson,
} from '@baska/protocol';
import {
  type TableSize,
  type Tournament,
  type TournamentFile,
  checkTournament,
  drawInto,
  isComplete,
  parsePlayers,
  parseTournament,
  verifyDuplicate,
  withDeals,
} from '@baska/tournament';
import type { Db } from '../db.js';
import { GameError } from '../errors.js';
import { drawDuplicate, revealWhenComplete } from './duplicate.js';
import { DIRECTOR, confirmDeal, correctDeal, enterDeal, fixDeal, hallCodes, issuePhone, rejectDeal } from './hall.js';
import { must } from './must.js';
import { lateEntries, selfEntry, withdrawal } from './roster.js';
import { type Actor, type Change, DuplicateEntry, type Stored, TournamentStore, emptyState } from './store.js';

export { must } from './must.js';

const check = (file: TournamentFile): Tournament => must(checkTournament(file));

/**
 * Round `round` while it is still being played: its table furthest behind (fewest deals of its
 * own number), and how many others have not finished. Null when every table is complete.
 */
export function stillPlaying(t: Tournament, round: number): Extract<ErrorDetail, { why: 'round-playing' }> | null {
  const open = (t.file.rounds[round - 1]?.tables ?? [])
    .filter((x) => !isComplete(x, t.format))
    .map((x) => ({ table: x.table, played: x.protocol.length, of: t.format.deals[x.players.length as TableSize] }));
  if (!open.length) return null;
  const behind = open.reduce((a, b) => (b.of - b.played > a.of - a.played ? b : a));
  return { why: 'round-playing', round, ...behind, others: open.length - 1 };
}

/** Online rounds: the server's games for a round's tables (online.ts). */
export interface RoundGames {
  start(s: Stored, round: number, bots: boolean): Promise<Record<string, string>>;
}

export class Tournaments {
  readonly store: TournamentStore;
  /** One change at a time per tournament in this process (the version check covers the others). */
  private readonly locks = new Map<string, Promise<unknown>>();
  games: RoundGames | null = null;

  constructor(db: Db) {
    this.store = new TournamentStore(db);
  }

  load(id: string): Promise<Stored> {
    return this.store.load(id);
  }

  async create(director: Actor, req: CreateTournament): Promise<string> {
    const players = req.players?.trim() ? must(parsePlayers(req.players, await this.store.playersOf(director.id))) : [];
    const t = check({
      name: req.name,
      format: req.format,
      rules: req.rules as TournamentFile['rules'],
      seed: randomBytes(12).toString('base64url'),
      players,
      rounds: [],
    });
    const clock = req.mode === 'online' ? req.clock : undefined;
    return this.store.create(director, req.mode, t, { ...emptyState(), ...(clock && { clock }) }, 'created', {
      name: req.name,
      format: req.format,
      rules: req.rules,
      mode: req.mode,
      players,
      ...(clock && { clock }),
    });
  }

  /** A tournament from its file: its drawn rounds count as started, so their protocols can go on. */
  async import(director: Actor, text: string, mode: TournamentMode, clock?: TournamentClock): Promise<string> {
    // Its texts without hidden controls (@baska/protocol's plainText), wherever in the file they sit.
    const t = check(plainJson(must(parseTournament(text)).file));
    must(await verifyDuplicate(t)); // a duplicate round's revealed seed must hash to its commitment
    if (!t.file.name?.trim()) t.file.name = 'Turniej';
    const online = mode === 'online' ? clock : undefined;
    const state = { ...emptyState(), started: t.file.rounds.length, ...(online && { clock: online }) };
    return this.store.create(director, mode, t, state, 'imported', {
      rounds: t.file.rounds.length,
      ...(online && { clock: online }),
    });
  }

  /** Run `make` on the tournament as it is now and write what it returns, one change at a time. */
  change(
    id: string,
    actor: Actor,
    make: (s: Stored) => Change | null | Promise<Change | null>,
    opts: { director?: boolean; entry?: string } = {},
  ): Promise<Stored> {
    const run = async (): Promise<Stored> => {
      const s = await this.store.load(id);
      if (opts.director !== false && s.directorId !== actor.id)
        throw new GameError('ERR_NOT_DIRECTOR', 'only the tournament’s director may change it');
      if (opts.entry && (await this.store.hasEntry(id, opts.entry))) return s; // sent again: written once
      const change = await make(s);
      if (!change) return s; // nothing to write
      try {
        await this.store.write(s, change, actor, opts.entry);
      } catch (e) {
        if (e instanceof DuplicateEntry) return this.store.load(id);
        throw e;
      }
      return this.store.load(id);
    };
    const before = this.locks.get(id) ?? Promise.resolve();
    const next = before.then(run, run);
    const settled = next.catch(() => {});
    this.locks.set(id, settled);
    void settled.then(() => this.locks.get(id) === settled && this.locks.delete(id));
    return next;
  }

  /** Late entries: added before a round starts, they play from it (roster.ts). */
  async addPlayers(id: string, actor: Actor, text: string) {
    const earlier = await this.store.playersOf(actor.id);
    return this.change(id, actor, (s) => lateEntries(s, text, earlier));
  }

  /** A withdrawal before a round starts: he plays no round from it on, and keeps those he played (roster.ts). */
  withdraw(id: string, actor: Actor, player: string) {
    return this.change(id, actor, (s) => withdrawal(s, player));
  }

  /** Draw a round (again, until it starts); `duplicate`: online, every table dealt the same deals (duplicate.ts). */
  draw(id: string, actor: Actor, round: number, duplicate = false) {
    return this.change(id, actor, (s) => {
      if (round <= s.state.started)
        throw new GameError('ERR_ROUND', `round ${round} has started: it is not drawn again`, {
          why: 'round-started',
          round,
        });
      const state = structuredClone(s.state);
      delete state.duplicate[round]; // a round drawn again draws its seed again, or none
      const drawn = duplicate ? drawDuplicate(s, round) : { t: must(drawInto(s.t, round)) };
      if ('secret' in drawn) state.duplicate[round] = drawn.secret;
      const tables = drawn.t.file.rounds[round - 1]!.tables.map((x) => x.players);
      // In the hall each table has its code from the draw on, so the seating list printed before the
      // round starts carries it (and its QR code); a table drawn again keeps its code.
      const codes = s.mode === 'hall' ? hallCodes(s, drawn.t, round) : [];
      for (const c of codes) state.hall[`${round}:${c.table}`] = { code: c.code, deals: [] };
      // The event is public: it holds the commitment, never the seed.
      const body = { round, tables, ...('commitment' in drawn && { duplicate: drawn.commitment }) };
      return { kind: 'drawn', body, t: drawn.t, state, ...(codes.length ? { codes } : {}) };
    });
  }

  /** Swap two players of a drawn round that has not started (a table that must change, by hand). */
  reseat(id: string, actor: Actor, round: number, a: string, b: string) {
    return this.change(id, actor, (s) => {
      const r = s.t.file.rounds[round - 1];
      if (!r) throw new GameError('ERR_ROUND', `round ${round} is not drawn`, { why: 'round-not-drawn', round });
      if (round <= s.state.started)
        throw new GameError('ERR_ROUND', `round ${round} has started: its seats are fixed`, {
          why: 'round-started',
          round,
        });
      if (a === b) throw new GameError('ERR_PLAYERS', 'a player swaps with another player');
      const file = structuredClone(s.t.file);
      const seats = file.rounds[round - 1]!.tables.map((t) => t.players);
      const find = (p: string) => {
        for (const [ti, players] of seats.entries()) {
          const i = players.indexOf(p);
          if (i >= 0) return [ti, i] as const;
        }
        throw new GameError('ERR_PLAYERS', `no player "${p}" in round ${round}`);
      };
      const [ta, sa] = find(a);
      const [tb, sb] = find(b);
      seats[ta]![sa] = b;
      seats[tb]![sb] = a;
      return { kind: 'reseated', body: { round, a, b }, t: check(file) };
    });
  }

  /** Start the next round: drawn, the one before complete; online, its games are created. */
  start(id: string, actor: Actor, round: number, bots: boolean) {
    return this.change(id, actor, async (s) => {
      if (round !== s.state.started + 1)
        throw new GameError('ERR_ROUND', `round ${s.state.started + 1} is the next to start, not ${round}`, {
          why: 'round-next',
          round: s.state.started + 1,
        });
      if (!s.t.file.rounds[round - 1])
        throw new GameError('ERR_ROUND', `round ${round} is not drawn yet`, { why: 'round-not-drawn', round });
      const playing = stillPlaying(s.t, round - 1);
      if (playing)
        throw new GameError(
          'ERR_ROUND',
          `round ${round - 1} is being played: table ${playing.table} has played ${playing.played} of ${playing.of} deals`,
          playing,
        );
      const state = structuredClone(s.state);
      state.started = round;
      if (bots) state.bots.push(round);
      let codes: Change['codes'];
      if (s.mode === 'hall') {
        // Drawn before this server gave codes at the draw: its tables get theirs now.
        codes = hallCodes(s, s.t, round);
        for (const c of codes) state.hall[`${round}:${c.table}`] = { code: c.code, deals: [] };
      }
      if (s.mode === 'online') {
        if (!this.games) throw new GameError('ERR_INTERNAL', 'online rounds are not available on this server');
        Object.assign(state.games, await this.games.start(s, round, bots));
      }
      return { kind: 'started', body: { round, bots }, state, ...(codes ? { codes } : {}) };
    });
  }

  /**
   * A deal's row for a table of a started round (the director's entry). `entry` is the sender's id
   * for it: the same id again is written once.
   */
  addRow(id: string, actor: Actor, round: number, table: number, row: (number | null)[], entry: string) {
    return this.change(
      id,
      actor,
      (s) => {
        if (round > s.state.started)
          throw new GameError('ERR_ROUND', `round ${round} has not started`, { why: 'round-not-started', round });
        // An online table's rows are its game's deals, by number (online.ts): a typed row would take a deal's place.
        if (s.state.games[`${round}:${table}`])
          throw new GameError(
            'ERR_ROUND',
            `table ${table} plays online: its deals come from its game; correct them instead`,
          );
        if (s.state.hall[`${round}:${table}`]?.deals.length)
          throw new GameError('ERR_ROUND', `table ${table} enters its deals on its phone: confirm or correct them`);
        const t = must(withDeals(s.t, round, table, [row]));
        const deal = t.file.rounds[round - 1]!.tables[table - 1]!.protocol.length - 1;
        return { kind: 'row', body: { round, table, deal, row }, t };
      },
      { entry },
    );
  }

  /**
   * The director's correction of an entry; the event keeps the row it replaced. A deal a hall table's
   * phones entered is corrected as they entered it, in words or small points (hall.ts); a row the
   * director typed, or an online table's, as small points.
   */
  correct(
    id: string,
    actor: Actor,
    round: number,
    table: number,
    deal: number,
    fix: { row?: (number | null)[]; tie?: boolean; words?: unknown },
    reason: string,
  ) {
    return this.change(id, actor, (s) => {
      const target = s.t.file.rounds[round - 1]?.tables[table - 1];
      if (!target) throw new GameError('ERR_ROUND', `round ${round} has no table ${table}`);
      const was = target.protocol[deal];
      if (!was) throw new GameError('ERR_PROTOCOL', `table ${table} of round ${round} has no deal ${deal + 1} yet`);
      if (s.state.hall[`${round}:${table}`]?.deals.length)
        return correctDeal(
          s,
          round,
          table,
          deal,
          fix.words !== undefined ? { words: fix.words } : { scores: fix.row!, ...(fix.tie ? { tie: true } : {}) },
          reason,
        );
      // Rows typed by the director or played online: no words, and no bok-rounds worked out from a tie.
      if (fix.words !== undefined || fix.tie)
        throw new GameError(
          'ERR_ENTRY',
          `table ${table}'s deals were not entered on its phone: correct its row as small points`,
        );
      const row = fix.row!;
      const file = structuredClone(s.t.file);
      file.rounds[round - 1]!.tables[table - 1]!.protocol[deal] = row;
      return { kind: 'corrected', body: { round, table, deal, was, row, reason }, t: check(file) };
    });
  }

  /**
   * The rows an online table has scored so far (all of them, in order): those not yet in the
   * protocol are appended, so a repeated or late call writes each deal once.
   */
  syncPlayed(id: string, round: number, table: number, rows: (number | null)[][], bokDeals: number[]) {
    const server = { id: 0, name: 'serwer' };
    return this.change(
      id,
      server,
      (s) => {
        const have = s.t.file.rounds[round - 1]?.tables[table - 1]?.protocol.length ?? 0;
        const fresh = rows.slice(have);
        if (!fresh.length) return null;
        const bok = bokDeals.filter((d) => d >= have).map((d) => d - have);
        // The last table of a duplicate round to finish reveals the round's seed in the same change.
        const t = revealWhenComplete(s, must(withDeals(s.t, round, table, fresh, bok)), round);
        return { kind: 'played', body: { round, table, from: have, rows: fresh }, t };
      },
      { director: false },
    );
  }

  /** A signed-in player enters an online tournament himself, before the next round is drawn (roster.ts). */
  join(id: string, player: Actor & { guest: boolean }) {
    return this.change(id, player, (s) => selfEntry(s, player), { director: false });
  }

  /** The table a hall code opens. */
  async byCode(code: string) {
    const at = code ? await this.store.byCode(code) : null;
    if (!at) throw new GameError('ERR_NOT_FOUND', 'no table has this code');
    return at;
  }

  /** A new phone for the table a hall code opens: its token (which only this answer carries) and number. */
  async hallPhone(code: string): Promise<{ device: string; phone: number }> {
    const at = await this.byCode(code);
    let issued = { device: '', phone: 0 };
    await this.change(
      at.id,
      { id: 0, name: `stolik ${at.table}` },
      (s) => {
        const { token, change } = issuePhone(s, at.round, at.table);
        issued = { device: token, phone: Number((change.body as { device: string }).device) };
        return change;
      },
      { director: false },
    );
    return issued;
  }

  /** A deal entered on a table's phone (`entry.id` makes a resend write it once). */
  async hallEnter(code: string, device: string, entry: Record<string, unknown> & { id: string }) {
    const at = await this.byCode(code);
    return this.change(
      at.id,
      { id: 0, name: `stolik ${at.table}` },
      (s) => enterDeal(s, at.round, at.table, device, entry),
      {
        director: false,
        entry: entry.id,
      },
    );
  }

  /** A second phone at the table confirms a deal. */
  async hallConfirm(code: string, device: string, deal: number) {
    const at = await this.byCode(code);
    return this.change(
      at.id,
      { id: 0, name: `stolik ${at.table}` },
      (s) => confirmDeal(s, at.round, at.table, deal, { token: device }),
      {
        director: false,
      },
    );
  }

  /** A second phone at the table disagrees with a deal: the table enters it again. */
  async hallReject(code: string, device: string, id: string) {
    const at = await this.byCode(code);
    return this.change(
      at.id,
      { id: 0, name: `stolik ${at.table}` },
      (s) => rejectDeal(s, at.round, at.table, id, device),
      { director: false },
    );
  }

  /** A deal sent back, entered again by a phone of the table (`entry.id` makes a resend write it once). */
  async hallFix(code: string, device: string, fixes: string, entry: Record<string, unknown> & { id: string }) {
    const at = await this.byCode(code);
    return this.change(
      at.id,
      { id: 0, name: `stolik ${at.table}` },
      (s) => fixDeal(s, at.round, at.table, device, fixes, entry),
      { director: false, entry: entry.id },
    );
  }

  /** The director confirms a deal entered at a table. */
  directorConfirm(id: string, actor: Actor, round: number, table: number, deal: number) {
    return this.change(id, actor, (s) => confirmDeal(s, round, table, deal, DIRECTOR));
  }
}
