// Moderators (issue 35) on the real server, on SQLite and (with BASKA_TEST_PG_URL) PostgreSQL: the
// first administrator granted on the server's machine, a moderator named by him, a mute and a ban
// with the reason the player is shown, the banned player's socket closed and his sessions ended, a
// new account from his address marked, every refusal coded and changing nothing, and each act in
// the audit log. One server per database.
import { type AuditEntry, DELETED_LABEL, type ServerMessage } from '@baska/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { Client, DATABASES, registered, serverCommand, sqlOn, start, stopAll, tableWithBots } from './harness.js';

afterAll(stopAll);

const errorOf = (code: string) => (m: ServerMessage) => m.type === 'error' && m.code === code;
const linesOf = (c: Client) => c.messages.flatMap((m) => (m.type === 'chat' ? m.lines : []));
const closed = (c: Client) => new Promise<string>((r) => c.socket!.once('disconnect', r));

/** Every moderator's route, with a body a moderator could send. */
const ROUTES: [string, string, unknown?][] = [
  ['POST', '/api/mod/roles', { name: 'Bartek', role: 'moderator', reason: 'pomaga' }],
  ['POST', '/api/mod/sanctions', { name: 'Celina', kind: 'ban', reason: 'oszustwo', minutes: null }],
  ['POST', '/api/mod/lift', { name: 'Celina', kind: 'ban', reason: 'pomyłka' }],
  ['GET', '/api/mod/audit'],
  ['GET', '/api/mod/marks'],
  ['GET', '/api/mod/reports'],
  ['GET', '/api/mod/players/Celina'],
];

for (const database of DATABASES) {
  describe(`moderators on ${database.name}`, () => {
    it('an admin from the command line names a moderator, who mutes and bans; each act audited, each refusal coded', async () => {
      const server = await start(database.env());
      const anna = await registered(server.url, 'Anna');
      const bartek = await registered(server.url, 'Bartek');
      const celina = await registered(server.url, 'Celina');
      const darek = await registered(server.url, 'Darek');
      const auditRows = async () => (await sqlOn(server, 'select count(*) as n from mod_audit'))[0]!.n;

      // Nobody is a moderator yet: every route refuses, even with a hostile body; a stranger has no session.
      for (const [method, path, body] of ROUTES) {
        const r = await anna.c.http(method, path, body);
        expect([path, r.status, r.body.error?.code]).toEqual([path, 403, 'ERR_FORBIDDEN']);
        const hostile = await anna.c.http(method, path, method === 'GET' ? undefined : { name: ['x'], role: 'admin' });
        expect([path, hostile.body.error?.code]).toEqual([path, 'ERR_FORBIDDEN']);
        expect((await new Client(server.url).http(method, path, body)).body.error.code).toBe('ERR_AUTH');
      }

      // The server's machine names the first administrator; an unknown name is refused (exit 1).
      const unknown = await serverCommand(server, 'grant-admin', 'Nikt');
      expect([unknown.code, unknown.err]).toEqual([1, 'no registered player Nikt\n']);
      expect((await serverCommand(server, 'grant-admin')).code).toBe(2);
      const granted = await serverCommand(server, 'grant-admin', 'anna');
      expect(granted.code).toBe(0);
      expect(granted.out).toContain('Anna is an administrator');
      expect((await anna.c.http('GET', '/api/mod/me')).body).toEqual({ roles: ['admin', 'moderator'] });

      // The administrator's hostile bodies: coded, and nothing changes.
      const before = await auditRows();
      for (const body of [
        { name: 'Bartek', role: 'admin', reason: 'awans' },
        { name: 'Bartek', role: 'moderator', reason: 'ok', extra: 1 },
        { name: 'Bartek', role: 'moderator', reason: ' \u200b\u202e ' },
        { name: 'x'.repeat(41), role: 'moderator', reason: 'pomaga' },
        'moderator',
      ])
        expect((await anna.c.http('POST', '/api/mod/roles', body)).body.error.code).toBe('ERR_SCHEMA');
      const nobody = await anna.c.http('POST', '/api/mod/roles', { name: 'Nikt', role: 'moderator', reason: 'pomaga' });
      expect(nobody.body.error.code).toBe('ERR_NOT_FOUND');
      const self = await anna.c.http('POST', '/api/mod/roles', { name: 'Anna', role: null, reason: 'rezygnuję' });
      expect(self.body.error.code).toBe('ERR_FORBIDDEN');
      expect(await auditRows()).toBe(before);

      // Bartek becomes a moderator; a moderator names nobody.
      const named = await anna.c.http('POST', '/api/mod/roles', {
        name: 'bartek',
        role: 'moderator',
        reason: 'pomaga',
      });
      expect(named.body).toEqual({ ok: true });
      expect((await bartek.c.http('GET', '/api/mod/me')).body).toEqual({ roles: ['moderator'] });
      const upward = await bartek.c.http('POST', '/api/mod/roles', {
        name: 'Darek',
        role: 'moderator',
        reason: 'kolega',
      });
      expect(upward.body.error.code).toBe('ERR_FORBIDDEN');

      // Darek and Celina at their tables, connected; Darek writes a line.
      const darekTable = await tableWithBots(darek.c);
      await darek.c.connect();
      darek.c.send({ type: 'join', table: darekTable });
      await darek.c.next((m) => m.type === 'snapshot', 20_000, 0);
      darek.c.send({ type: 'chat', table: darekTable, text: 'zanim mnie wyciszą' });
      await darek.c.next((m) => m.type === 'chat' && m.lines.some((l) => l.text === 'zanim mnie wyciszą'));
      const celinaTable = await tableWithBots(celina.c);
      await celina.c.connect();
      celina.c.send({ type: 'join', table: celinaTable });
      await celina.c.next((m) => m.type === 'snapshot', 20_000, 0);

      // The moderator's hostile bodies: coded, and nothing changes.
      const sanctionsBefore = await sqlOn(server, 'select count(*) as n from sanction');
      const auditBefore = await auditRows();
      for (const body of [
        { name: 'Darek', kind: 'mute', reason: 'obelgi', minutes: 0 },
        { name: 'Darek', kind: 'mute', reason: 'obelgi', minutes: -5 },
        { name: 'Darek', kind: 'mute', reason: 'obelgi', minutes: 1.5 },
        { name: 'Darek', kind: 'mute', reason: 'obelgi', minutes: 10_000_000 },
        { name: 'Darek', kind: 'mute', reason: 'obelgi' },
        { name: 'Darek', kind: 'kick', reason: 'obelgi', minutes: 10 },
        { name: 'Darek', kind: 'mute', reason: '', minutes: 10 },
        { name: 'Darek', kind: 'mute', reason: 'x'.repeat(301), minutes: 10 },
        { name: { $ne: null }, kind: 'ban', reason: 'obelgi', minutes: null },
        [],
      ])
        expect((await bartek.c.http('POST', '/api/mod/sanctions', body)).body.error.code).toBe('ERR_SCHEMA');
      const ofAdmin = await bartek.c.http('POST', '/api/mod/sanctions', {
        ...{ name: 'Anna', kind: 'ban', reason: 'bunt', minutes: null },
      });
      expect(ofAdmin.body.error.code).toBe('ERR_FORBIDDEN');
      const ofNobody = await bartek.c.http('POST', '/api/mod/sanctions', {
        ...{ name: 'Nikt', kind: 'ban', reason: 'bunt', minutes: null },
      });
      expect(ofNobody.body.error.code).toBe('ERR_NOT_FOUND');
      const liftNone = await bartek.c.http('POST', '/api/mod/lift', { name: 'Darek', kind: 'ban', reason: 'pomyłka' });
      expect(liftNone.body.error.code).toBe('ERR_NOT_FOUND');
      expect(await sqlOn(server, 'select count(*) as n from sanction')).toEqual(sanctionsBefore);
      expect(await auditRows()).toBe(auditBefore);

      // A mute: Darek is told why and until when, and his line goes nowhere.
      const mute = { name: 'Darek', kind: 'mute', reason: 'obelgi na czacie', minutes: 60 };
      expect((await bartek.c.http('POST', '/api/mod/sanctions', mute)).body).toEqual({ ok: true });
      const mark = darek.c.mark();
      darek.c.send({ type: 'chat', table: darekTable, text: 'a jednak piszę' });
      const muted = await darek.c.next(errorOf('ERR_MUTED'), 20_000, mark);
      expect(muted).toMatchObject({ detail: { why: 'muted', reason: 'obelgi na czacie' } });
      const until = Date.parse((muted as { detail: { until: string } }).detail.until);
      expect(Math.abs(until - Date.now() - 60 * 60_000)).toBeLessThan(60_000);
      expect(darek.c.messages.slice(mark).some((m) => m.type === 'chat')).toBe(false);
      const dossier = await bartek.c.http('GET', '/api/mod/players/Darek');
      expect(dossier.body.chat.map((l: { line: { text: string } }) => l.line.text)).toEqual(['zanim mnie wyciszą']);
      expect(dossier.body.mute).toMatchObject({ kind: 'mute', reason: 'obelgi na czacie' });
      expect(dossier.body.ban).toBeNull();

      // A ban for good: Celina's socket closes, her session ends, her login is refused with the reason.
      const gone = closed(celina.c);
      const ban = { name: 'Celina', kind: 'ban', reason: 'oszukiwała w grach rankingowych', minutes: null };
      expect((await bartek.c.http('POST', '/api/mod/sanctions', ban)).body).toEqual({ ok: true });
      expect(await gone).toBe('io server disconnect');
      const oldCookie = celina.c.cookie;
      expect((await celina.c.http('POST', '/api/tables', { bots: 'basic', seat: 0 })).body.error.code).toBe('ERR_AUTH');
      const login = await new Client(server.url).http('POST', '/api/login', {
        name: 'Celina',
        password: 'kaszëbë-1234',
      });
      expect([login.status, login.body.error.code, login.body.error.detail]).toEqual([
        403,
        'ERR_BANNED',
        { why: 'banned', reason: 'oszukiwała w grach rankingowych', until: null },
      ]);
      expect(await sqlOn(server, 'select count(*) as n from session where player_id = ?', [celina.id])).toEqual([
        { n: database.name === 'SQLite' ? 0 : '0' },
      ]);

      // A session that outlived the ban (another process's, a race) still can create, join, chat nothing.
      const token = oldCookie.split('=')[1]!;
      const now = new Date().toISOString();
      await sqlOn(server, 'insert into session (token, player_id, created_at, used_at) values (?, ?, ?, ?)', [
        ...[token, celina.id, now, now],
      ]);
      const outlived = new Client(server.url);
      outlived.cookie = oldCookie;
      const create = await outlived.http('POST', '/api/tables', { bots: 'basic', seat: 0 });
      expect([create.status, create.body.error.code]).toEqual([403, 'ERR_BANNED']);
      await outlived.connect();
      outlived.send({ type: 'join', table: darekTable });
      await outlived.next(errorOf('ERR_BANNED'), 20_000, 0);
      // Refused at the join, his socket is at no table: a chat line of his goes nowhere.
      const chatted = outlived.mark();
      outlived.send({ type: 'chat', table: darekTable, text: 'wciąż tu jestem' });
      await outlived.next((m) => m.type === 'error', 20_000, chatted);
      expect(linesOf(darek.c).some((l) => l.text === 'wciąż tu jestem')).toBe(false);
      outlived.close();

      // A new account from her address is marked for the moderators (Darek's, from before the ban, is not).
      const again = await registered(server.url, 'Celinka');
      const marks = (await bartek.c.http('GET', '/api/mod/marks')).body.marks;
      expect(marks.map((m: { player: { id: number }; banned: { id: number } }) => [m.player.id, m.banned.id])).toEqual([
        [again.id, celina.id],
      ]);

      // The ban lifted: she logs in again.
      const lift = await bartek.c.http('POST', '/api/mod/lift', {
        name: 'Celina',
        kind: 'ban',
        reason: 'odwołanie przyjęte',
      });
      expect(lift.body).toEqual({ ok: true });
      expect(
        (await new Client(server.url).http('POST', '/api/login', { name: 'Celina', password: 'kaszëbë-1234' })).status,
      ).toBe(200);

      // The audit log: each act, who, what and why, newest first; the refusals left nothing.
      const audit = (await bartek.c.http('GET', '/api/mod/audit')).body.entries as AuditEntry[];
      expect(audit.map((e) => [e.by?.name ?? null, e.action, e.target?.name, e.reason])).toEqual([
        ['Bartek', 'lift-ban', 'Celina', 'odwołanie przyjęte'],
        ['Bartek', 'ban', 'Celina', 'oszukiwała w grach rankingowych'],
        ['Bartek', 'mute', 'Darek', 'obelgi na czacie'],
        ['Anna', 'grant-moderator', 'Bartek', 'pomaga'],
        [null, 'grant-admin', 'Anna', 'granted on the server machine'],
      ]);
      expect(audit[1]!.detail).toBe('for good');
      expect(audit.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);

      // Darek deletes his account (decision 019): his mute goes; the act stays, naming him by the label.
      expect((await darek.c.http('POST', `/api/tables/${darekTable}/leave`)).status).toBe(200);
      expect((await darek.c.http('DELETE', '/api/me', { password: 'kaszëbë-1234' })).body).toEqual({ ok: true });
      expect(await sqlOn(server, 'select player_id from sanction')).toEqual([]);
      const after = (await bartek.c.http('GET', '/api/mod/audit')).body.entries as AuditEntry[];
      expect(after.find((e) => e.action === 'mute')).toMatchObject({
        target: { id: darek.id, name: DELETED_LABEL },
        reason: 'obelgi na czacie',
      });
      expect(after).toHaveLength(audit.length);
    }, 40_000);
  });
}
