// bench/web-load: the first screen of the browser client (the nickname form a new visitor meets
// before the lobby) loaded by Chromium over a slow connection, 400 kbit/s each way with 400 ms of
// latency (CDP Network.emulateNetworkConditions), before and after the client was served compressed
// and cached (http/web.ts), in one run: the time from navigation to the form shown, the bytes that
// crossed the wire and the requests; first with an empty cache, then a return visit with the cache
// the first left. Each figure is the median of --runs loads in fresh browser contexts.
//
// Before: the same server serving a copy of the build without its .br and .gz files, which sends
// every file as it is (as before), or with --before FILE another checkout's bin/baska-server.js and
// its own build (its cache headers too: the return visit's figures then compare as well).
//
//   node bench/web-load.js [--runs 3] [--before ../other/packages/server/bin/baska-server.js]
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from './server.js';

const DIST = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const CHROMIUM = process.env.BASKA_CHROMIUM ?? '/usr/bin/chromium';
/** The slow connection: 400 kbit/s is 50,000 bytes a second, each way. */
const SLOW = { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const SHOWN = 'input[name=nickname]';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

/** One load of `url` in `page` on the slow connection: ms until the form shows, bytes, requests. */
async function load(context, url) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW);
  let bytes = 0;
  let requests = 0; // that went to the server: not those the cache answered alone
  cdp.on('Network.responseReceived', ({ response: r }) => {
    if (r.fromDiskCache || r.fromMemoryCache || r.fromPrefetchCache) return;
    requests++;
    if (process.env.BASKA_BENCH_VERBOSE) console.log(`    ${r.status} ${r.url}`);
  });
  cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
  const t0 = performance.now();
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  await page.waitForSelector(SHOWN, { state: 'visible', timeout: 120_000 });
  const ms = performance.now() - t0;
  await page.close();
  return { ms, bytes, requests };
}

/** --runs first visits (a new context each) and the return visit after each. */
async function measure(browser, url, runs) {
  const first = [];
  const again = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    first.push(await load(context, url));
    again.push(await load(context, url));
    await context.close();
  }
  const sum = (xs) => ({
    ms: median(xs.map((x) => x.ms)),
    bytes: median(xs.map((x) => x.bytes)),
    requests: median(xs.map((x) => x.requests)),
  });
  return { first: sum(first), again: sum(again) };
}

export async function run(argv = []) {
  const { values } = parseArgs({ args: argv, options: { runs: { type: 'string' }, before: { type: 'string' } } });
  const runs = Number(values.runs ?? 3);
  console.log(
    `bench/web-load: the first screen over ${(SLOW.downloadThroughput * 8) / 1000} kbit/s, ${SLOW.latency} ms latency (median of ${runs})`,
  );
  if (!existsSync(`${DIST}index.html`)) {
    console.log('  not built: run npm run build first');
    return null;
  }
  // The build as it was served before: every file as it is.
  const plain = mkdtempSync(join(tmpdir(), 'baska-web-plain-'));
  cpSync(DIST, plain, { recursive: true, filter: (f) => !/\.(br|gz)$/.test(f) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const results = {};
  try {
    for (const [name, env, opts] of [
      ['before', values.before ? {} : { BASKA_WEB_DIR: plain }, values.before ? { main: values.before } : {}],
      ['after', {}, {}],
    ]) {
      const server = await startServer(env, undefined, opts);
      try {
        results[name] = await measure(browser, server.url, runs);
      } finally {
        await server.stop();
      }
    }
  } finally {
    await browser.close();
    rmSync(plain, { recursive: true, force: true });
  }
  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  for (const visit of ['first', 'again']) {
    const b = results.before[visit];
    const a = results.after[visit];
    const label = visit === 'first' ? 'first visit (empty cache)' : 'return visit (cache kept)';
    console.log(
      `  ${label}: before ${s(b.ms)}, ${kb(b.bytes)}, ${b.requests} requests; ` +
        `after ${s(a.ms)}, ${kb(a.bytes)}, ${a.requests} requests (${(100 * (1 - a.ms / b.ms)).toFixed(0)}% faster)`,
    );
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));
