// Who I am and what is going on, in Chromium against one real server (issue 32): a change of who is
// signed in reaches every open screen and tab; the game line names "zwyczajna albo cicha" after
// four passes, for a player and a spectator; a move made while the connection is down waits in
// sight and is then confirmed or refused, never lost or doubled; a rated table says so and offers no
// computer player; the lobby's list of people online does not contradict itself; a guest who logs
// out is told what he loses and keeps his games by registering. Screenshots go to e2e/artifacts/
// (and BASKA_SHOTS).
import type { ServerMessage } from '@baska/protocol';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { Client, type Running, autoplay, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import { DESKTOP, PHONE, type Viewport, createTable, errorsOf, guest, openPage, playUntil } from './play.js';

const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PASSWORD = 'kaszëbë-1234';

const browser = useChromium(stopAll);
let server: Running;
beforeAll(async () => {
  // Four addresses for a rated table's four (decision 015): the test's clients say theirs.
  server = await start({ BASKA_BOT_DELAY_MS: '100', BASKA_TRUST_PROXY: 'loopback' });
});

const open = (viewport: Viewport) => openPage(browser(), server, viewport);

/**
 * The page at phone and desktop size, saved as NAME-phone.png and NAME-desktop.png (the whole page, or
 * the screen for a dialog over it); then back at `back`.
 */
async function shots(page: Page, name: string, back: Viewport, fullPage = true) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage });
  }
  await page.setViewportSize(back);
}

/** Register on the first screen's form. */
async function registerHere(page: Page, name: string) {
  await page.fill('main.start input[name=name]', name);
  await page.fill('main.start input[name=password]', PASSWORD);
  await page.click('main.start button:has-text("Załóż konto")');
}

/** A client signed in under `name` (registered or a guest), its socket at table `id`, seated at `seat`. */
async function seatedClient(id: string, seat: number, name: string, how: 'guest' | 'register', address?: string) {
  const c = new Client(server.url);
  if (address) c.headers = { 'X-Forwarded-For': address };
  if (how === 'guest') await c.guest(name);
  else await c.register(name);
  const r = await c.http('POST', `/api/tables/${id}/sit`, { seat });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await c.connect();
  c.send({ type: 'join', table: id });
  await c.next((m) => m.type === 'snapshot', 20_000, 0);
  return c;
}

/**
 * The context's sockets through a route of the test's own, to be cut and mended: Chromium's offline
 * mode stops HTTP but leaves an open websocket alone. While cut, the page's socket is closed and every
 * new one closed at once; HTTP is offline too.
 */
async function cuttable(context: BrowserContext) {
  let cut = false;
  const open: WebSocketRoute[] = [];
  await context.routeWebSocket(/socket\.io/, (ws) => {
    if (cut) return void ws.close();
    ws.connectToServer();
    open.push(ws);
  });
  return {
    async cut() {
      cut = true;
      await context.setOffline(true);
      for (const ws of open.splice(0)) await ws.close();
    },
    async mend() {
      cut = false;
      await context.setOffline(false);
    },
  };
}

describe('who I am, what is going on', () => {
  it('the lobby does not say nobody is here while it lists someone', async () => {
    // Someone online, and a newcomer whose own socket never gets through (the list then lacks him).
    const someone = new Client(server.url);
    await someone.register('Ktoś Obecny');
    await someone.connect();
    const { context, page } = await open(DESKTOP);
    await context.routeWebSocket(/socket\.io/, (ws) => ws.close());
    await guest(page, 'Nowy Nowak');
    await page.waitForSelector('.online .people li:has-text("Ktoś Obecny")');
    expect(await page.textContent('.online')).not.toContain('nikogo');
    await shots(page, 'who-lobby', DESKTOP);
    someone.close();
    await context.close();
  });

  it('a guest who logs out and registers is at once the creator of the table he makes, in this tab and the other', async () => {
    const { context, page } = await open(DESKTOP);
    await guest(page, 'Adam Gość');
    const other = await context.newPage();
    await other.goto(server.url);
    await other.waitForSelector('header .me >> text=Adam Gość');
    await page.click('header button:has-text("Wyloguj")');
    await page.click('dialog.leave-guest button:has-text("Wyloguj mimo to")');
    await page.waitForSelector('main.start');
    // The other tab follows: nobody is signed in there either.
    await other.waitForSelector('main.start', { timeout: 5000 });
    await registerHere(page, 'Adam Zapisany');
    await page.waitForSelector('form.create');
    await other.waitForSelector('header .me >> text=Adam Zapisany', { timeout: 5000 });
    await createTable(page, { bots: '', deals: 1 });
    await page.waitForSelector('.waiting .seats li');
    // His own seat, the owner's controls: no "Usiądź" on the others' seats, and "Zaczynamy".
    await page.waitForSelector('.seats li:first-child >> text=(ty)', { timeout: 5000 });
    expect(await page.locator('.seats button:has-text("Usiądź")').count()).toBe(0);
    expect(await page.locator('button:has-text("Dodaj komputer")').count()).toBe(3);
    expect(await page.isVisible('button:has-text("Zaczynamy")')).toBe(true);
    await shots(page, 'who-creator-waiting', DESKTOP);
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  }, 60_000);

  it('after four passes the game line says "zwyczajna albo cicha" to a player who cannot know and to a spectator', async () => {
    const { context, page } = await open(PHONE);
    await guest(page, 'Paweł Pasujący');
    const id = await createTable(page, { bots: '', deals: 1 });
    const clients = [];
    for (const seat of [1, 2, 3]) clients.push(await seatedClient(id, seat, `Pasujący ${seat}`, 'guest'));
    const inPlay = (m: ServerMessage) => m.type === 'event' && m.view?.phase === 'play';
    // The three others pass, and stop once the cards are played.
    const passing = clients.map((c) => autoplay(c, id, inPlay, Infinity, undefined, { pick: () => 'pass' }));
    await page.click('text=Zaczynamy');
    const watcher = await open(PHONE);
    await guest(watcher.page, 'Widz Wojtek');
    await watcher.page.goto(`${server.url}/#/t/${id}`);
    await page.click('.calls button[data-call=pass]', { timeout: 30_000 });
    await Promise.all(passing);
    await page.waitForSelector('.felt[data-phase=play]');
    await watcher.page.waitForSelector('.felt[data-phase=play]');
    // The player knows the game when he holds a black queen: one, zwyczajna; both, his own cicha.
    const queens = (await page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('data-card')))).filter(
      (c) => c === 'Qc' || c === 'Qs',
    ).length;
    const expected = ['zwyczajna albo cicha', 'zwyczajna', 'cicha'][queens]!;
    const line = (p: Page) => p.textContent('.contract-bar span:first-child');
    expect(await line(page)).toBe(`Gra: ${expected}`);
    expect(await line(watcher.page)).toBe('Gra: zwyczajna albo cicha');
    await shots(watcher.page, 'who-game-line-spectator', PHONE);
    expect(errorsOf(page)).toEqual([]);
    for (const c of clients) c.close();
    await watcher.context.close();
    await context.close();
  }, 90_000);

  it('a move made while the connection is down waits in sight, with the clock warned of; back online it is confirmed or refused, once', async () => {
    const { context, page } = await open(PHONE);
    const line = await cuttable(context); // before the first socket: it is made after entering
    await guest(page, 'Olek Offline');
    const id = await createTable(page, { bots: 'basic', deals: 1 });
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.calls button', { timeout: 30_000 });
    // The same player in another tab of his (another context with his cookie), which stays online.
    const second = await browser().newContext({ viewport: DESKTOP, storageState: await context.storageState() });
    const tab = await second.newPage();
    await tab.goto(`${server.url}/#/t/${id}`);
    await tab.waitForSelector('.calls button');

    // Offline, he passes: the call waits, marked, and he is told his clock may run.
    await line.cut();
    await page.waitForSelector('.banner >> text=Łączenie', { timeout: 5000 });
    await page.click('.calls button[data-call=pass]');
    await page.waitForSelector('.pending-move');
    expect(await page.textContent('.pending-move')).toContain('pas');
    expect(await page.textContent('.pending-move')).toContain('zegar może biec');
    expect(await page.locator('.calls button').count()).toBe(0);
    // The heading no longer asks for his move: it is made, and waits.
    expect(await page.textContent('.controls .turn')).toBe('Twój ruch czeka na wysłanie');
    await shots(page, 'who-offline-call', PHONE);
    // Meanwhile the other tab makes another call for him: the one offline is refused when it comes back.
    const calls = await tab.$$eval('.calls button', (b) => b.map((x) => x.getAttribute('data-call')!));
    const other = calls.find((c) => c !== 'pass')!;
    await tab.click(`.calls button[data-call="${other}"]`);
    await tab.waitForSelector('.calls button', { state: 'detached' });
    await line.mend();
    await page.waitForSelector('.pending-move', { state: 'detached', timeout: 30_000 });
    expect(await page.textContent('[role=alert]')).toContain('nie został przyjęty');
    expect(await page.getAttribute('.seat-bottom .last-call', 'class')).not.toContain('pass');

    // In play, offline, he plays a card: it leaves the hand and waits on the felt, marked.
    await playUntil(page, async () => (await page.$('.hand .card.playable')) !== null, 60_000);
    await line.cut();
    await page.waitForSelector('.banner >> text=Łączenie', { timeout: 5000 });
    const card = (await page.getAttribute('.hand .card.playable', 'data-card'))!;
    await page.click(`.hand .card[data-card="${card}"]`);
    await page.waitForSelector(`.trick .pending[data-card="${card}"]`);
    expect(await page.locator(`.hand .card[data-card="${card}"]`).count()).toBe(0);
    expect(await page.textContent('.pending-move')).toContain('zegar może biec');
    await shots(page, 'who-offline-card', PHONE);
    expect(await accessibilityProblems(page), 'a move waiting').toEqual([]);
    // Back online: confirmed, once (the other tab sees the card leave his hand; no refusal here).
    await line.mend();
    await page.waitForSelector('.pending-move', { state: 'detached', timeout: 30_000 });
    await tab.waitForSelector(`.hand .card[data-card="${card}"]`, { state: 'detached', timeout: 10_000 });
    await page.waitForTimeout(500);
    expect(await page.locator('[role=alert]').count()).toBe(0);
    expect(await page.locator(`.hand .card[data-card="${card}"]`).count()).toBe(0);
    expect(errorsOf(page)).toEqual([]);
    await second.close();
    await context.close();
  }, 120_000);

  it('a rated table says so in its heading, before the start and in play, and offers no computer player', async () => {
    const { context, page } = await open(PHONE);
    await page.waitForSelector('main.start');
    await registerHere(page, 'Rysiek Rankingowy');
    await page.waitForSelector('form.create');
    await page.check('input[name=rated]');
    await page.click('form.create button.primary');
    await page.waitForURL(/#\/t\//);
    const id = /#\/t\/([A-Za-z0-9_-]+)/.exec(page.url())![1]!;
    await page.waitForSelector('.waiting');
    expect(await page.textContent('.waiting h2')).toContain('rankingowa');
    expect(await page.locator('button:has-text("Dodaj komputer")').count()).toBe(0);
    expect(await page.locator('.waiting select').count()).toBe(0);
    await shots(page, 'who-rated-waiting', PHONE);
    expect(await accessibilityProblems(page), 'rated waiting').toEqual([]);
    const others = [];
    for (const seat of [1, 2, 3])
      others.push(await seatedClient(id, seat, `Rankingowy ${seat}`, 'register', `10.32.0.${seat}`));
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.contract-bar');
    expect(await page.textContent('.contract-bar')).toContain('rankingowa');
    for (const c of others) c.close();
    await context.close();
  }, 60_000);

  it('a guest who logs out is told what he loses, and keeps his games by registering instead', async () => {
    const { context, page } = await open(PHONE);
    await guest(page, 'Gość Gienek');
    await createTable(page, { bots: 'basic', deals: 1 });
    await page.click('text=Zaczynamy');
    await playUntil(page, async () => (await page.$('.game-end')) !== null, 90_000);
    await page.click('.deal-end button.primary');
    const menu = page.locator('header button[aria-controls=places]');
    if (await menu.isVisible()) await menu.click();
    await page.click('header button:has-text("Wyloguj")');
    await page.waitForSelector('dialog.leave-guest');
    const told = (await page.textContent('dialog.leave-guest'))!;
    expect(told).toContain('1 gr'); // his one game
    expect(told).toMatch(/przepadn/i);
    // The account form starts with his name, not with the "Gość" he put before it as a guest.
    expect(await page.inputValue('dialog.leave-guest input[name=name]')).toBe('Gienek');
    expect(told).toContain('co najmniej 8 znaków');
    await shots(page, 'who-leave-guest', PHONE, false);
    expect(await accessibilityProblems(page), 'guest leaving').toEqual([]);
    await page.fill('dialog.leave-guest input[name=name]', 'Gienek Zapisany');
    await page.fill('dialog.leave-guest input[name=password]', PASSWORD);
    await page.click('dialog.leave-guest button:has-text("Załóż konto i zachowaj gry")');
    await page.waitForSelector('dialog.leave-guest', { state: 'detached' });
    await page.waitForSelector('header .me >> text=Gienek Zapisany', { state: 'attached' });
    expect(await page.locator('header .me .badge.guest').count()).toBe(0);
    // His game is on the account: in his games, and its table names him.
    await page.goto(`${server.url}/#/archive`);
    await page.waitForSelector('text=Powtórka');
    await page.click('text=Powtórka');
    await page.waitForSelector('.replay .felt');
    expect(await page.textContent('.replay')).toContain('Gienek Zapisany');
    expect(errorsOf(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
