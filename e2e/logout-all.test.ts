// "Log out everywhere" in Chromium against the real server (decision 016): a registered player
// signed in on two devices presses the button on his own profile; the page returns to the start,
// and the other device's session has ended too. The profile with the button is checked by axe-core.
import { describe, expect, it } from 'vitest';
import { Client, start, stopAll } from '../packages/server/test/harness.js';
import { ARTIFACTS, accessibilityProblems, useChromium } from './browser.js';

const browser = useChromium(stopAll);

describe('log out everywhere in the browser', () => {
  it('the button on his profile ends the sessions of both devices', async () => {
    const server = await start({});
    const phone = new Client(server.url);
    const player = await phone.register('Ostrożna');
    const laptop = new Client(server.url);
    expect((await laptop.http('POST', '/api/login', { name: 'ostrożna', password: 'kaszëbë-1234' })).status).toBe(200);

    const context = await browser().newContext({ viewport: { width: 360, height: 740 } });
    const [name, value] = laptop.cookie.split('=');
    await context.addCookies([{ name: name!, value: value!, url: server.url }]);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}/#/player/${player.id}`);
    const button = page.getByRole('button', { name: 'Wyloguj ze wszystkich urządzeń' });
    await button.waitFor();
    expect(await accessibilityProblems(page), 'profile').toEqual([]);
    await page.screenshot({ path: `${ARTIFACTS}logout-all-phone.png`, fullPage: true });
    await button.click();
    await page.waitForSelector('header .me', { state: 'detached' });
    expect((await phone.http('GET', '/api/me')).body.player).toBeNull();
    expect((await laptop.http('GET', '/api/me')).body.player).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
