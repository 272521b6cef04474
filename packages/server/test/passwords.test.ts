// The password and the e-mail address of an account (decision 018), on a real process over SQLite
// and (with BASKA_TEST_PG_URL) PostgreSQL, with a real SMTP server started here (mailbox.ts): an
// address confirmed by the link its letter carries; a forgotten password replaced through the link a
// letter carries, which ends every session; a change of password that keeps only the session that
// made it; without mail, a reset link issued on the server's machine (`baska-server reset-link`).
// Each route's hostile input gets a coded error and changes nothing. Few passwords are hashed: each
// costs argon2's 64 MiB and a few hundred milliseconds on a busy machine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, type Running, serverCommand, sqlOn, start, stopAll } from './harness.js';
import { type Mailbox, linkIn, mailbox } from './mailbox.js';

let post: Mailbox;
beforeAll(async () => {
  post = await mailbox();
});
afterAll(async () => {
  await stopAll();
  await post.close();
});

const PASSWORD = 'kaszëbë-1234';
const me = async (c: Client) => (await c.http('GET', '/api/me')).body.player as { id: number; name: string } | null;
const login = (url: string, name: string, password: string) =>
  new Client(url).http('POST', '/api/login', { name, password }).then((r) => r.status);
const hashOf = async (server: Running, id: number) =>
  (await sqlOn(server, 'select password_hash from player where id = ?', [id]))[0]!.password_hash as string;

/** A client signed in as `name`, with his socket at a table of his (so the server has put it in his rooms). */
async function atTable(url: string, name: string, register = false) {
  const c = new Client(url);
  const r = await c.http('POST', register ? '/api/register' : '/api/login', { name, password: PASSWORD });
  expect(r.status).toBe(200);
  const table = (await c.http('POST', '/api/tables', { seat: 0 })).body.table.id as string;
  await c.connect();
  c.send({ type: 'join', table });
  await c.next((m) => m.type === 'snapshot', 20_000, 0);
  return c;
}

const closed = (c: Client) => new Promise<string>((r) => c.socket!.once('disconnect', r));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const database of DATABASES) {
  describe(`passwords and e-mail on ${database.name}`, () => {
    it('an address confirmed by its letter; a forgotten password replaced through the letter, every session ended', async () => {
      const server = await start({ ...database.env(), ...post.env });
      const first = await atTable(server.url, 'Zosia', true);
      const second = await atTable(server.url, 'Zosia');
      const id = (await me(first))!.id;

      // The address: a letter with a link; confirmed by it once.
      const mark = post.letters.length;
      expect(await first.http('POST', '/api/me/email', { email: ' Zosia@Example.ORG ', lang: 'pl' })).toEqual({
        status: 200,
        body: { ok: true },
      });
      const confirm = await post.next('zosia@example.org', mark);
      expect(confirm.subject).toBe('Baśka: potwierdź adres e-mail');
      expect(confirm.from?.value).toEqual([{ name: 'Baśka', address: 'baska@example.org' }]);
      expect((await first.http('GET', '/api/me/account')).body).toEqual({
        email: null,
        pending: 'zosia@example.org',
        mail: true,
      });
      const { token: confirmToken } = linkIn(confirm, 'email');
      const anyone = new Client(server.url); // the link may be opened anywhere: the token is the proof
      expect((await anyone.http('POST', '/api/email/confirm', { token: confirmToken })).status).toBe(200);
      expect((await anyone.http('POST', '/api/email/confirm', { token: confirmToken })).body.error.code).toBe(
        'ERR_TOKEN',
      );
      expect((await first.http('GET', '/api/me/account')).body).toEqual({
        email: 'zosia@example.org',
        pending: null,
        mail: true,
      });

      // Forgotten: asked by name, by address, for nobody; the same answer, about as soon.
      const asking = new Client(server.url);
      const times = { known: [] as number[], unknown: [] as number[] };
      const ask = async (who: string, lang = 'pl') => {
        const from = performance.now();
        const r = await asking.http('POST', '/api/password/forgot', { who, lang });
        const ms = performance.now() - from;
        expect(r, who).toEqual({ status: 200, body: { ok: true } });
        return ms;
      };
      const links: string[] = [];
      for (const [who, lang] of [
        ['zosia', 'pl'],
        ['ZOSIA@example.org', 'en'],
        ['Zosia', 'de'],
      ] as const) {
        const from = post.letters.length;
        times.known.push(await ask(who, lang));
        const letter = await post.next('zosia@example.org', from);
        expect(letter.subject).toBe(
          { pl: 'Baśka: nowe hasło', en: 'Baśka: a new password', de: 'Baśka: ein neues Passwort' }[lang],
        );
        expect(letter.text).toContain('Zosia');
        const link = linkIn(letter, 'reset');
        expect(link.url.startsWith(`${server.url}/#/reset/`)).toBe(true);
        links.push(link.token);
      }
      const before = post.letters.length;
      for (const who of ['Nikt', 'nikt@example.org', 'Ktoś'] as const) times.unknown.push(await ask(who));
      console.log(
        `forgot (ms): known ${times.known.map((t) => t.toFixed(1)).join(', ')}; unknown ${times.unknown.map((t) => t.toFixed(1)).join(', ')}`,
      );
      expect(Math.abs(median(times.known) - median(times.unknown))).toBeLessThan(50);

      // The link's token is stored only as its hash, expiring in an hour; the newest link is the one that works.
      const stored = await sqlOn(server, 'select hash, created_at, expires_at from account_token where player_id = ?', [
        id,
      ]);
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(links[2]!);
      const life = Date.parse(stored[0]!.expires_at as string) - Date.parse(stored[0]!.created_at as string);
      expect(life).toBe(60 * 60 * 1000);
      const stranger = new Client(server.url);
      const reset = (token: string, password: string) =>
        stranger.http('POST', '/api/password/reset', { token, password });
      expect((await reset(links[0]!, 'nowe-hasło-1')).body.error.code).toBe('ERR_TOKEN');
      const hash = await hashOf(server, id);

      // The new password: every session ends (their sockets close), the old password does not work.
      // The link works once, also when it is sent twice at the same moment: one wins.
      const gone = [closed(first), closed(second)];
      const both = await Promise.all([reset(links[2]!, 'nowe-hasło-1'), reset(links[2]!, 'jeszcze-inne-2')]);
      const won = both.findIndex((r) => r.status === 200);
      expect(both.map((r) => r.body.error?.code ?? r.status).sort()).toEqual([200, 'ERR_TOKEN']);
      expect(await Promise.all(gone)).toEqual(['io server disconnect', 'io server disconnect']);
      expect(await me(first)).toBeNull();
      expect(await me(second)).toBeNull();
      expect(await hashOf(server, id)).not.toBe(hash);
      expect(await login(server.url, 'Zosia', PASSWORD)).toBe(401);
      expect(await login(server.url, 'Zosia', ['nowe-hasło-1', 'jeszcze-inne-2'][won]!)).toBe(200);
      // No letter went to an address nobody confirmed.
      expect(post.letters.length).toBe(before);

      // Resets asked for one name are limited, whether it exists or not (its mailbox is not flooded).
      for (let i = 0; i < 2; i++) await ask('nikt');
      const limited = await asking.http('POST', '/api/password/forgot', { who: 'NIKT' });
      expect(limited).toMatchObject({ status: 429, body: { error: { code: 'ERR_RATE' } } });
    });

    it('a changed password: the old one stops working, the other sessions end, this one stays', async () => {
      const server = await start(database.env());
      const here = await atTable(server.url, 'Kuba', true);
      const there = await atTable(server.url, 'Kuba');
      const id = (await me(here))!.id;
      const hash = await hashOf(server, id);

      // A wrong old password changes nothing.
      const wrong = await here.http('POST', '/api/me/password', { old: 'nie-to-hasło', new: 'nowe-hasło-1' });
      expect(wrong).toMatchObject({ status: 401, body: { error: { code: 'ERR_CREDENTIALS' } } });
      expect(await hashOf(server, id)).toBe(hash);
      expect(await me(there)).toMatchObject({ id });

      const gone = closed(there);
      const changed = await here.http('POST', '/api/me/password', { old: PASSWORD, new: 'nowe-hasło-1' });
      expect(changed).toEqual({ status: 200, body: { ok: true } });
      expect(await gone).toBe('io server disconnect');
      expect(await me(there)).toBeNull();
      expect(await me(here)).toMatchObject({ id });
      expect(here.socket!.connected).toBe(true);
      expect(await login(server.url, 'Kuba', PASSWORD)).toBe(401);
      expect(await login(server.url, 'Kuba', 'nowe-hasło-1')).toBe(200);
      here.close();
    });

    it('without mail: a reset link from the server machine; hostile input refused with a code, nothing changed', async () => {
      const server = await start(database.env());
      const ola = new Client(server.url);
      const id = (await ola.register('Ola', PASSWORD)).id;
      const guest = new Client(server.url);
      await guest.guest('Gość Ola');
      const nobody = new Client(server.url);
      const hash = await hashOf(server, id);
      const code = async (c: Client, method: string, path: string, body?: unknown) => {
        const r = await c.http(method, path, body);
        return `${r.status} ${r.body.error?.code ?? 'ok'}`;
      };

      // No mail: asking says so (the same for any name), and an address cannot be added.
      expect(await code(nobody, 'POST', '/api/password/forgot', { who: 'Ola' })).toBe('503 ERR_NO_MAIL');
      expect(await code(nobody, 'POST', '/api/password/forgot', { who: 'Nikt' })).toBe('503 ERR_NO_MAIL');
      expect(await code(ola, 'POST', '/api/me/email', { email: 'ola@example.org' })).toBe('503 ERR_NO_MAIL');
      expect((await ola.http('GET', '/api/me/account')).body).toEqual({ email: null, pending: null, mail: false });

      // Who may: nobody signed in, a guest (no password, no address).
      expect(await code(nobody, 'POST', '/api/me/password', { old: PASSWORD, new: 'nowe-hasło-1' })).toBe(
        '401 ERR_AUTH',
      );
      expect(await code(guest, 'POST', '/api/me/password', { old: PASSWORD, new: 'nowe-hasło-1' })).toBe(
        '403 ERR_GUEST',
      );
      expect(await code(guest, 'GET', '/api/me/account')).toBe('403 ERR_GUEST');
      expect(await code(guest, 'POST', '/api/me/email', { email: 'gosc@example.org' })).toBe('403 ERR_GUEST');
      expect(await code(nobody, 'DELETE', '/api/me/email')).toBe('401 ERR_AUTH');

      // Wrong types, missing and extra fields, too long, too big, not tokens of ours.
      const huge = 'x'.repeat(17_000);
      const token = 'A'.repeat(43);
      const hostile: [Client, string, string, unknown, string][] = [
        [ola, 'POST', '/api/me/password', { old: 1, new: 'nowe-hasło-1' }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/password', { old: PASSWORD, new: 'krótkie' }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/password', { old: PASSWORD, new: 'y'.repeat(201) }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/password', { old: PASSWORD }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/password', { old: PASSWORD, new: 'nowe-hasło-1', admin: true }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/password', [PASSWORD, 'nowe-hasło-1'], '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/password', { old: huge, new: huge }, '413 ERR_TOO_BIG'],
        [ola, 'POST', '/api/me/email', { email: 'nie adres' }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/email', { email: `${'a'.repeat(250)}@example.org` }, '400 ERR_SCHEMA'],
        [ola, 'POST', '/api/me/email', { email: 'ola@example.org', lang: 'fr' }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/forgot', { who: '' }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/forgot', { who: ['Ola'] }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/forgot', { who: 'z'.repeat(255) }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/reset', { token, password: 7 }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/reset', { token: `${token}'--`, password: 'nowe-hasło-1' }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/reset', { token: { $ne: '' }, password: 'nowe-hasło-1' }, '400 ERR_SCHEMA'],
        [nobody, 'POST', '/api/password/reset', { token, password: 'nowe-hasło-1' }, '400 ERR_TOKEN'],
        [nobody, 'POST', '/api/email/confirm', { token }, '400 ERR_TOKEN'],
        [nobody, 'POST', '/api/email/confirm', { token: null }, '400 ERR_SCHEMA'],
      ];
      for (const [c, method, path, body, expected] of hostile)
        expect(await code(c, method, path, body), `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(expected);
      expect(await hashOf(server, id)).toBe(hash);
      expect(await sqlOn(server, 'select * from account_email')).toEqual([]);

      // The operator's link: an unknown name is refused; Ola's works once, within its hour.
      const unknown = await serverCommand(server, 'reset-link', 'Nikt');
      expect([unknown.code, unknown.err.trim()]).toEqual([1, 'no registered player is called Nikt']);
      const issued = await serverCommand(server, 'reset-link', 'ola');
      expect(issued.code, issued.err).toBe(0);
      const link = /\/#\/reset\/([A-Za-z0-9_-]{43})$/m.exec(issued.out);
      expect(link, issued.out).not.toBeNull();
      // An expired link does nothing.
      await sqlOn(server, "update account_token set expires_at = '2000-01-01T00:00:00.000Z' where player_id = ?", [id]);
      expect(await code(nobody, 'POST', '/api/password/reset', { token: link![1], password: 'nowe-hasło-1' })).toBe(
        '400 ERR_TOKEN',
      );
      expect(await hashOf(server, id)).toBe(hash);
      expect(await me(ola)).toMatchObject({ id });
      const fresh = /\/#\/reset\/([A-Za-z0-9_-]{43})$/m.exec(
        (await serverCommand(server, 'reset-link', 'Ola')).out,
      )![1]!;
      expect(await code(nobody, 'POST', '/api/password/reset', { token: fresh, password: 'nowe-hasło-1' })).toBe(
        '200 ok',
      );
      expect(await me(ola)).toBeNull();
      expect(await code(nobody, 'POST', '/api/password/reset', { token: fresh, password: 'inne-hasło-2' })).toBe(
        '400 ERR_TOKEN',
      );
      expect(await login(server.url, 'Ola', 'nowe-hasło-1')).toBe(200);

      // Guessing links is locked out as guessing passwords is: past 10 failures from an address, ERR_RATE.
      let last = '';
      for (let i = 0; i < 10 && !last.includes('ERR_RATE'); i++)
        last = await code(nobody, 'POST', '/api/email/confirm', { token: String(i).padStart(43, 'B') });
      expect(last).toBe('429 ERR_RATE');
    });
  });
}
