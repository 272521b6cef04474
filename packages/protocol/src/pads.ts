// Score pads on the server (/api/pads): a signed-in player's pads for games with real cards, and the
// read-only view anyone with the link may watch. The deal's words and typed points inside an entry
// are checked by @baska/tournament's entry module (its codes: ERR_ENTRY, ERR_SUM, ERR_OFFENCE,
// ERR_PAD, ERR_RULES); here only the envelope.
import { PRESETS, type RulesSpec } from '@baska/engine';
import { z } from 'zod';
import { plainText } from './text.js';

/** A client-made id (the idempotency key of an entry): 8 to 64 letters, digits, - or _. */
export const EntryId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '8 to 64 letters, digits, - or _');

/** POST /api/pads */
export const CreatePadRequest = z
  .object({
    names: z.array(z.string().max(200).transform(plainText)).min(4).max(5),
    preset: z.enum(PRESETS).default('standard'),
    options: z.record(z.unknown()).default({}),
    firstDealer: z.number().int().min(0).max(4).default(0),
    /** Groszy per point. */
    stake: z.number().int().min(0).max(100_000).default(0),
  })
  .strict();

/** POST /api/pads/:id/entries: `{id, words}` or `{id, scores, tie?}`. */
export const PadEntryRequest = z
  .object({ id: EntryId, words: z.unknown().optional(), scores: z.unknown().optional(), tie: z.unknown().optional() })
  .strict();

/** POST /api/pads/:id/undo: the id of the last deal, so that an undo sent twice takes back one deal. */
export const PadUndoRequest = z.object({ entry: EntryId }).strict();

/** A row of a pad as everyone sees it. */
export interface PadRowView {
  /** The entry's id. */
  id: string;
  scores: (number | null)[];
  typed: boolean;
  contract: string | null;
  old: number[];
  winner: 'old' | 'young' | null;
  grade: 1 | 2 | 3 | null;
  counted: number;
  value: number;
  bokRound: boolean;
  tie: boolean;
  offence: { seat: number; kind: string; tookRest?: boolean } | null;
}

/** GET /api/pads/:id, and the answer to every change. No part of a pad is hidden: it is the table's own sheet. */
export interface PadView {
  id: string;
  names: string[];
  rules: RulesSpec;
  firstDealer: number;
  stake: number;
  rows: PadRowView[];
  totals: number[];
  /** Each seat's total at the stake, in groszy. */
  money: number[];
  bokDealsLeft: number;
  next: { deal: number; dealer: number; out: number | null; inBokRound: boolean };
  /** Goes up with every change: a watcher asks `?since=version`. */
  version: number;
  /** The requester keeps this pad (may add and undo). */
  mine: boolean;
  createdAt: string;
}

export interface PadAnswer {
  pad: PadView;
}
/** GET /api/pads/:id?since=v when nothing changed. */
export interface PadUnchanged {
  unchanged: true;
  version: number;
}
/** POST …/entries: the pad after it, and whether the id had been seen already (the first answer stands). */
export interface PadEntryAnswer {
  pad: PadView;
  entry: string;
  duplicate: boolean;
}
export interface PadSummary {
  id: string;
  names: string[];
  deals: number;
  totals: number[];
  createdAt: string;
}
/** GET /api/pads: the signed-in player's pads, newest first. */
export interface PadsAnswer {
  pads: PadSummary[];
}
