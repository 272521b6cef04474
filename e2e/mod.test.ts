// The moderators' page (#/mod, decision 020) in Chromium at a phone's width (360 px) against the real
// server: a player who is no moderator is told the page is not his; the administrator granted on the
// server's machine bans a player for good with a reason from the page, whole on the screen and clean
// under axe-core, the act appearing in the log; the banned player, logging in, reads the reason.
// Pictures go to BASKA_SHOTS (or e2e/artifacts/).
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BROWSER_DATABASES, registered, serverCommand, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, clippedTexts, freshPage, useChromium } from './browser.js';

const browser = useChromium(stopAll);
const SHOTS = process.env.BASKA_SHOTS ?? ARTIFACTS;
const PHONE = { width: 360, height: 740 };

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const database of BROWSER_DATABASES) {
  describe(`the moderators' page in the browser (${database.name})`, () => {
    it('refuses a player, lets the administrator ban with a reason, and the banned player reads it', async () => {
      const server = await start(database.env());
      const anna = await registered(server.url, 'Anna');
      const celina = await registered(server.url, 'Celina');
      expect((await serverCommand(server, 'grant-admin', 'Anna')).code).toBe(0);

      // Not a moderator: the page says so, and shows nothing else.
      const refused = await freshPage(browser(), `${server.url}/#/mod`, PHONE, celina.c.cookie);
      await refused.page.getByRole('alert').filter({ hasText: 'Ta strona jest tylko dla moderatorów.' }).waitFor();
      expect(await refused.page.getByRole('heading', { level: 2 }).count()).toBe(0);
      await refused.context.close();

      const { context, page, errors } = await freshPage(browser(), `${server.url}/#/mod`, PHONE, anna.c.cookie);
      await page.getByRole('heading', { level: 1, name: 'Moderacja' }).waitFor();
      await page.getByRole('textbox', { name: 'Nazwa gracza' }).first().fill('Celina');
      const ban = page.getByRole('radio', { name: 'Zablokuj konto' });
      await ban.check();
      expect(await page.getByRole('radio', { name: 'Wycisz (bez czatu)' }).isChecked()).toBe(false);
      await page.getByRole('combobox', { name: 'Na jak długo' }).selectOption({ label: 'Na stałe' });
      await page.getByRole('textbox', { name: 'Powód' }).first().fill('obraźliwe wiadomości');
      // The ban's button is red: what cannot be taken back at once looks so.
      const submit = page.getByRole('button', { name: 'Wykonaj' });
      expect(await submit.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(185, 28, 28)');
      await submit.click();
      await page.getByRole('status').filter({ hasText: 'Zrobione. Zapisano w dzienniku.' }).waitFor();
      const log = page.getByRole('region', { name: 'Dziennik moderacji' }).getByRole('listitem');
      await log.filter({ hasText: 'blokada: Celina (na stałe) — obraźliwe wiadomości' }).waitFor();
      await log.filter({ hasText: 'serwer' }).filter({ hasText: 'rola administratora: Anna' }).waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      expect(await clippedTexts(page)).toEqual([]);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/mod-360.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();

      // Celina logs in: she is told why, and that it is for good.
      const login = await freshPage(browser(), server.url, PHONE);
      await login.page.getByLabel('Nazwa', { exact: true }).fill('Celina');
      await login.page.getByLabel('Hasło', { exact: true }).fill('kaszëbë-1234');
      await login.page.getByRole('button', { name: 'Zaloguj' }).click();
      await login.page
        .getByRole('alert')
        .filter({ hasText: 'Moderator zablokował twoje konto na stałe. Powód: obraźliwe wiadomości' })
        .waitFor();
      await login.page.screenshot({ path: `${SHOTS}/mod-banned-login-360.png`, fullPage: true });
      expect(login.errors).toEqual([]);
      await login.context.close();
    }, 30_000);
  });
}
