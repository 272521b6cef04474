// A person's rights over what the server keeps of him (issue 35, "Accounts"): deleting his account,
// and downloading everything kept about him. docs/decisions/019-deleting-an-account.md.
import type { GameRecord, TableOfFiveRecord } from '@baska/engine';
import { z } from 'zod';

/** `DELETE /api/me`: the account's password, asked again, as for anything that cannot be undone. */
export const DeleteAccountRequest = z.object({ password: z.string().min(1).max(200) }).strict();

/**
 * What a deleted player is called wherever he was named: this label and a number, one per deleted
 * player of the same game or tournament (so two at one table stay apart; a number, not his id, so
 * his games cannot be joined to each other by it). No new name may look like it (names.ts).
 */
export const DELETED_LABEL = 'usunięty gracz';

/**
 * `GET /api/operator`: who runs this server and how to reach them, for the privacy page
 * (BASKA_OPERATOR_NAME, BASKA_OPERATOR_CONTACT); null where the operator gave none.
 */
export interface OperatorAnswer {
  name: string | null;
  contact: string | null;
}

/** `GET /api/me/data`: everything the server keeps about the player asking, as one JSON file. */
export interface MyDataAnswer {
  /** What this file is, and when it was made. */
  about: { server: 'baska'; made: string; format: 1 };
  /** His account; `email` is his confirmed address, if he gave one (decision 018). */
  account: { id: number; name: string; guest: boolean; createdAt: string; email: string | null };
  /** His sessions (the token's first characters only: the file must not be a key to the account). */
  sessions: { token: string; createdAt: string; usedAt: string | null }[];
  /** Each game he sat at: his seat and total, the table's settings, its record (complete deals only). */
  games: {
    id: string;
    status: string;
    createdAt: string;
    seat: number;
    total: number;
    deals: number;
    owner: boolean;
    settings: unknown;
    record: GameRecord | TableOfFiveRecord | null;
  }[];
  ratings: { family: string; mu: number; sigma: number; games: number; leftGames: number; updatedAt: string }[];
  ratingChanges: {
    game: string;
    family: string;
    seat: number;
    total: number;
    place: number;
    muBefore: number;
    sigmaBefore: number;
    mu: number;
    sigma: number;
    left: boolean;
    at: string;
  }[];
  /** Chat lines of his that the server keeps: those reported (the rest live in memory for a day at most). */
  chatLines: { table: string; line: unknown; at: string }[];
  /** Reports he filed: the line he reported (another's words, which he saw). */
  reportsFiled: { table: string; line: unknown; at: string }[];
  pads: { id: string; names: unknown; rules: unknown; createdAt: string; entries: unknown[] }[];
  /** Tournaments he directs, and those he joined (his entry in the file). */
  tournaments: { id: string; name: string; director: boolean; entry: unknown; createdAt: string }[];
  /** Rated tables at which his account and another connected from one address (the fair-play marks). */
  fairPlayMarks: { game: string; at: string }[];
}
