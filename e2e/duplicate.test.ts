// A duplicate round on the tournament's page, in Debian's Chromium against the real server, on
// PostgreSQL with BASKA_TEST_PG_URL, else SQLite: the director draws the round as duplicate from his
// page; while it is played the public page says why no table's results are shown and gives the
// seed's hash; when it ends the standings have the comparison column (numbers written as Polish
// writes them, with their signs) and the seed is revealed. Four people play over sockets, each his
// own way, against bots for typed names, so the same cards are played differently. Screenshots at
// 360×740 and 1280×800 in e2e/artifacts/ (and BASKA_SHOTS); axe-core checks the page.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { Client, BROWSER_DATABASES, playSeat, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { register, send } from './play.js';

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const browser = useChromium(stopAll);

async function open(url: string, viewport: { width: number; height: number }) {
  const context = await browser().newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (/Content.Security.Policy/i.test(m.text())) errors.push(m.text());
  });
  await page.goto(url);
  return { page, errors };
}
const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, name), fullPage: false });

for (const database of BROWSER_DATABASES) {
  describe(`a duplicate round's page on ${database.name}`, () => {
    it('the director draws a duplicate round; the page seals it while played and shows the comparison after', async () => {
      const server = await start(database.env());
      const { page: director, errors } = await open(server.url, DESKTOP);
      await register(director, 'Sędzia Duplikatu');
      const created = await send(director, '/api/tournaments', {
        name: 'Duplikat o Puchar Kartuz',
        format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
        mode: 'online',
        players: 'Bot Ala\nBot Olek\nBot Ela\nBot Kuba',
      });
      const id = created.tournament.id as string;
      const people: Client[] = [];
      for (const name of ['Kaszub', 'Kociewiak', 'Gburka', 'Zaboracz']) {
        const c = new Client(server.url);
        await c.guest(name);
        expect((await c.http('POST', `/api/tournaments/${id}/join`)).status).toBe(200);
        people.push(c);
      }

      await director.goto(`${server.url}/#/tournament/${id}/director`);
      await director.reload();
      await director.getByLabel('Runda duplikatowa: przy każdym stoliku te same rozdania').check();
      await shot(director, 'duplicate-director-1280.png');
      await director.getByRole('button', { name: 'Losuj rundę 1', exact: true }).click();
      await expect.poll(() => director.locator('section.round h2').first().innerText()).toContain('runda duplikatowa');
      await director.getByLabel('Za nieobecnych gra komputer (zaznaczone w protokole)').check();
      await director.getByRole('button', { name: 'Rozpocznij rundę 1' }).click();
      await expect.poll(() => director.locator('section.round h2').first().innerText()).toContain('w toku');
      // A duplicate round's games are private (their players only): no "Oglądaj" leads to a closed door.
      expect(await director.locator('.round-tables').innerText()).toContain('Stolik 2');
      expect(await director.getByRole('link', { name: 'Oglądaj' }).count()).toBe(0);

      // The public page while the round is played: no table's rows, the reason, the seed's hash.
      const pub = await open(`${server.url}/#/tournament/${id}`, PHONE);
      await expect.poll(() => pub.page.locator('main').innerText()).toContain('grają te same karty');
      const commitment = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament.rounds[0]
        .duplicate.commitment as string;
      expect(await pub.page.locator('.duplicate-note code').first().innerText()).toBe(commitment);
      await pub.page.locator('.duplicate-note').scrollIntoViewIfNeeded();
      await shot(pub.page, 'duplicate-sealed-360.png');
      expect(await accessibilityProblems(pub.page)).toEqual([]);

      // The people play, each his own way; the bots play for the typed names.
      const picks = [
        (l: string[]) => l[0]!,
        (l: string[]) => l.at(-1)!,
        (l: string[]) => l[l.length >> 1]!,
        (l: string[]) => l[1 % l.length]!,
      ];
      await Promise.all(
        people.map(async (c, k) => {
          const game = (await c.http('GET', '/api/me/tournaments')).body.tournaments[0].game as string;
          const tab = new Client(server.url);
          tab.cookie = c.cookie;
          await tab.connect();
          tab.send({ type: 'join', table: game });
          await playSeat(tab, game, picks[k]!);
          tab.close();
        }),
      );
      await expect
        .poll(
          async () =>
            (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament.rounds[0].duplicate.seed,
          {
            timeout: 15_000,
          },
        )
        .toMatch(/^[0-9a-f]{32}$/);
      const view = (await (await fetch(`${server.url}/api/tournaments/${id}`)).json()).tournament as {
        standings: { name: string; duplicate: number }[];
      };

      // The standings with the comparison, in Polish numbers with their signs, and the seed revealed.
      const polish = new Intl.NumberFormat('pl', { maximumFractionDigits: 2, signDisplay: 'exceptZero' });
      for (const [url, size, name] of [
        [`${server.url}/#/tournament/${id}`, PHONE, 'duplicate-standings-360.png'],
        [`${server.url}/#/tournament/${id}`, DESKTOP, 'duplicate-standings-1280.png'],
      ] as const) {
        const { page, errors: more } = await open(url, size);
        await expect
          .poll(async () => (await page.locator('.standings thead').innerText()).replace(/\u00ad/g, ''))
          .toContain('Porównanie');
        expect(await page.locator('.standings tbody td.duplicate').allInnerTexts()).toEqual(
          // A negative with the true minus sign, as the page writes it.
          view.standings.map((r) => polish.format(r.duplicate).replace(/^-/, '\u2212')),
        );
        expect(await page.locator('main').innerText()).toContain('te same karty');
        expect(await page.getByRole('link', { name: 'Oglądaj' }).count()).toBe(0);
        expect(await page.locator('.duplicate-note code').allInnerTexts()).toEqual([
          commitment,
          expect.stringMatching(/^[0-9a-f]{32}$/),
        ]);
        await shot(page, name);
        expect(await accessibilityProblems(page)).toEqual([]);
        errors.push(...more);
      }
      expect(view.standings.some((r) => r.duplicate !== 0)).toBe(true);

      // The director's season: this tournament is finished and counts; a second one, drawn but not
      // played, is named as in progress and counts for nobody.
      const second = await send(director, '/api/tournaments', {
        name: 'Turniej jesienny',
        format: { format: 'znin', rounds: 1, deals: { 4: 4 } },
        mode: 'hall',
        players: ['Anna', 'Jan', 'Ewa', 'Piotr'].join('\n'),
      });
      await director.evaluate(
        (tid) =>
          fetch(`/api/tournaments/${tid}/draw`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ round: 1 }),
          }),
        second.tournament.id as string,
      );
      const directorId = second.tournament.director.id as number;
      for (const [size, name] of [
        [PHONE, 'season-in-progress-360.png'],
        [DESKTOP, 'season-in-progress-1280.png'],
      ] as const) {
        const { page, errors: more } = await open(`${server.url}/#/season/${directorId}`, size);
        await expect.poll(() => page.locator('.standings tbody tr').count()).toBe(8);
        expect(await page.locator('main').innerText()).toContain('Liczą się tylko zakończone turnieje.');
        expect(await page.locator('.in-progress-list').innerText()).toBe(
          'W toku, jeszcze się nie liczą: Turniej jesienny',
        );
        expect(await page.locator('.standings thead th.in-progress').innerText()).toContain(
          'Turniej jesienny (w toku — jeszcze się nie liczy)',
        );
        await shot(page, name);
        expect(await accessibilityProblems(page)).toEqual([]);
        errors.push(...more);
      }
      expect([...errors, ...pub.errors]).toEqual([]);
    });
  });
}
