// HTTP calls to the server, each with the protocol's answer for it. A refusal comes back as an
// ApiError with the server's stable code (the protocol's ErrorBody).
import type {
  AccountAnswer,
  AuditAnswer,
  MarksAnswer,
  ModPlayerAnswer,
  ReportsAnswer,
  RolesAnswer,
  CreatedTable,
  ErrorBody,
  ErrorDetail,
  FairdealKeyAnswer,
  HistoryGame,
  MeAnswer,
  LeaderboardAnswer,
  OkAnswer,
  OperatorAnswer,
  OnlineAnswer,
  PlayerAnswer,
  PlayerHistory,
  PlayerRatingsAnswer,
  ProfileAnswer,
  RecordAnswer,
  SheetAnswer,
  TableAnswer,
  TablesAnswer,
  SeasonAnswer,
  TournamentAnswer,
  TournamentEventsAnswer,
  TournamentsAnswer,
} from '@baska/protocol';

export type { HistoryGame };

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** What the page needs to say why in the reader's language (errorText). */
    readonly detail?: ErrorDetail,
  ) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json().catch(() => ({}));
  if (!r.ok) {
    // Not every failure comes from the server's handlers (a proxy, a body that is not JSON): read it with care.
    const error = (json as Partial<ErrorBody>).error;
    throw new ApiError(error?.code ?? 'ERR_INTERNAL', error?.message ?? r.statusText, error?.detail);
  }
  return json as T;
}

export const api = {
  me: () => call<MeAnswer>('GET', '/api/me'),
  guest: (nickname: string) => call<PlayerAnswer>('POST', '/api/guest', { nickname }),
  login: (name: string, password: string) => call<PlayerAnswer>('POST', '/api/login', { name, password }),
  register: (name: string, password: string) => call<PlayerAnswer>('POST', '/api/register', { name, password }),
  logout: () => call<OkAnswer>('POST', '/api/logout'),
  logoutAll: () => call<OkAnswer>('POST', '/api/me/logout-all'),
  account: () => call<AccountAnswer>('GET', '/api/me/account'),
  changePassword: (old: string, password: string) => call<OkAnswer>('POST', '/api/me/password', { old, new: password }),
  /** An address to confirm: a letter in the page's language carries the link. */
  addEmail: (email: string, lang: string) => call<OkAnswer>('POST', '/api/me/email', { email, lang }),
  removeEmail: () => call<OkAnswer>('DELETE', '/api/me/email'),
  confirmEmail: (token: string) => call<OkAnswer>('POST', '/api/email/confirm', { token }),
  forgotPassword: (who: string, lang: string) => call<OkAnswer>('POST', '/api/password/forgot', { who, lang }),
  resetPassword: (token: string, password: string) =>
    call<OkAnswer>('POST', '/api/password/reset', { token, password }),
  /** Delete one's account for good (decision 019): the password again. */
  deleteAccount: (password: string) => call<OkAnswer>('DELETE', '/api/me', { password }),
  /** Who runs this server and how to reach them (the privacy page). */
  operator: () => call<OperatorAnswer>('GET', '/api/operator'),
  /** The moderators' page (#/mod, decision 020). */
  mod: {
    roles: () => call<RolesAnswer>('GET', '/api/mod/me'),
    reports: () => call<ReportsAnswer>('GET', '/api/mod/reports'),
    marks: () => call<MarksAnswer>('GET', '/api/mod/marks'),
    audit: () => call<AuditAnswer>('GET', '/api/mod/audit'),
    player: (name: string) => call<ModPlayerAnswer>('GET', `/api/mod/players/${encodeURIComponent(name)}`),
    sanction: (b: { name: string; kind: 'mute' | 'ban'; reason: string; minutes: number | null }) =>
      call<OkAnswer>('POST', '/api/mod/sanctions', b),
    lift: (b: { name: string; kind: 'mute' | 'ban'; reason: string }) => call<OkAnswer>('POST', '/api/mod/lift', b),
    role: (b: { name: string; role: 'moderator' | null; reason: string }) =>
      call<OkAnswer>('POST', '/api/mod/roles', b),
  },
  tables: () => call<TablesAnswer>('GET', '/api/tables'),
  table: (id: string) => call<TableAnswer>('GET', `/api/tables/${id}`),
  /** The score sheet's rows after the first `from` deals, `size` at most. */
  sheet: (id: string, from: number, size: number) =>
    call<SheetAnswer>('GET', `/api/tables/${id}/sheet?from=${from}&size=${size}`),
  create: (body: Record<string, unknown>) => call<CreatedTable>('POST', '/api/tables', body),
  sit: (id: string, seat: number) => call<TableAnswer>('POST', `/api/tables/${id}/sit`, { seat }),
  bot: (id: string, seat: number, level: string) => call<TableAnswer>('POST', `/api/tables/${id}/bot`, { seat, level }),
  start: (id: string) => call<TableAnswer>('POST', `/api/tables/${id}/start`),
  rematch: (id: string) => call<TableAnswer>('POST', `/api/tables/${id}/rematch`),
  leave: (id: string) => call<OkAnswer>('POST', `/api/tables/${id}/leave`),
  history: () => call<PlayerHistory>('GET', '/api/me/games'),
  record: (id: string) => call<RecordAnswer>('GET', `/api/games/${id}/record`),
  signingKey: () => call<FairdealKeyAnswer>('GET', '/api/fairdeal/key'),
  leaderboard: (family: string, page: number) =>
    call<LeaderboardAnswer>('GET', `/api/ratings/${encodeURIComponent(family)}?page=${page}&size=25`),
  profile: (player: number) => call<ProfileAnswer>('GET', `/api/players/${player}/profile`),
  online: () => call<OnlineAnswer>('GET', '/api/online'),
  invite: (id: string, player: number) => call<OkAnswer>('POST', `/api/tables/${id}/invite`, { player }),
  ratings: (player: number) => call<PlayerRatingsAnswer>('GET', `/api/players/${player}/ratings`),
  tournaments: () => call<TournamentsAnswer>('GET', '/api/tournaments'),
  tournament: (id: string) => call<TournamentAnswer>('GET', `/api/tournaments/${id}`),
  createTournament: (body: Record<string, unknown>) => call<TournamentAnswer>('POST', '/api/tournaments', body),
  importTournament: (file: string, mode: string, clock?: { secondsPerMove: number; pauseSeconds: number }) =>
    call<TournamentAnswer>('POST', '/api/tournaments/import', { file, mode, ...(clock && { clock }) }),
  /** A director's action (players, withdraw, draw, reseat, start, rows, corrections) or a player's join. */
  tournamentAct: (id: string, action: string, body: Record<string, unknown> = {}) =>
    call<TournamentAnswer>('POST', `/api/tournaments/${id}/${action}`, body),
  tournamentEvents: (id: string) => call<TournamentEventsAnswer>('GET', `/api/tournaments/${id}/events`),
  season: (director: number) => call<SeasonAnswer>('GET', `/api/tournaments/season?director=${director}`),
};
