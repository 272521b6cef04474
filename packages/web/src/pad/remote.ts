// Pads on the server (/api/pads) for a signed-in player, and the outbox their entries go through:
// an entry made on a bad connection waits on the phone and is sent when it returns (outbox.ts).
import type { PadAnswer, PadEntryAnswer, PadUnchanged, PadView, PadsAnswer } from '@baska/protocol';
import { signal } from '@preact/signals';
import { ApiError } from '../api.js';
import { Outbox, type OutboxItem, fetchSender } from '../outbox.js';

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await r.json().catch(() => ({}))) as { error?: { code?: string; message?: string } };
  if (!r.ok) throw new ApiError(json.error?.code ?? 'ERR_INTERNAL', json.error?.message ?? r.statusText);
  return json as T;
}

export const padApi = {
  list: () => call<PadsAnswer>('GET', '/api/pads'),
  create: (body: { names: string[]; preset: string; firstDealer: number; stake: number }) =>
    call<PadAnswer>('POST', '/api/pads', body),
  get: (id: string, since?: number) =>
    call<PadAnswer | PadUnchanged>('GET', `/api/pads/${id}${since === undefined ? '' : `?since=${since}`}`),
  undo: (id: string, entry: string) => call<PadAnswer>('POST', `/api/pads/${id}/undo`, { entry }),
};

export type EntryBody = { words: unknown } | { scores: (number | null)[]; tie?: boolean };

/** The server's latest answer for each pad seen here, and what still waits to be sent. */
export const padViews = signal<Record<string, PadView>>({});
export const waiting = signal<OutboxItem<EntryBody>[]>([]);
export const refusal = signal<{ pad: string; code: string } | null>(null);

const keep = (v: PadView) => {
  const old = padViews.value[v.id];
  if (!old || old.version <= v.version) padViews.value = { ...padViews.value, [v.id]: v };
};

export const outbox = new Outbox<EntryBody, PadEntryAnswer>({
  storage: localStorage,
  name: 'pads',
  send: fetchSender((item) => `/api/pads/${item.target}/entries`),
  onDone: (_item, answer) => keep(answer.pad),
  onRefused: (item, code) => (refusal.value = { pad: item.target, code }),
  onChange: (items) => (waiting.value = [...items]),
});
waiting.value = outbox.pending();

/** Send what waits now, when the connection returns, and every few seconds while something waits. */
export function startSending(): () => void {
  const flush = () => void outbox.flush();
  addEventListener('online', flush);
  const timer = setInterval(() => {
    if (outbox.pending().length) flush();
  }, 4000);
  flush();
  return () => {
    removeEventListener('online', flush);
    clearInterval(timer);
  };
}

export function addEntry(pad: string, body: EntryBody): void {
  outbox.enqueue(pad, body);
  void outbox.flush();
}

/** Fetch the pad when it has changed since the version shown (a watcher's link polls this). */
export async function refresh(id: string): Promise<void> {
  const since = padViews.value[id]?.version;
  const r = await padApi.get(id, since);
  if ('pad' in r) keep(r.pad);
}

export const remember = keep;
