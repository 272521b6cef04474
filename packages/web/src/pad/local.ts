// A guest's pads, kept in this browser's localStorage: each is the pad's own file (the tournament
// package's PadFile) with its stake, recomputed by the same scoring whenever it is opened.
import { type Pad, type PadFile, padFile, padOfFile } from '@baska/tournament';
import { newEntryId } from '../outbox.js';

const KEY = 'baska.pads';

export interface LocalPad {
  id: string;
  file: PadFile;
  /** Groszy per point. */
  stake: number;
  createdAt: number;
}

export function localPads(): LocalPad[] {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(v) ? (v as LocalPad[]) : [];
  } catch {
    return [];
  }
}

function write(pads: LocalPad[]) {
  localStorage.setItem(KEY, JSON.stringify(pads));
}

export function loadLocal(id: string): { meta: LocalPad; pad: Pad } | null {
  const meta = localPads().find((p) => p.id === id);
  if (!meta) return null;
  const r = padOfFile(meta.file);
  return r.ok ? { meta, pad: r.value } : null;
}

export function saveLocal(id: string, pad: Pad, stake: number, createdAt = Date.now()): void {
  const all = localPads();
  const entry: LocalPad = { id, file: padFile(pad), stake, createdAt };
  const i = all.findIndex((p) => p.id === id);
  if (i >= 0) all[i] = { ...entry, createdAt: all[i]!.createdAt };
  else all.unshift(entry);
  write(all);
}

export function removeLocal(id: string): void {
  write(localPads().filter((p) => p.id !== id));
}

export const newLocalId = () => newEntryId().replace(/-/g, '').slice(0, 16);
