// Hints and claims in Chromium against the real server (issue 18): at a table created with hints,
// the expert's panel shows a number for every legal call or card; the claim button appears once the
// player's own view proves the rest settled, and pressing it ends the deal. Screenshots at 360x740
// and 1280x800 go to e2e/artifacts/; no error reaches the console.
import { type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { start, stopAll } from '../packages/server/test/harness.js';
import { poolSize } from '../packages/web/src/analysis-pool.js';
import { useChromium } from './browser.js';
import { type Viewport, afterVersion, createTable, errorsOf, guest, openWatched, shots } from './play.js';

const DESKTOP: Viewport = { width: 1280, height: 800 };

const browser = useChromium(stopAll);

const legalCount = async (page: Page) =>
  (await page.$$('.calls button')).length || (await page.$$('.hand .card.playable')).length;

describe('hints and claims', () => {
  it('the hint panel shows a number per legal action; the claim button appears when sure and ends the deal', async () => {
    const server = await start({ BASKA_BOT_DELAY_MS: '0', BASKA_TABLE_SEED: 'e2e-advice' });
    const { page } = await openWatched(browser(), server, DESKTOP);
    await guest(page, 'Kaszub');
    await page.check('input[name=hints]');
    await createTable(page, { bots: 'basic', deals: 1 });
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.felt');
    await page.waitForSelector('.contract-bar .badge');

    let hinted = 0;
    let claimed = false;
    const until = Date.now() + 120_000;
    while (!claimed && Date.now() < until) {
      if ((await page.$('.deal-end, .game-end')) !== null) break;
      const n = await legalCount(page);
      if (n === 0) {
        await page.waitForTimeout(50);
        continue;
      }
      // In the play, give the claim check its moment (a worker over the layouts the view allows).
      if ((await page.$('.hand .card.playable')) !== null) {
        const button = await page.waitForSelector('button.claim', { timeout: 3500 }).catch(() => null);
        if (button) {
          await shots(page, 'claim-offered');
          await page.setViewportSize(DESKTOP);
          await page.click('button.claim');
          claimed = true;
          break;
        }
      }
      // Ask the expert at the first decisions with a choice.
      if (hinted < 2 && n > 1) {
        // The expert's layouts spread over one analysis worker per core, all ended with the answer.
        const spawned: string[] = [];
        const count = (w: { url(): string }) => void spawned.push(w.url());
        page.on('worker', count);
        const started = Date.now();
        await page.click('button.hint');
        await page.waitForSelector('.hint-panel tbody tr', { timeout: 30_000 });
        const ms = Date.now() - started;
        page.off('worker', count);
        const cores = await page.evaluate(() => navigator.hardwareConcurrency);
        expect(spawned.filter((u) => u.includes('analysis-worker'))).toHaveLength(poolSize(cores));
        await expect.poll(() => page.workers().filter((w) => w.url().includes('analysis-worker')).length).toBe(0);
        console.log(
          `hint ${hinted + 1}: ${ms} ms on ${poolSize(cores)} workers (navigator.hardwareConcurrency ${cores})`,
        );
        const rows = await page.$$eval('.hint-panel tbody tr', (r) =>
          r.map((x) => (x.querySelectorAll('td')[1]?.textContent ?? '').trim()),
        );
        expect(rows).toHaveLength(n);
        for (const value of rows) expect(value).toMatch(/^[−-]?\d+(,\d+)?$/);
        await shots(page, `hint-${hinted}`);
        await page.setViewportSize(DESKTOP);
        hinted++;
      }
      const calls = await page.$$eval('.calls button', (b) => b.map((x) => x.getAttribute('data-call')!));
      if (calls.length) {
        const call = calls.includes('pass') ? 'pass' : calls[0]!;
        await afterVersion(page, () => page.click(`.calls button[data-call="${call}"]`));
      } else {
        const card = await page.getAttribute('.hand .card.playable', 'data-card');
        await afterVersion(page, () => page.click(`.hand .card[data-card="${card}"]`));
      }
    }
    expect(hinted).toBeGreaterThan(0);
    expect(claimed).toBe(true);
    // The deal ends at once, the claim said on the table; the record keeps it.
    await page.waitForSelector('.deal-end, .game-end', { timeout: 20_000 });
    await shots(page, 'claimed');
    expect(errorsOf(page)).toEqual([]);
  }, 180_000);
});
