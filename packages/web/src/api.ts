// HTTP calls to the server. A refusal comes back as an ApiError with the server's stable code.
import type { HistoryGame, Player, PlayerHistory, TableInfo } from '@baska/protocol';

export type { HistoryGame };

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
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
  if (!r.ok) throw new ApiError(json.error?.code ?? 'ERR_INTERNAL', json.error?.message ?? r.statusText);
  return json as T;
}

export const api = {
  me: () => call<{ player: Player }>('GET', '/api/me'),
  guest: (nickname: string) => call<{ player: Player }>('POST', '/api/guest', { nickname }),
  login: (name: string, password: string) => call<{ player: Player }>('POST', '/api/login', { name, password }),
  register: (name: string, password: string) => call<{ player: Player }>('POST', '/api/register', { name, password }),
  logout: () => call<{ ok: true }>('POST', '/api/logout'),
  tables: () => call<{ tables: TableInfo[] }>('GET', '/api/tables'),
  table: (id: string) => call<{ table: TableInfo }>('GET', `/api/tables/${id}`),
  create: (body: Record<string, unknown>) => call<{ table: TableInfo; invite: string }>('POST', '/api/tables', body),
  sit: (id: string, seat: number) => call<{ table: TableInfo }>('POST', `/api/tables/${id}/sit`, { seat }),
  bot: (id: string, seat: number, level: string) =>
    call<{ table: TableInfo }>('POST', `/api/tables/${id}/bot`, { seat, level }),
  start: (id: string) => call<{ table: TableInfo }>('POST', `/api/tables/${id}/start`),
  leave: (id: string) => call<{ ok: true }>('POST', `/api/tables/${id}/leave`),
  history: () => call<PlayerHistory>('GET', '/api/me/games'),
  record: (id: string) => call<unknown>('GET', `/api/games/${id}/record`),
};
