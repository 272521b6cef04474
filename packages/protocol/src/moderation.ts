// Moderators (issue 35, "Moderators"): an administrator, granted on the server's machine
// (`baska-server grant-admin NAME`), makes accounts moderators; a moderator mutes and bans, with a
// reason the player is shown, for a time or for good. Every such act is kept in an audit log.
import { z } from 'zod';
import type { ChatLine } from './index.js';
import { plainText } from './text.js';

/** What an account may do beyond playing: an administrator also names moderators. */
export const ROLES = ['admin', 'moderator'] as const;
export type Role = (typeof ROLES)[number];

/** A registered player's name, as a moderator types it. */
const Name = z.string().trim().min(1).max(40);
/** Why: the player is shown it (a ban, a mute), the audit log keeps it. */
const Reason = z
  .string()
  .max(300)
  .transform((s) => plainText(s).trim())
  .pipe(z.string().min(3));

/** `POST /api/mod/roles` (an administrator): `role` null takes the moderator's role away. */
export const RoleRequest = z.object({ name: Name, role: z.literal('moderator').nullable(), reason: Reason }).strict();

/** A sanction's kinds: a muted player cannot chat; a banned one cannot log in, sit, join or chat. */
export const SANCTIONS = ['mute', 'ban'] as const;
export type SanctionKind = (typeof SANCTIONS)[number];

/** `POST /api/mod/sanctions`: `minutes` null is for good (at most a year otherwise). */
export const SanctionRequest = z
  .object({
    name: Name,
    kind: z.enum(SANCTIONS),
    reason: Reason,
    minutes: z
      .number()
      .int()
      .min(1)
      .max(366 * 24 * 60)
      .nullable(),
  })
  .strict();

/** `POST /api/mod/lift`: a mute or a ban ended early. */
export const LiftRequest = z.object({ name: Name, kind: z.enum(SANCTIONS), reason: Reason }).strict();

/** A mute or a ban standing now. */
export interface Sanction {
  kind: SanctionKind;
  reason: string;
  /** ISO time; null: for good. */
  until: string | null;
  at: string;
}

/** One moderator's act as the audit log keeps it (who, when, what, why). */
export interface AuditEntry {
  id: number;
  at: string;
  /** Null: from the server's machine (`baska-server grant-admin`). */
  by: { id: number; name: string } | null;
  /** 'grant-admin', 'grant-moderator', 'revoke-moderator', 'mute', 'ban', 'lift-mute', 'lift-ban', 'close-table'. */
  action: string;
  /** The player acted on (a deleted one's label), or null. */
  target: { id: number; name: string } | null;
  reason: string;
  /** What else the act named: a ban's end, a table. */
  detail: string | null;
}

/** `GET /api/mod/audit`: the newest first. */
export interface AuditAnswer {
  entries: AuditEntry[];
}

/** `GET /api/mod/me`: the roles of the asking player (none: an empty list). */
export interface RolesAnswer {
  roles: Role[];
}

/** A registration from an address a banned player connected from, for the moderators. */
export interface EvasionMark {
  player: { id: number; name: string };
  banned: { id: number; name: string };
  at: string;
}

/** `GET /api/mod/marks`. */
export interface MarksAnswer {
  marks: EvasionMark[];
}

/** `GET /api/mod/reports`: the chat lines players reported, newest first. */
export interface ReportsAnswer {
  reports: {
    table: string;
    line: ChatLine;
    at: string;
    author: { id: number; name: string };
    reporter: { id: number; name: string };
  }[];
}

/** `GET /api/mod/players/:name`: a registered player for the moderators. */
export interface ModPlayerAnswer {
  player: { id: number; name: string };
  /** His recent chat lines still kept, oldest first (at most 50). */
  chat: { table: string; line: ChatLine }[];
  /** The rated tables where he shared an address with others (fair play), newest first. */
  fairPlay: { table: string; players: number[][]; at: string }[];
  mute: Sanction | null;
  ban: Sanction | null;
}
