// The browser client in a real browser (Debian's Chromium through playwright-core) against the real
// server started as a process: a full deal against bots, two players at one table, a reload
// mid-trick, illegal cards and a forged request; screenshots at phone and desktop sizes; the start,
// lobby, table, score, archive, replay, rules and waiting screens checked by axe-core against
// WCAG 2 A and AA (contrast, labels, roles).
import { mkdirSync } from 'node:fs';
import { type Page } from 'playwright-core';
import { io } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type Running, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';
import {
  DESKTOP,
  PHONE,
  afterVersion,
  createTable,
  goTo,
  guest,
  hand,
  moveIfMyTurn,
  openPage,
  playUntil,
  touchDrag,
  trickCards,
} from './play.js';
import { de } from '../packages/web/src/i18n/de.js';
import { en } from '../packages/web/src/i18n/en.js';
import { pl } from '../packages/web/src/i18n/pl.js';

const browser = useChromium(stopAll);

const open = (server: Running, viewport = PHONE) => openPage(browser(), server, viewport);

/** The words of a dictionary's values (its phrases said for a few counts), lower case, 4 letters or more. */
function dictWords(d: object): Set<string> {
  const out = new Set<string>();
  const add = (text: string) => {
    for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) if (word.length >= 4) out.add(word);
  };
  const walk = (v: unknown) => {
    if (typeof v === 'string') add(v);
    else if (typeof v === 'function') for (const n of [1, 2, 5]) add(String(v(n, n, n, n)));
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(d);
  return out;
}

/**
 * English words the Polish page must not show: the English dictionary's words that neither the Polish
 * nor the German one uses (those are the game's own terms and names), and the server's own English
 * for states, levels and presets.
 */
const ENGLISH = (() => {
  const shared = new Set([...dictWords(pl), ...dictWords(de)]);
  const only = [...dictWords(en)].filter((w) => !shared.has(w));
  return new Set([...only, 'playing', 'open', 'finished', 'random', 'basic', 'expert', 'leborsk', 'znin', 'waiting']);
})();

/** The English words in what the page shows: its text, its options, and its accessible names and titles. */
async function englishOnPage(page: Page): Promise<string[]> {
  const text = await page.evaluate(() =>
    [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('option')).map((o) => o.textContent ?? ''),
      ...Array.from(document.querySelectorAll('[aria-label], [title]')).map(
        (e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`,
      ),
    ].join(' '),
  );
  return [...new Set(text.toLowerCase().split(/[^\p{L}]+/u))].filter((w) => ENGLISH.has(w));
}

const SHOTS = '/tmp/shots-i18n/';

describe('the browser client', () => {
  it('a guest plays a complete deal against three bots, to the score line; screenshots of lobby, table and score sheet', async () => {
    const server = await start({ BASKA_BOT_DELAY_MS: '150', BASKA_TABLE_SEED: 'e2e-full' });
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      const { context, page } = await open(server, viewport);
      await page.waitForSelector('input[name=nickname]');
      expect(await accessibilityProblems(page), 'start').toEqual([]);
      await guest(page, `Gość ${size}`);
      await page.screenshot({ path: `${ARTIFACTS}lobby-${size}.png`, fullPage: true });
      expect(await accessibilityProblems(page), 'lobby').toEqual([]);
      await createTable(page, { bots: 'basic', deals: 1 });
      await page.click('text=Zaczynamy');
      await page.waitForSelector('.felt');
      // A guest's name is marked as a guest's (anyone may take any name as a guest).
      expect(await page.textContent('.seat-bottom .who')).toContain('gość');
      // Mid-trick: some cards on the table, not all four.
      await playUntil(page, async () => {
        const n = (await trickCards(page)).length;
        const phase = await page.getAttribute('.felt', 'data-phase');
        return phase === 'play' && n > 0 && n < 4;
      });
      await page.screenshot({ path: `${ARTIFACTS}table-mid-trick-${size}.png`, fullPage: true });
      expect(await accessibilityProblems(page), 'table').toEqual([]);
      if (size === 'phone') {
        // On a phone a card can be dragged onto the table with a finger.
        await playUntil(page, async () => (await page.$('.hand .card.playable, .deal-end')) !== null);
        const card = await page.$eval('.hand .card.playable', (b) => b.getAttribute('data-card')!);
        const held = (await hand(page)).length;
        await afterVersion(page, () => touchDrag(page, `.hand .card[data-card="${card}"]`, '.trick'));
        expect(await hand(page)).not.toContain(card);
        expect(await hand(page)).toHaveLength(held - 1); // played once, not twice
      }
      // One deal is asked for, but the deal comes from the clients' contributions too (decision
      // 013), and one that ends 52:52 starts a bok-round the table then plays (RULES §5): play on
      // until the game's end, every deal's line zero-sum, the totals their sum.
      const sum = [0, 0, 0, 0];
      for (;;) {
        await playUntil(page, async () => (await page.$('.deal-end')) !== null);
        const line = await page.$$eval('.deal-end .score-line td', (td) =>
          td.map((x) => Number(x.textContent!.replace('\u2212', '-'))),
        );
        expect(line).toHaveLength(4);
        expect(line.reduce((a, b) => a + b, 0)).toBe(0); // zero-sum
        line.forEach((x, i) => (sum[i]! += x));
        // The game's end, or the pause before a bok-round's next deal.
        await page.waitForSelector('.game-end, .deal-end .pause', { timeout: 60_000 });
        if ((await page.$('.game-end')) !== null) break;
        await page.click('.deal-end button.primary');
        await page.waitForSelector('.deal-end', { state: 'detached' });
      }
      await page.waitForSelector('text=Koniec gry');
      const totals = await page.$$eval('.sheet tfoot tr:first-child td', (td) =>
        td.map((x) => Number(x.textContent!.replace('\u2212', '-'))),
      );
      expect(totals).toEqual(sum);
      await page.screenshot({ path: `${ARTIFACTS}score-${size}.png`, fullPage: true });
      expect(await accessibilityProblems(page), 'score').toEqual([]);
      await page.click('.deal-end button.primary');
      if (size === 'desktop') {
        // The archive, a replay card by card, and the exact analysis of a decision in it.
        await page.click('header >> text=Moje gry');
        await page.waitForSelector('text=Powtórka');
        expect(await accessibilityProblems(page), 'archive').toEqual([]);
        await page.click('text=Powtórka');
        await page.waitForSelector('.open-hands');
        await page.waitForSelector('.open-hands >> text=Gość desktop'); // the players' names, not seat numbers
        expect(await page.textContent('.open-hands')).toMatch(/Bot \p{L}+ \((na chybił trafił|średni|mocny)\)/u); // the level in the page's language
        for (let i = 0; i < 9; i++) await page.click('text=Naprzód');
        expect(await page.textContent('.replay')).toContain('Krok 9/');
        await page.click('text=Czy można było lepiej?');
        await page.waitForSelector('.analysis tbody tr', { timeout: 60_000 });
        const rows = await page.$$eval('.analysis tbody tr', (r) => r.map((x) => x.textContent ?? ''));
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.filter((r) => r.includes('zagrano'))).toHaveLength(1);
        expect(await page.textContent('.analysis .note')).toMatch(/\d+ układów/);
        await page.screenshot({ path: `${ARTIFACTS}replay-analysis-${size}.png`, fullPage: true });
        expect(await accessibilityProblems(page), 'replay').toEqual([]);
        // English and German, game terms kept.
        await page.selectOption('header select', 'en');
        await page.waitForSelector('header >> text=My games');
        await page.selectOption('header select', 'de');
        await page.waitForSelector('header >> text=Meine Partien');
        await page.click('header >> text=Regeln');
        await page.waitForSelector('.glossary >> text=zwyczajna');
        await page.screenshot({ path: `${ARTIFACTS}rules-de-${size}.png`, fullPage: true });
        expect(await accessibilityProblems(page), 'rules').toEqual([]);
        await page.selectOption('header select', 'pl');
      }
      expect((page as Page & { errors?: string[] }).errors).toEqual([]);
      await context.close();
    }
  });

  it('the Polish page speaks Polish: errors as sentences, no English word on the lobby, waiting room and table, the start explained', async () => {
    mkdirSync(SHOTS, { recursive: true });
    expect(ENGLISH.has('seats')).toBe(true); // the check has English words to look for
    expect(ENGLISH.has('gier')).toBe(false);
    const server = await start({ BASKA_BOT_DELAY_MS: '150', BASKA_TABLE_SEED: 'e2e-i18n' });
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const { context, page } = await open(server, viewport);
      await page.waitForSelector('input[name=nickname]');
      // A refused registration says what is wrong, in Polish, not the server's code and validation text.
      await page.fill('input[name=name]', `Kazek${size}`);
      await page.fill('input[name=password]', 'krótkie');
      await page.click('text=Załóż konto');
      await page.waitForSelector('.start [role=alert]');
      expect(await page.textContent('.start [role=alert]')).toBe('Hasło musi mieć co najmniej 8 znaków.');
      await page.screenshot({ path: `${SHOTS}start-error-${size}.png`, fullPage: true });
      await guest(page, size === 'phone' ? 'Ola' : 'Ela');
      expect(await englishOnPage(page), 'lobby').toEqual([]);
      expect(await page.$$eval('select[name=preset] option', (o) => o.map((x) => x.textContent))).toEqual([
        'Standard',
        'Lębork',
        'Żnin',
        'Kop',
      ]);
      await page.screenshot({ path: `${SHOTS}lobby-${size}.png`, fullPage: true });

      // Before the start, alone at the table: waiting, the start disabled with its reason, the bot level offered.
      await createTable(page, { bots: '', deals: 1 });
      await page.waitForSelector('.waiting');
      expect(await page.textContent('#wait-h')).toBe('Czekamy na graczy…');
      expect(await page.isDisabled('.waiting button.primary')).toBe(true);
      expect(await page.textContent('#start-why')).toBe('Brakuje jeszcze 3 graczy');
      expect(await page.isVisible('.waiting select')).toBe(true);
      expect(await englishOnPage(page), 'waiting').toEqual([]);
      await page.screenshot({ path: `${SHOTS}waiting-${size}.png`, fullPage: true });
      await page.selectOption('.waiting select', 'expert');
      for (const seat of [2, 3, 4]) {
        await page.click(`.seats li:nth-child(${seat}) button:has-text("Dodaj komputer")`);
        await page.waitForSelector(`.seats li:nth-child(${seat}) >> text=Bot`);
      }
      // Full: no more waiting, no bot level to choose, and each bot named once with its level in Polish.
      await page.waitForSelector('#wait-h >> text=Komplet przy stole');
      expect(await page.$('.waiting select')).toBeNull();
      expect(await page.$('#start-why')).toBeNull();
      expect(await page.isDisabled('.waiting button.primary')).toBe(false);
      const seats = await page.textContent('.seats');
      expect(seats).toContain('komputer · mocny');
      expect(seats).not.toMatch(/\((expert|komputer)\)/);
      expect(await englishOnPage(page), 'waiting, full').toEqual([]);
      await page.screenshot({ path: `${SHOTS}waiting-full-${size}.png`, fullPage: true });

      await page.click('text=Zaczynamy');
      await page.waitForSelector('.felt');
      const totals = await page.$$eval('.seat .score-total', (s) => s.map((x) => x.textContent));
      expect(totals).toEqual(['razem 0', 'razem 0', 'razem 0', 'razem 0']);
      expect(await englishOnPage(page), 'table').toEqual([]);
      await page.screenshot({ path: `${SHOTS}table-${size}.png`, fullPage: true });

      await goTo(page, 'Stoły');
      await page.waitForSelector('.tables .table-row');
      expect(await page.textContent('.tables.full-list')).toMatch(/zajęte 4\/4.*3 komputery/);
      expect(await englishOnPage(page), 'lobby with a table').toEqual([]);
      await page.screenshot({ path: `${SHOTS}lobby-table-${size}.png`, fullPage: true });
      await goTo(page, 'Moje gry');
      await page.waitForSelector('.archive .table-row');
      expect(await page.textContent('.archive .table-row')).toContain('w toku');
      expect(await englishOnPage(page), 'archive').toEqual([]);
      await page.screenshot({ path: `${SHOTS}archive-${size}.png`, fullPage: true });
      expect((page as Page & { errors?: string[] }).errors).toEqual([]);
      await context.close();
    }
  });

  it('two guests at one table with two bots make calls, one a kontra, play cards, and each sees only his own hand', async () => {
    const server = await start({ BASKA_BOT_DELAY_MS: '100', BASKA_TABLE_SEED: 'e2e-two' });
    const a = await open(server);
    const b = await open(server, DESKTOP);
    const framesA: string[] = [];
    a.page.on('websocket', (ws) => ws.on('framereceived', (f) => framesA.push(String(f.payload))));
    await guest(a.page, 'Ania');
    await guest(b.page, 'Bartek');
    // Two of the switches: no bok-rounds, and a kontra on one's own wesele allowed.
    const switches = { bokRound: 'off', weseleSelfKontra: 'on' } as const;
    const id = await createTable(a.page, { bots: '', deals: 6, switches });
    // Bartek follows the invite link and sits down.
    const invite = await a.page.inputValue('.waiting input[readonly]');
    expect(invite).toContain(`#/t/${id}`);
    await b.page.goto(invite);
    // Both see the table's own rules; the server keeps them.
    await b.page.waitForSelector('.waiting >> text=Bok-rundy: nie, Kontra na własne wesele: tak');
    expect(await accessibilityProblems(b.page), 'waiting').toEqual([]);
    const info = await (await fetch(`${server.url}/api/tables/${id}`)).json();
    expect(info.table.rules).toEqual({ preset: 'standard', bokRound: false, weseleSelfKontra: true });
    await b.page.click('.seats li:nth-child(2) button:has-text("Usiądź")');
    await a.page.waitForSelector('.seats li:nth-child(2) >> text=Bartek');
    expect(await a.page.textContent('.seats li:nth-child(2) .badge.guest')).toBe('gość');
    for (const seat of [3, 4]) {
      await a.page.click(`.seats li:nth-child(${seat}) button:has-text("Dodaj komputer")`);
      await a.page.waitForSelector(`.seats li:nth-child(${seat}) >> text=Bot`);
    }
    await a.page.click('text=Zaczynamy');
    await Promise.all([a.page.waitForSelector('.felt'), b.page.waitForSelector('.felt')]);

    // Before any card falls, neither hand reaches the other: not on screen, not in a websocket frame.
    const [handA, handB] = [await hand(a.page), await hand(b.page)];
    expect(handA).toHaveLength(4);
    expect(handB).toHaveLength(4);
    expect(handA.filter((c) => handB.includes(c))).toEqual([]);
    for (const c of handB) expect(framesA.some((f) => f.includes(`"${c}"`))).toBe(false);
    expect(await a.page.$$('.seat .backs .mini')).toHaveLength(12); // three other hands, face down

    // Both play, calling kontra whenever it is offered, until someone has called it and the deal ends.
    const calls: string[] = [];
    const until = Date.now() + 90_000;
    let kontraSeen = false;
    while (Date.now() < until) {
      for (const p of [a.page, b.page]) {
        const did = await moveIfMyTurn(p, (c) => c === 'kontra');
        if (did && !/^[ATQJ][cshd]$/.test(did)) calls.push(did);
      }
      kontraSeen ||= (await a.page.$$eval('.auction li', (l) => l.map((x) => x.textContent))).some((x) =>
        x?.includes('kontra'),
      );
      if (calls.includes('kontra') && (await a.page.$('.deal-end'))) break;
      await a.page.waitForTimeout(30);
    }
    expect(calls).toContain('kontra');
    expect(kontraSeen || calls.includes('kontra')).toBe(true);
    await a.page.screenshot({ path: `${ARTIFACTS}two-players-a.png`, fullPage: true });
    await b.page.screenshot({ path: `${ARTIFACTS}two-players-b.png`, fullPage: true });
    for (const p of [a.page, b.page]) expect((p as Page & { errors?: string[] }).errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });

  it('a reload in the middle of a trick brings the player back to the same table, hand and trick', async () => {
    const server = await start({ BASKA_BOT_DELAY_MS: '400', BASKA_TABLE_SEED: 'e2e-reload' });
    const { context, page } = await open(server);
    await guest(page, 'Odświeżacz');
    const id = await createTable(page, { bots: 'basic', deals: 2 });
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.felt');
    // Stop when it is our turn in the play with cards already on the table: nothing moves until we do.
    await playUntil(page, async () => {
      const n = (await trickCards(page)).length;
      const mine = (await page.$$('.hand .card.playable')).length > 0;
      return n > 0 && n < 4 && mine;
    });
    const before = { hand: await hand(page), trick: await trickCards(page), url: page.url() };
    await page.reload();
    await page.waitForSelector('.hand .card.playable');
    expect(page.url()).toBe(before.url);
    expect(page.url()).toContain(id);
    expect(await hand(page)).toEqual(before.hand);
    expect(await trickCards(page)).toEqual(before.trick);
    // The game goes on from there: this card by its number key, the next one dragged onto the table.
    const card = await page.$eval('.hand .card.playable', (b) => b.getAttribute('data-card')!);
    await afterVersion(page, () => page.keyboard.press(String(before.hand.indexOf(card) + 1)));
    expect(await hand(page)).not.toContain(card);
    await playUntil(page, async () => (await page.$$('.hand .card.playable')).length > 0);
    const dragged = await page.$eval('.hand .card.playable', (b) => b.getAttribute('data-card')!);
    await afterVersion(page, () => page.dragAndDrop(`.hand .card[data-card="${dragged}"]`, '.trick'));
    expect(await hand(page)).not.toContain(dragged);
    await playUntil(page, async () => (await page.$('.deal-end')) !== null);
    await context.close();
  });

  it('a dropped connection (the server killed and restarted) reconnects by itself and shows the table as it is', async () => {
    const port = String(15_000 + Math.floor(Math.random() * 15_000)); // below the ephemeral ports PORT=0 hands out
    const env = { PORT: port, BASKA_BOT_DELAY_MS: '200', BASKA_TABLE_SEED: 'e2e-drop' };
    let server = await start(env);
    const { context, page } = await open(server);
    await guest(page, 'Wędrowiec');
    await createTable(page, { bots: 'basic', deals: 3 });
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.felt');
    await playUntil(page, async () => {
      const n = (await trickCards(page)).length;
      return n > 0 && n < 4 && (await page.$$('.hand .card.playable')).length > 0;
    });
    const before = { hand: await hand(page), trick: await trickCards(page) };
    await server.stop('SIGKILL');
    await page.waitForSelector('.banner'); // "connecting…" while the server is away
    server = await start(env, server.dataDir);
    await page.waitForSelector('.banner', { state: 'detached', timeout: 20_000 });
    await page.waitForSelector('.hand .card.playable');
    expect(await hand(page)).toEqual(before.hand);
    expect(await trickCards(page)).toEqual(before.trick);
    await playUntil(page, async () => (await page.$('.deal-end')) !== null);
    await context.close();
  });

  it('an illegal card cannot be played, and a forged request for it is refused by the server', async () => {
    const server = await start({ BASKA_BOT_DELAY_MS: '0', BASKA_TABLE_SEED: 'e2e-illegal' });
    const { context, page } = await open(server, DESKTOP);
    await guest(page, 'Oszust');
    const id = await createTable(page, { bots: 'random', deals: 20 });
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.felt');
    // Play on until a turn where some of our cards may not be played (following suit).
    await playUntil(
      page,
      async () => {
        const all = await page.$$('.hand .card');
        const ok = await page.$$('.hand .card.playable');
        return ok.length > 0 && ok.length < all.length;
      },
      120_000,
    );
    const illegal = await page.$eval('.hand .card:disabled', (b) => b.getAttribute('data-card')!);
    expect(await page.isDisabled(`.hand .card[data-card="${illegal}"]`)).toBe(true);
    await page.click(`.hand .card[data-card="${illegal}"]`, { force: true });
    await page.keyboard.press(String((await hand(page)).indexOf(illegal) + 1)); // the key for it, too
    await page.waitForTimeout(500);
    expect(await hand(page)).toContain(illegal); // still in hand: nothing was sent
    await page.screenshot({ path: `${ARTIFACTS}illegal-dimmed-desktop.png` });

    // A forged request with the browser's own session: the server refuses it with its code.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const forged = io(server.url, { extraHeaders: { cookie }, transports: ['websocket'], reconnection: false });
    const answer = await new Promise<{ type: string; code?: string; version?: number }>((resolve) => {
      forged.on('message', (m: { type: string; version?: number; code?: string }) => {
        if (m.type === 'snapshot')
          forged.emit('message', { type: 'act', table: id, version: m.version, action: illegal });
        else if (m.type === 'error') resolve(m);
      });
      forged.emit('message', { type: 'join', table: id });
    });
    forged.close();
    expect(answer.code).toBe('ERR_ILLEGAL_CARD');
    expect(await hand(page)).toContain(illegal);
    await context.close();
  });

  it('the end of a deal stays until Dalej: its pause gives him 20 s and more to read, with no clock running; a taken trick names its winner; a move the clock made is marked', async () => {
    const SHOTS = '/tmp/shots-pace/';
    mkdirSync(SHOTS, { recursive: true });
    const server = await start({
      BASKA_BOT_DELAY_MS: '150',
      BASKA_TRICK_PAUSE_MS: '1500',
      BASKA_TABLE_SEED: 'e2e-pace',
    });
    const phone = { width: 390, height: 844 };
    const { context, page } = await open(server, phone);
    const both = async (name: string) => {
      await page.screenshot({ path: `${SHOTS}${name}-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.screenshot({ path: `${SHOTS}${name}-desktop.png`, fullPage: true });
      await page.setViewportSize(phone);
    };
    await guest(page, 'Czytelnik');
    // A short clock (5 s a move), the pause left at its default (30 s).
    await createTable(page, { bots: 'basic', deals: 2, seconds: 5 });
    await page.click('text=Zaczynamy');
    await page.waitForSelector('.felt');
    // A trick taken: it stays on the table with its winner named and its points.
    await playUntil(page, async () => (await page.$('.felt .taken')) !== null);
    const taken = (await page.textContent('.felt .taken'))!;
    expect(taken).toMatch(/^(Lewę bierze .+|Bierzesz lewę): \d+ (oczko|oczka|oczek)$/);
    expect(await page.$$('.trick .played.winner')).toHaveLength(1);
    await both('trick-taken');
    await playUntil(page, async () => (await page.$('.tally')) !== null || (await page.$('.deal-end')) !== null);
    if (await page.$('.tally')) {
      expect(await page.textContent('.tally')).toMatch(/^Wzięte:/);
      await both('tally');
    }
    // The end of the deal: the player reads it for 20 seconds.
    await playUntil(page, async () => (await page.$('.deal-end')) !== null);
    const version = await page.getAttribute('.table-screen', 'data-version');
    // The pause lets him read for 20 s and more (its default is 30 s)...
    const pause = /^Następne rozdanie za (\d+) sek\.$/.exec((await page.textContent('.deal-end .pause'))!);
    expect(Number(pause?.[1])).toBeGreaterThanOrEqual(20);
    await both('summary');
    // ...and no clock runs while he reads: his clock is 5 s, so after 8 s a running one would have moved.
    await page.waitForTimeout(8_000);
    // Nothing happened meanwhile: no next deal, no move made for him, no clock running.
    expect(await page.getAttribute('.table-screen', 'data-version')).toBe(version);
    expect(await page.$('.deal-end')).not.toBeNull();
    expect(await page.$('.clock')).toBeNull();
    expect(await page.textContent('.contract-bar')).toContain('Rozdanie 1');
    await page.click('.deal-end button.primary');
    // Dalej: the next deal starts, with nothing made for him.
    await page.waitForFunction(() => document.querySelector('.contract-bar')?.textContent?.includes('Rozdanie 2'));
    expect(await page.$('.deal-end')).toBeNull();
    expect(await page.$$('.hand .card')).toHaveLength(4);
    expect(await page.$('.stand-in')).toBeNull();
    // Now he lets his clock run out once: the call made for him is marked as the clock's.
    await page.waitForSelector('.calls button, .hand .card.playable', { timeout: 30_000 });
    await page.waitForSelector('.auction .stand-in.timeout', { state: 'attached', timeout: 15_000 }); // the full auction is folded
    expect(await page.textContent('.auction .stand-in.timeout')).toBe('minął czas');
    await both('timeout-mark');
    await context.close();
  }, 180_000);
});
