// Ratings and profiles in Chromium against the real server: four registered players play two rated
// games (over the protocol), then the lobby shows a rated table as "rankingowa", the leaderboard
// lists them with the rating explained in words (μ − 3σ is not for players), and a profile plots the rating's history.
// Screenshots at phone and desktop sizes in e2e/artifacts/; every screen checked by axe-core.
import type { ServerMessage } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { Client, autoplay, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const SHOTS = ARTIFACTS;
const SIZES = [
  ['phone', { width: 360, height: 740 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

const browser = useChromium(stopAll);

async function ratedGame(players: Client[]) {
  const created = await players[0]!.http('POST', '/api/tables', { rated: true, deals: 2, secondsPerMove: 600 });
  const id = created.body.table.id as string;
  for (const [seat, p] of players.entries()) {
    if (seat > 0) await p.http('POST', `/api/tables/${id}/sit`, { seat });
    if (!p.socket) await p.connect();
    const from = p.mark();
    p.send({ type: 'join', table: id });
    await p.next((m) => m.type === 'snapshot', 20_000, from);
  }
  await players[0]!.http('POST', `/api/tables/${id}/start`);
  const done = (m: ServerMessage) => m.type === 'event' && m.table === id && m.event.type === 'finished';
  await Promise.all(players.map((p) => autoplay(p, id, done)));
}

describe('ratings in the browser', () => {
  it('shows a rated table in the lobby, the leaderboard and a profile with the rating plotted', async () => {
    // Two-deal games (the minimum lowered for speed), the four from addresses of their own (decision 015).
    const server = await start({
      BASKA_RATING_MIN_GAMES: '1',
      BASKA_RATED_MIN_DEALS: '2',
      BASKA_TRUST_PROXY: 'loopback',
      BASKA_TABLE_SEED: 'e2e-ratings',
    });
    const names = ['Kaszëba', 'Ania', 'Bartek', 'Celina'];
    const players: Client[] = [];
    for (const [i, name] of names.entries()) {
      const c = new Client(server.url);
      c.headers = { 'X-Forwarded-For': `10.7.0.${i + 1}` };
      const r = await c.http('POST', '/api/register', { name, password: 'kaszuby-1234' });
      expect(r.status).toBe(200);
      players.push(c);
    }
    await ratedGame(players);
    await ratedGame([players[1]!, players[2]!, players[3]!, players[0]!]);
    await players[1]!.http('POST', '/api/tables', { rated: true, deals: 4 }); // open in the lobby
    const me = (await players[0]!.http('GET', '/api/me')).body.player;

    for (const [size, viewport] of SIZES) {
      const context = await browser().newContext({ viewport });
      const [name, value] = players[0]!.cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: server.url }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(server.url);
      await page.waitForSelector('.badge.rated');
      expect(await page.textContent('.tables')).toContain('rankingowa');
      expect(await accessibilityProblems(page), 'lobby').toEqual([]);
      await page.screenshot({ path: `${SHOTS}lobby-${size}.png`, fullPage: true });
      // Ticking "rated" takes away what a rated table cannot have: a table of five, bots, hints
      // (decision 015). They were hidden in the page's structure but still shown: a label's own
      // display outranked the hidden attribute, so the form showed a bot level under "no bots".
      const hidden = ['select[name="players"]', 'select[name="bots"]', 'input[name="hints"]'];
      for (const h of hidden) expect(await page.locator(h).isVisible(), `${h} before`).toBe(true);
      await page.check('input[name="rated"]');
      for (const h of hidden) expect(await page.locator(h).isVisible(), `${h} for a rated table`).toBe(false);
      await page.uncheck('input[name="rated"]');

      await page.goto(`${server.url}/#/ratings/baska`);
      await page.waitForSelector('table.board tbody tr');
      expect(await page.locator('table.board tbody tr').count()).toBe(4);
      expect(await page.textContent('main')).toContain('pomniejszona o niepewność tego szacunku');
      expect(await accessibilityProblems(page), 'leaderboard').toEqual([]);
      await page.screenshot({ path: `${SHOTS}leaderboard-${size}.png`, fullPage: true });

      await page.goto(`${server.url}/#/player/${me.id}`);
      await page.waitForSelector('svg.rating-plot');
      expect(await page.locator('svg.rating-plot circle').count()).toBe(3); // the start and two games
      await page.waitForSelector('text=Statystyki');
      expect(await accessibilityProblems(page), 'profile').toEqual([]);
      await page.screenshot({ path: `${SHOTS}profile-${size}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
    for (const p of players) p.close();
  }, 180_000);
});
