// What the operator's Prometheus reads from this process (GET /metrics, metrics/routes.ts): Node's
// own process metrics, and the game's under `baska_`. Counts are of this process alone: with several
// processes each answers for itself and Prometheus adds them up. No label names a table or a player
// (their number grows without end); the labels are the few outcomes and bot levels.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Storage } from '../storage.js';

/** What the gauges read when Prometheus asks. */
export interface Sources {
  /** Tables in this process's memory, and those of them in play (dealt, not finished). */
  tables: () => { inMemory: number; inPlay: number };
  /** Socket.IO connections open to this process. */
  sockets: () => number;
  /** With REDIS_URL: is Redis reachable, and how many tables' leases this process holds. */
  redis?: () => { up: boolean; leases: number };
}

/** How an action a player sent ended: kept and told, refused with a coded error, or failed in the server. */
export type ActionResult = 'ok' | 'refused' | 'failed';

// Latencies on a loopback are a few ms; a busy server's reach hundreds (bench/server's target: p99 < 100 ms).
const ACTION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
// `basic` decides in under a millisecond, `expert` in tens to hundreds (bench/bots).
const BOT_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const WRITE_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

export class Metrics {
  readonly registry = new Registry();
  private readonly actions: Counter<'result'>;
  private readonly actionSeconds: Histogram;
  private readonly botSeconds: Histogram<'level'>;
  private readonly writeSeconds: Histogram<'write' | 'result'>;

  constructor() {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.actions = new Counter({
      name: 'baska_actions_total',
      help: 'Actions (calls and cards) players sent to this process, by result: ok, refused (a coded error), failed.',
      labelNames: ['result'],
      registers,
    });
    for (const result of ['ok', 'refused', 'failed'] satisfies ActionResult[]) this.actions.inc({ result }, 0);
    this.actionSeconds = new Histogram({
      name: 'baska_action_seconds',
      help: 'From a player’s action received to its event told to the last seat at the table in this process (kept actions).',
      buckets: ACTION_BUCKETS,
      registers,
    });
    this.botSeconds = new Histogram({
      name: 'baska_bot_decision_seconds',
      help: 'How long a bot took to decide a move, by level (random, basic, expert).',
      labelNames: ['level'],
      buckets: BOT_BUCKETS,
      registers,
    });
    this.writeSeconds = new Histogram({
      name: 'baska_db_write_seconds',
      help: 'Writes to the database of a new table (create) and of a table’s events to its log (append), by result (ok, error).',
      labelNames: ['write', 'result'],
      buckets: WRITE_BUCKETS,
      registers,
    });
  }

  /** The gauges, read from `sources` when Prometheus asks. */
  watch(sources: Sources): void {
    const registers = [this.registry];
    new Gauge({
      name: 'baska_tables_in_memory',
      help: 'Tables held in this process’s memory (open, in play, or finished and still watched).',
      registers,
      collect() {
        this.set(sources.tables().inMemory);
      },
    });
    new Gauge({
      name: 'baska_tables_in_play',
      help: 'Tables in this process’s memory that are in play: dealt and not finished.',
      registers,
      collect() {
        this.set(sources.tables().inPlay);
      },
    });
    new Gauge({
      name: 'baska_sockets',
      help: 'Socket.IO connections open to this process.',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    const redis = sources.redis;
    if (redis) {
      new Gauge({
        name: 'baska_redis_up',
        help: 'Is Redis reachable from this process (1) or not (0). Only with REDIS_URL.',
        registers,
        collect() {
          this.set(redis().up ? 1 : 0);
        },
      });
      new Gauge({
        name: 'baska_leases_held',
        help: 'Tables whose lease this process holds: it runs their clocks and bots. Only with REDIS_URL.',
        registers,
        collect() {
          this.set(redis().leases);
        },
      });
    }
  }

  /** A player's action has been answered, `ms` after it was received. */
  acted(result: ActionResult, ms: number): void {
    this.actions.inc({ result });
    if (result === 'ok') this.actionSeconds.observe(ms / 1000);
  }

  /** A bot of `level` decided in `ms`. */
  botDecided(level: string, ms: number): void {
    this.botSeconds.observe({ level }, ms / 1000);
  }

  /** The storage with each of its writes timed (a table's creation, its events appended to the log). */
  timed(inner: Storage): Storage {
    const time =
      <A extends unknown[]>(write: 'create' | 'append', f: (...args: A) => Promise<void>) =>
      async (...args: A) => {
        const end = this.writeSeconds.startTimer({ write });
        try {
          await f.apply(inner, args);
          end({ result: 'ok' });
        } catch (err) {
          end({ result: 'error' });
          throw err;
        }
      };
    return Object.assign(Object.create(inner) as Storage, {
      createTable: time('create', inner.createTable),
      append: time('append', inner.append),
    });
  }
}
