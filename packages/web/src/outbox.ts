// An outbox that survives a bad connection and a closed tab: entries wait in localStorage, each with
// an id made here (the idempotency key), and are sent in order when the connection returns. An entry
// leaves the outbox only when the server has answered for it: with its result, or with the result it
// stored the first time (an id it has already seen), or with a coded refusal, which is reported and
// never retried. So nothing is lost, and a retry after a lost answer never doubles a deal.
//
//   const box = new Outbox({ storage: localStorage, name: 'pad', send })
//   box.enqueue(target, body)   // stored first, then sent when possible; returns the item
//   box.flush()                 // send what waits (called on `online`, on a timer, after enqueue)
//   box.pending(target?)        // what still waits, in order

/** The part of Web Storage the outbox uses (localStorage, or a Map-backed stand-in in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface OutboxItem<T = unknown> {
  /** The idempotency key: the server answers a second send of it with the first answer. */
  id: string;
  /** Where it goes (a pad's id, a table's code): items of one target are sent in the order queued. */
  target: string;
  body: T;
  queuedAt: number;
  tries: number;
}

/** What a send came to: the server's answer, a coded refusal (final), or no answer (try again later). */
export type SendResult<R = unknown> =
  { kind: 'done'; answer: R } | { kind: 'refused'; code: string; message: string } | { kind: 'offline' };

export interface OutboxOptions<T, R> {
  storage: KeyValueStorage;
  /** The storage key is `baska.outbox.<name>`. */
  name: string;
  send: (item: OutboxItem<T>) => Promise<SendResult<R>>;
  onDone?: (item: OutboxItem<T>, answer: R) => void;
  onRefused?: (item: OutboxItem<T>, code: string, message: string) => void;
  /** Called whenever the queue changes (to show "3 waiting to be sent"). */
  onChange?: (items: readonly OutboxItem<T>[]) => void;
  newId?: () => string;
  now?: () => number;
}

/** A random id of 128 bits: crypto.randomUUID where the page is a secure context, else getRandomValues. */
export function newEntryId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

export class Outbox<T = unknown, R = unknown> {
  private readonly key: string;
  private flushing: Promise<void> | null = null;

  constructor(private readonly opts: OutboxOptions<T, R>) {
    this.key = `baska.outbox.${opts.name}`;
  }

  /** What waits, oldest first (read from storage each time: another tab may have sent some). */
  pending(target?: string): OutboxItem<T>[] {
    const all = this.read();
    return target === undefined ? all : all.filter((i) => i.target === target);
  }

  /** Queue an entry: it is in storage before this returns, whatever the network does. */
  enqueue(target: string, body: T): OutboxItem<T> {
    const item: OutboxItem<T> = {
      id: (this.opts.newId ?? newEntryId)(),
      target,
      body,
      queuedAt: (this.opts.now ?? Date.now)(),
      tries: 0,
    };
    this.write([...this.read(), item]);
    return item;
  }

  /** Send what waits, in order, until all is sent or the connection fails. One flush at a time. */
  flush(): Promise<void> {
    this.flushing ??= this.run().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async run(): Promise<void> {
    for (;;) {
      const item = this.read()[0];
      if (!item) return;
      this.update(item.id, (i) => ({ ...i, tries: i.tries + 1 }));
      let result: SendResult<R>;
      try {
        result = await this.opts.send(item);
      } catch {
        result = { kind: 'offline' };
      }
      if (result.kind === 'offline') return; // it stays, first in line, for the next flush
      this.remove(item.id);
      if (result.kind === 'done') this.opts.onDone?.(item, result.answer);
      else this.opts.onRefused?.(item, result.code, result.message);
    }
  }

  private read(): OutboxItem<T>[] {
    const raw = this.opts.storage.getItem(this.key);
    if (!raw) return [];
    try {
      const v: unknown = JSON.parse(raw);
      return Array.isArray(v) ? (v as OutboxItem<T>[]) : [];
    } catch {
      return [];
    }
  }

  private write(items: OutboxItem<T>[]): void {
    this.opts.storage.setItem(this.key, JSON.stringify(items));
    this.opts.onChange?.(items);
  }

  private update(id: string, f: (i: OutboxItem<T>) => OutboxItem<T>) {
    this.write(this.read().map((i) => (i.id === id ? f(i) : i)));
  }

  private remove(id: string) {
    this.write(this.read().filter((i) => i.id !== id));
  }
}

/**
 * A send over fetch: a 2xx answer is done, a coded 4xx refusal is final (the server changed
 * nothing and will refuse it again), anything else (no network, a 5xx, a rate limit) is tried later.
 */
export function fetchSender<T, R>(
  url: (item: OutboxItem<T>) => string,
): (item: OutboxItem<T>) => Promise<SendResult<R>> {
  return async (item) => {
    let r: Response;
    try {
      r = await fetch(url(item), {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: item.id, ...(item.body as object) }),
      });
    } catch {
      return { kind: 'offline' };
    }
    const json = (await r.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    if (r.ok && json) return { kind: 'done', answer: json as R };
    const code = json?.error?.code;
    // 401: the session ended; the entry waits for the player to sign in again. 429: slow down.
    if (r.status >= 400 && r.status < 500 && r.status !== 401 && r.status !== 429 && typeof code === 'string')
      return { kind: 'refused', code, message: json?.error?.message ?? '' };
    return { kind: 'offline' };
  };
}
