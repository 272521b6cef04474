// bench/offline: the installed app with no network (issue 36) on a phone-class CPU — Chromium's CPU
// slowed 4× (CDP Emulation.setCPUThrottlingRate). It prints the app's first start offline (a reload
// with the network cut, served by the service worker, until the offline screen can be used) and the
// expert's decision times at an offline table (asked of the bot worker until answered, as the page
// measures them: User Timing `baska:decision:expert`), median and p99, against the targets.
//   node bench/offline.js [--deals N]     (after npm run build)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { startServer } from './server.js';

const CHROMIUM = process.env.BASKA_CHROMIUM ?? '/usr/bin/chromium';
const TARGETS = { median: 150, p99: 1000, start: 2000 };
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
const verdict = (ok) => (ok ? 'met' : 'NOT met');

/** The player's move at the offline table: a pass (or the first call), else the first playable card. */
async function myMove(page) {
  const calls = await page.$$eval('.calls button', (b) => b.map((x) => x.getAttribute('data-call')));
  if (calls.length) return page.click(`.calls button[data-call="${calls.includes('pass') ? 'pass' : calls[0]}"]`);
  const card = await page.$('.hand .card.playable');
  if (card) return card.click();
  if (await page.$('.deal-end button.primary')) return page.click('.deal-end button.primary');
  await page.waitForTimeout(50);
}

export async function run(argv = []) {
  const { values } = parseArgs({ args: argv, options: { deals: { type: 'string', default: '4' } } });
  const deals = Number(values.deals);
  console.log(
    `bench/offline: the app with no network on a CPU slowed 4× (Chromium), ${deals} deals against the expert`,
  );
  const server = await startServer({});
  const profile = mkdtempSync(join(tmpdir(), 'baska-bench-app-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    args: ['--no-sandbox'],
    viewport: { width: 360, height: 740 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(server.url);
    // eslint-disable-next-line no-undef -- evaluated in the page
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await context.setOffline(true);

    // The first start offline: from the reload to the offline screen's form, ready to play.
    const t0 = Date.now();
    await page.reload({ waitUntil: 'commit' });
    await page.waitForSelector('header .brand');
    const shell = Date.now() - t0;
    await page.waitForSelector('form.create button.primary');
    const start = Date.now() - t0;

    await page.selectOption('select[name=level]', 'expert');
    await page.fill('input[name=deals]', String(deals));
    await page.click('form.create button.primary');
    await page.waitForSelector('.table-screen');
    while (!(await page.$('.game-end'))) await myMove(page);
    const times = (
      await page.evaluate(() => performance.getEntriesByName('baska:decision:expert').map((e) => e.duration))
    ).sort((a, b) => a - b);
    const median = quantile(times, 0.5);
    const p99 = quantile(times, 0.99);
    console.log(
      `  first start offline: ${start} ms to the offline screen, ${shell} ms to the app's header (target ≤ ${TARGETS.start} ms: ${verdict(start <= TARGETS.start)})`,
    );
    console.log(
      `  expert decisions: ${times.length}, median ${median.toFixed(0)} ms (target ≤ ${TARGETS.median}: ${verdict(median <= TARGETS.median)}), ` +
        `p99 ${p99.toFixed(0)} ms (target ≤ ${TARGETS.p99}: ${verdict(p99 <= TARGETS.p99)}), max ${times.at(-1).toFixed(0)} ms`,
    );
    return { start, decisions: times.length, median, p99 };
  } finally {
    await context.close();
    await server.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv.slice(2));
