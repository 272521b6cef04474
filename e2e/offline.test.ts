// The installed app (issue 36) in Debian's Chromium at a phone's width, against the real server: the
// manifest and the service worker pass Chromium's installability checks, the server serves them so
// that a new version is seen at once; with the network cut the app opens again and plays a whole
// game against the computer players (through a reload mid-deal), which reaches the player's archive
// once when the network returns, marked as played offline; a tampered record is refused.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BrowserContext, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_DATABASES, type Running, start, stopAll } from '../packages/server/test/harness.js';
import { CHROMIUM } from './browser.js';
import { LANGS, PHONE, guest, moveIfMyTurn, openMenu, overflow, register, send, setLang } from './play.js';

const SHOTS = process.env.BASKA_SHOTS;

/**
 * A browser with a profile of its own (Chromium installs nothing from an incognito context), a page
 * at a phone's width on `url`, its script errors collected.
 */
async function installable(url: string) {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'baska-app-')), {
    executablePath: CHROMIUM,
    args: ['--no-sandbox'],
    viewport: PHONE,
    hasTouch: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { context, page, errors };
}

/** The web client's build, copied so that a test may put a newer version in its place. */
function webCopy(): string {
  const dir = mkdtempSync(join(tmpdir(), 'baska-web-'));
  cpSync(fileURLToPath(new URL('../packages/web/dist', import.meta.url)), dir, { recursive: true });
  return dir;
}

/** A file of the served build changed in place, with the compressed copies the server prefers beside it. */
function rewrite(dir: string, file: string, change: (text: string) => string) {
  const path = join(dir, file);
  const text = change(readFileSync(path, 'utf8'));
  writeFileSync(path, text);
  writeFileSync(`${path}.br`, brotliCompressSync(text));
  writeFileSync(`${path}.gz`, gzipSync(text));
}

/** The offline games kept in the page's IndexedDB (offline/games.ts), read or added to. */
type Kept = { id: string; player: { id: number; name: string } | null; sent: unknown; createdAt: number };
const keptGames = (page: Page, add: Kept[] = []) =>
  page.evaluate(async (add) => {
    const db = await new Promise<IDBDatabase>((ok, no) => {
      const r = indexedDB.open('baska-offline');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
    const tx = db.transaction('games', 'readwrite');
    const store = tx.objectStore('games');
    for (const g of add) store.put(g, g.id);
    const all = await new Promise<Kept[]>((ok) => {
      const r = store.getAll();
      r.onsuccess = () => ok(r.result as Kept[]);
    });
    await new Promise((ok) => (tx.oncomplete = ok));
    db.close();
    return all;
  }, add);

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe.each(BROWSER_DATABASES)('the installed app ($name)', ({ env }) => {
  let server: Running;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let web: string;
  beforeAll(async () => {
    web = webCopy();
    server = await start({ ...env(), BASKA_WEB_DIR: web });
    ({ context, page, errors } = await installable(server.url));
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await stopAll();
  });

  it('installs, and opens again with no network', async () => {
    // The service worker has installed and precached the build.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);
    const manifest = (await (await fetch(`${server.url}/manifest.webmanifest`)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Baśka', display: 'standalone', start_url: '/' });
    expect((manifest.icons as { purpose: string }[]).map((i) => i.purpose)).toContain('maskable');
    // The worker and the page are asked for each time; the hashed assets are kept.
    const sw = await fetch(`${server.url}/sw.js`);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const asset = /\/assets\/index-[^"]+\.js/.exec(await (await fetch(server.url)).text())![0];
    expect((await fetch(server.url + asset)).headers.get('cache-control')).toContain('immutable');

    // A registered player, known to this browser before the network goes.
    await register(page, 'Pociąg');
    await page.reload();
    await page.waitForSelector('form.create');
    await context.setOffline(true);
    await page.reload();
    // The app says it is offline and offers the computer players.
    await page.getByRole('status').filter({ hasText: 'Jesteś offline' }).waitFor();
    await page.getByText('Gra z ludźmi i ranking — po powrocie sieci.').waitFor();
    await page.getByLabel('Poziom komputera').waitFor();
    await page.getByLabel('Liczba rozdań').waitFor();
    expect(await page.title()).toBe('Baśka');
    await shot(page, 'offline-lobby-pl');
  });

  it('opens the rules and the score pad with no network', async () => {
    // A real navigation each (the service worker answers it), not a change of the address's #.
    await page.goto(`${server.url}/#/rules/standard`);
    await page.reload();
    await page.locator('main.rules h2').first().waitFor();
    await shot(page, 'offline-rules-pl');
    await page.goto(`${server.url}/#/pad`);
    await page.reload();
    await page.getByRole('heading', { name: 'Zapis punktów' }).waitFor();
    await shot(page, 'offline-pad-pl');
    await page.goto(`${server.url}/#/`);
    await page.reload();
    await page.waitForSelector('form.create');
  });

  it('plays a whole game against the computer players with the network cut, through a reload', async () => {
    await page.selectOption('select[name=level]', 'basic');
    await page.fill('input[name=deals]', '1');
    await page.click('form.create button.primary');
    await page.waitForURL(/#\/offline\/off-/);
    // A few moves, then a reload: the game is where it was (IndexedDB), and goes on.
    let moves = 0;
    while (moves < 3) if (await moveIfMyTurn(page)) moves++;
    await shot(page, 'offline-table-pl');
    // The switches under the table are big enough to see and to tap (WCAG 2.5.8: 24 px), each row 44 px.
    const boxes = await page.$$eval('.effects input[type=checkbox]', (inputs) =>
      inputs.map((i) => {
        const box = i.getBoundingClientRect();
        return { width: box.width, height: box.height, row: i.closest('label')!.getBoundingClientRect().height };
      }),
    );
    expect(boxes.length).toBe(2);
    for (const b of boxes) {
      expect(b.width).toBeGreaterThanOrEqual(24);
      expect(b.height).toBeGreaterThanOrEqual(24);
      expect(b.row).toBeGreaterThanOrEqual(44);
    }
    const hand = await page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('data-card')));
    await page.reload();
    await page.waitForSelector('.table-screen .hand');
    expect(await page.$$eval('.hand .card', (b) => b.map((x) => x.getAttribute('data-card')))).toEqual(hand);
    expect(await page.$('.table-screen .banner')).toBeNull(); // no "connecting to the server"
    while (!(await page.$('.game-end'))) {
      if (await page.$('.deal-end button.primary')) {
        await shot(page, 'offline-deal-end-pl');
        await page.click('.deal-end button.primary');
      } else if (!(await moveIfMyTurn(page))) await page.waitForTimeout(50);
    }
    await shot(page, 'offline-game-end-pl');
    // Replayed and analysed from the games kept here, still with no network.
    await page.evaluate(() => (location.hash = '#/offline'));
    await page.getByRole('link', { name: 'Powtórka' }).click();
    await page.waitForSelector('main.replay .open-hands');
    await page.getByRole('button', { name: 'Koniec' }).click();
    await page.getByRole('button', { name: 'Wstecz' }).click(); // the last card: one choice, quick to weigh
    await page.getByRole('button', { name: /^Czy można było lepiej/ }).click();
    await page.waitForSelector('main.replay .analysis');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await shot(page, 'offline-replay-pl');
    expect(errors).toEqual([]);
  });

  it('sends the game once to "Moje gry" when the network returns; a tampered record is refused', async () => {
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/me/offline-games'));
    await context.setOffline(false);
    // Chromium's emulated network does not fire the page's `online` event as a real one does: said here.
    await page.evaluate(() => dispatchEvent(new Event('online')));
    expect((await sent).status()).toBe(200);
    await page.goto(`${server.url}/#/archive`);
    await page.waitForSelector('.archive li');
    expect(await page.locator('.archive li').count()).toBe(1);
    expect(await page.locator('.archive li .badge.offline').innerText()).toBe('bez sieci');
    await shot(page, 'offline-archive-pl');
    // Another start, another "online": nothing is sent again.
    let again = 0;
    page.on('request', (r) => void (r.url().endsWith('/api/me/offline-games') && again++));
    await page.reload();
    await page.waitForSelector('.archive li');
    await page.evaluate(() => dispatchEvent(new Event('online')));
    await page.goto(`${server.url}/#/offline`);
    await page.getByText('w „Moich grach”').waitFor();
    expect(again).toBe(0);
    // The game's date as the archive writes it, in Polish ("27 lis 2026, 12:12"), not "11/27/2026, 12:12:40 PM".
    const listed = await page.locator('.offline-games li a').first().innerText();
    expect(listed).toMatch(/ — \d{1,2} [a-ząćęłńóśźż]{3,4}\.? \d{4}, \d{1,2}:\d{2}$/);
    expect(listed).not.toMatch(/\/|AM|PM/);
    await shot(page, 'offline-games-pl');
    // A record whose cards were changed does not replay: refused with its code, nothing stored.
    const tampered = await page.evaluate(async () => {
      const r = await fetch('/api/me/games').then((x) => x.json());
      const record = await fetch(`/api/games/${r.games[0].id}/record`).then((x) => x.json());
      const play = record.deals[0].play;
      [play[0], play[1]] = [play[1], play[0]];
      delete record.signature;
      for (const d of record.deals) delete d.fair;
      return record;
    });
    const refused = await send<{ error: { code: string } }>(page, '/api/me/offline-games', {
      id: `off-${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
      level: 'basic',
      deals: 1,
      record: tampered,
    });
    expect(refused.error.code).toBe('ERR_RECORD');
    await page.goto(`${server.url}/#/archive`);
    await page.waitForSelector('.archive li');
    expect(await page.locator('.archive li').count()).toBe(1);
    await openMenu(page);
    expect(errors).toEqual([]);
  });

  it("sends only the signed-in player's own games: not another's, not one begun with nobody signed in", async () => {
    const [done] = await keptGames(page);
    const me = done!.player!;
    const copy = (player: Kept['player'], createdAt: number) => ({
      ...done!,
      id: `off-${crypto.randomUUID()}`,
      player,
      sent: 'waiting',
      createdAt,
    });
    // Sent newest first: his own copy last, so when it is answered the others were passed over.
    const nobodys = copy(null, done!.createdAt + 2);
    const others = copy({ id: me.id + 1000, name: 'Ktoś' }, done!.createdAt + 1);
    const own = copy(me, done!.createdAt - 1);
    await keptGames(page, [nobodys, others, own]);
    const sentIds: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/me/offline-games')) sentIds.push((r.postDataJSON() as { id: string }).id);
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/me/offline-games'));
    await page.evaluate(() => dispatchEvent(new Event('online')));
    expect((await answered).status()).toBe(200);
    expect(sentIds).toEqual([own.id]);
    await page.goto(`${server.url}/#/offline`);
    await page.getByText('zagrana bez logowania — zostaje tylko na tym urządzeniu').waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    if (SHOTS)
      for (const l of LANGS) {
        await setLang(page, l);
        await shot(page, `offline-games-owners-${l}`);
      }
    await setLang(page, 'pl');
    // Signed out (the server says nobody is here): a game begun now is nobody's, not the last player's.
    await send(page, '/api/logout', {});
    await page.reload();
    await page.goto(`${server.url}/#/offline`);
    await page.fill('input[name=deals]', '1');
    await page.click('form.create button.primary');
    await page.waitForURL(/#\/offline\/off-/);
    const id = decodeURIComponent(page.url().split('/offline/')[1]!);
    expect((await keptGames(page)).find((g) => g.id === id)?.player).toBeNull();
  });

  it('says "Nowa wersja — odśwież" when a new version waits, and pressing it reloads into that version', async () => {
    await page.goto(`${server.url}/#/`);
    await guest(page, 'Wagon');
    expect(await page.$('meta[name=baska-build]')).toBeNull();
    // A new build: the page changed, and the worker's precache list with the page's new revision.
    rewrite(web, 'index.html', (html) => html.replace('<head>', '<head><meta name="baska-build" content="2">'));
    rewrite(web, 'sw.js', (sw) => {
      const changed = sw.replace(/(url:\s*"index\.html",\s*revision:\s*")[^"]+"/, '$1second-build"');
      expect(changed).not.toBe(sw);
      return changed;
    });
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
    const update = page.getByRole('button', { name: 'Nowa wersja — odśwież' });
    await update.waitFor();
    // Until the player chooses it, the page is the version it started with.
    expect(await page.$('meta[name=baska-build]')).toBeNull();
    await shot(page, 'update-ready-pl');
    await Promise.all([page.waitForEvent('load'), update.click()]);
    await page.waitForSelector('meta[name=baska-build]', { state: 'attached' });
    await page.waitForSelector('form.create');
    expect(await update.count()).toBe(0);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.waiting === null))).toBe(
      true,
    );
  });

  it('a signed-in player away from a table whose server is gone is told so and offered the computer players', async () => {
    await page.waitForSelector('form.create');
    expect(await page.getByText('Jesteś offline').count()).toBe(0);
    await server.stop('SIGKILL');
    await page.getByRole('status').filter({ hasText: 'Jesteś offline' }).waitFor();
    await page.getByRole('heading', { name: 'Gra z komputerem' }).waitFor();
    await shot(page, 'lost-lobby-pl');
    expect(errors).toEqual([]);
  });
});
