// GET /metrics against the real server process: refused without the operator's token (and, in one
// process, not there at all when none is set); with it, Prometheus' text whose counters moved with the moves played,
// the bots' decisions and the writes to the log; with Redis, its status and the leases held. No
// label names a table or a player.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Metrics } from '../src/metrics/metrics.js';
import { metricsRoutes } from '../src/metrics/routes.js';
import { DATABASES, autoplay, guestAtTable, start, stopAll } from './harness.js';
import { freePort, startRedis, stopChild } from './redis.js';

const TOKEN = 'metryki-Kaszëbë-0123456789abcdef';
let redis: ChildProcess | undefined;
afterAll(async () => {
  await stopAll();
  if (redis) await stopChild(redis);
});

/** Prometheus' text format as samples: `name{labels}` → value; each sample's family has a TYPE line. */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  const typed = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\w+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) typed.add(type[1]!);
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(\w+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const family = m[1]!.replace(/_(bucket|sum|count|total|created)$/, '');
    expect(typed.has(m[1]!) || typed.has(family), `TYPE of ${m[1]}`).toBe(true);
    samples.set(m[1]! + (m[2] ?? ''), Number(m[3]));
  }
  return samples;
}

const scrape = (url: string, authorization?: string) =>
  fetch(`${url}/metrics`, { headers: authorization ? { authorization } : {} });

async function metricsOf(url: string) {
  const r = await scrape(url, `Bearer ${TOKEN}`);
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const text = await r.text();
  return { text, m: parse(text) };
}

for (const database of DATABASES) {
  // Several processes share PostgreSQL and Redis: there the metrics also tell Redis' state and the leases.
  const withRedis = database.name === 'PostgreSQL';
  describe(`metrics on ${database.name}${withRedis ? ' with Redis' : ''}`, () => {
    it('counts the moves played, their latency, the bots’ decisions and the writes, for the token only', async () => {
      let redisEnv = {};
      if (withRedis) {
        const port = await freePort();
        redis = await startRedis(port);
        redisEnv = { REDIS_URL: `redis://127.0.0.1:${port}`, BASKA_REDIS_PREFIX: 'metrics' };
      }
      const server = await start({ ...database.env(), ...redisEnv, BASKA_METRICS_TOKEN: TOKEN });
      // Refused without the token, with a wrong one (of the same length too), or one sent otherwise.
      for (const authorization of [
        undefined,
        'Bearer ',
        `Bearer ${TOKEN}x`,
        `Bearer ${TOKEN.slice(0, -1)}X`,
        `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`,
        TOKEN,
      ]) {
        const r = await scrape(server.url, authorization);
        expect(r.status, String(authorization)).toBe(401);
        expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
        expect((await r.json()).error.code).toBe('ERR_AUTH');
      }
      expect((await fetch(`${server.url}/metrics?token=${TOKEN}`)).status).toBe(401);

      const before = (await metricsOf(server.url)).m;
      expect(before.get('baska_actions_total{result="ok"}')).toBe(0);
      expect(before.get('baska_tables_in_play')).toBe(0);
      expect(before.has('process_cpu_user_seconds_total')).toBe(true); // the process's own
      expect(before.has('nodejs_eventloop_lag_seconds')).toBe(true);
      expect(before.get('baska_redis_up')).toBe(withRedis ? 1 : undefined); // absent without REDIS_URL

      const { c, id } = await guestAtTable(server.url, 'Metryka');
      await c.http('POST', `/api/tables/${id}/start`);
      await autoplay(c, id, () => false, 4); // his call and three cards of the one deal
      const mark = c.mark();
      c.send({ type: 'act', table: id, version: 0, action: 'pas' }); // an old version: refused
      await c.next((m) => m.type === 'error', 5000, mark);

      const { text, m } = await metricsOf(server.url);
      const ok = m.get('baska_actions_total{result="ok"}')!;
      expect(ok).toBe(4);
      expect(m.get('baska_actions_total{result="refused"}')).toBe(1);
      expect(m.get('baska_action_seconds_count')).toBe(ok);
      expect(m.get('baska_action_seconds_sum')).toBeGreaterThan(0);
      expect(m.get('baska_action_seconds_bucket{le="+Inf"}')).toBe(ok);
      expect(m.get('baska_bot_decision_seconds_count{level="basic"}')).toBeGreaterThan(0);
      expect(m.get('baska_db_write_seconds_count{write="create",result="ok"}')).toBe(1);
      expect(m.get('baska_db_write_seconds_count{write="append",result="ok"}')).toBeGreaterThan(ok);
      expect(m.get('baska_tables_in_memory')).toBe(1);
      expect(m.get('baska_tables_in_play')).toBe(1);
      expect(m.get('baska_sockets')).toBe(1);
      // The dashboard in deploy/ reads only metrics that are there (Redis' only with Redis).
      const dashboard = readFileSync(new URL('../../../deploy/grafana-dashboard.json', import.meta.url), 'utf8');
      for (const [, name] of dashboard.matchAll(/\b(baska_\w+?)(?:_bucket|_count)?\b/g))
        if (withRedis || !/redis|leases/.test(name!)) expect(text, name).toContain(`# TYPE ${name} `);
      // Nothing per table or per player: neither the table's id nor the guest's name appears.
      expect(text).not.toContain(id);
      expect(text).not.toContain('Metryka');
      if (withRedis) {
        expect(m.get('baska_leases_held')).toBe(1); // the table in play runs its time here
        await stopChild(redis!);
        redis = undefined;
        await expect
          .poll(async () => (await metricsOf(server.url)).m.get('baska_redis_up'), { timeout: 10_000 })
          .toBe(0);
      }
      c.close();
    });
  });
}

describe('metrics without a token', () => {
  it('has no /metrics when BASKA_METRICS_TOKEN is unset', async () => {
    const app = Fastify();
    metricsRoutes(app, new Metrics(), undefined);
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TOKEN}`]) {
      const r = await app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(r.statusCode, String(authorization)).toBe(404);
      expect(r.body).not.toContain('baska_');
    }
    await app.close();
  });
});
