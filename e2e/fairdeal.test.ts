// The replay checks a verifiable deal in Chromium (decision 013): a game played against the real
// server by a client that contributes, as the web client does; its replay says the deal is
// verified and signed by the server; the same replay fed a record with another seed (the request
// answered with a tampered record) says it does not match, nor the server's signature. Screenshots
// in e2e/artifacts/.
import { randomBytes } from 'node:crypto';
import type { GameRecord, ServerMessage } from '@baska/protocol';
import { describe, expect, it } from 'vitest';
import { Client, autoplay, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const SHOTS = ARTIFACTS;

const browser = useChromium(stopAll);

describe('verifiable deals in the replay', () => {
  it('says a deal is verified, and that a tampered one does not match', async () => {
    const server = await start({});
    const c = new Client(server.url);
    await c.guest('Sprawdzający');
    const created = await c.http('POST', '/api/tables', { bots: 'random', deals: 1, pauseSeconds: 0 });
    const id = created.body.table.id as string;
    await c.connect();
    c.send({ type: 'join', table: id });
    c.send({ type: 'contributes', table: id });
    c.socket!.on('message', (m: ServerMessage) => {
      if (m.type === 'event' && m.event.type === 'committed')
        c.send({ type: 'contribute', table: id, deal: m.event.deal, value: randomBytes(16).toString('hex') });
    });
    await c.next((m) => m.type === 'snapshot', 20_000, 0);
    await c.http('POST', `/api/tables/${id}/start`);
    await autoplay(c, id, (m) => m.type === 'event' && m.event.type === 'finished');

    for (const [size, viewport] of [
      ['phone', { width: 360, height: 740 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const context = await browser().newContext({ viewport });
      const [name, value] = c.cookie.split('=');
      await context.addCookies([{ name: name!, value: value!, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/#/replay/${id}`);
      await page.waitForSelector('.fair-check.ok');
      expect(await page.textContent('.fair-check')).toContain('Rozdanie sprawdzone');
      expect(await page.textContent('.fair-check')).toContain('1 wkład');
      // Signed by this server's key, checked in the browser (decision 013).
      await page.waitForSelector('.signed-check.ok');
      expect(await page.textContent('.signed-check')).toContain('Podpisane przez ten serwer');
      expect(await accessibilityProblems(page), 'replay').toEqual([]);
      await page.screenshot({ path: `${SHOTS}replay-verified-${size}.png`, fullPage: true });
      await context.close();
    }

    // The same replay fed a record whose seed was changed.
    const context = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const [name, value] = c.cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    await page.route('**/api/games/*/record', async (route) => {
      const record = (await (await route.fetch()).json()) as GameRecord;
      record.deals[0]!.fair!.seed = record.deals[0]!.fair!.seed.replace(/^./, (ch) => (ch === '0' ? '1' : '0'));
      await route.fulfill({ json: record });
    });
    await page.goto(`${server.url}/#/replay/${id}`);
    await page.waitForSelector('.fair-check.error');
    expect(await page.textContent('.fair-check')).toContain('Niezgodne');
    // The seed changed after the server signed the record: its signature no longer fits.
    await page.waitForSelector('.signed-check.error');
    expect(await page.textContent('.signed-check')).toContain('zapis zmieniono');
    await page.screenshot({ path: `${SHOTS}replay-tampered-desktop.png`, fullPage: true });
    await context.close();
    c.close();
  }, 120_000);
});
