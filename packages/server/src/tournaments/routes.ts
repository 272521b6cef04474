// /api/tournaments: the director's actions (a signed-in, registered player), the public page's data,
// the event log, and the files: the tournament file, standings and season as CSV, printable protocols.
import {
  AddPlayersRequest,
  CorrectRequest,
  CreateTournamentRequest,
  DirectorConfirmRequest,
  DrawRequest,
  HALL_CODE,
  HALL_QR,
  type HallAnswer,
  type HallPhoneAnswer,
  type MyTournamentsAnswer,
  HallConfirmRequest,
  HallEntryRequest,
  HallFixRequest,
  HallRejectRequest,
  ImportTournamentRequest,
  type Player,
  ReseatRequest,
  RowRequest,
  type SeasonAnswer,
  StartRoundRequest,
  type TournamentAnswer,
  type TournamentEventKind,
  type TournamentEventsAnswer,
  type TournamentsAnswer,
  WithdrawRequest,
  hallPage,
} from '@baska/protocol';
import {
  type ProtocolLang,
  type ProtocolPhone,
  SHEET_LANGS,
  type SheetLang,
  isComplete,
  isFinished,
  type Tournament,
  protocolPage,
  season,
  seasonCsv,
  seasonJson,
  spreadsheetCsv,
} from '@baska/tournament';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { SESSION_COOKIE } from '../accounts.js';
import { GameError } from '../errors.js';
import { type Services, parse, who } from '../http/context.js';
import { publicEvents, publicTournament, sealedFor, sealedRounds } from './duplicate.js';
import { TournamentReads } from './reads.js';
import { hallView } from './hall.js';
import type { Tournaments } from './service.js';
import type { Stored } from './store.js';
import { fileFor, standingsCsvFor, tournamentView } from './view.js';

/** Lists of players and imported files are larger than a game's requests. */
const BIG = { bodyLimit: 2_500_000 };

const idOf = (req: FastifyRequest) => {
  const id = (req.params as { id: string }).id;
  if (!/^[A-Za-z0-9_-]{6,40}$/.test(id)) throw new GameError('ERR_NOT_FOUND', `no tournament ${id}`);
  return id;
};

/** A director is a registered player: a season gathers his tournaments under one lasting account. */
async function director(services: Services, req: FastifyRequest): Promise<Player> {
  const p = await who(services.accounts, req);
  if (p.guest) throw new GameError('ERR_AUTH', 'register (or log in) to direct a tournament');
  return p;
}

const answer = (s: Stored, director = false, viewer?: number): TournamentAnswer => ({
  tournament: tournamentView(s, director, viewer),
});

/** Who asks (undefined: nobody signed in), and whether he directs the tournament. */
async function viewerOf(services: Services, req: FastifyRequest, s: Stored) {
  const viewer = await services.accounts.byToken(req.cookies[SESSION_COOKIE]);
  return { viewer: viewer?.id, director: viewer?.id === s.directorId };
}

/** The rounds hidden from this reader: a duplicate round being played is sealed but to its director. */
async function hiddenFrom(services: Services, req: FastifyRequest, s: Stored): Promise<Set<number>> {
  return sealedFor(s, (await viewerOf(services, req, s)).viewer);
}

/** Each hall table's code of a started round, with its phone page's address and QR code when the page is known. */
async function phonesOf(s: Stored, round: number, page: string | undefined) {
  const phones = new Map<number, ProtocolPhone>();
  for (const t of s.t.file.rounds[round - 1]?.tables ?? []) {
    const code = s.state.hall[`${round}:${t.table}`]?.code;
    if (!code) continue;
    const url = page && hallPage(page, code);
    phones.set(t.table, {
      code,
      ...(url && { url, qrSvg: await QRCode.toString(url, { type: 'svg', ...HALL_QR }) }),
    });
  }
  return phones;
}

/** A file to save: its name from the tournament's, letters and digits only ("Żnina" as "Znina"). */
function download(reply: FastifyReply, name: string, ext: string, type: string, body: string) {
  const base =
    name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '') // the accents NFKD takes apart (Ż = Z + a dot above)
      .replace(/ł/g, 'l')
      .replace(/Ł/g, 'L') // ł has no parts to take apart
      .replace(/[^\w-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'turniej';
  return reply.type(type).header('content-disposition', `attachment; filename="${base}.${ext}"`).send(body);
}

const ProtocolQuery = z
  .object({
    round: z.coerce.number().int().min(1).max(100),
    lang: z.enum(['pl', 'en', 'de']).default('pl'),
    /**
     * The web page the director prints from (origin and path): a hall table's QR code leads a phone
     * there (#/hall/CODE), as the seating list's does. Only an http(s) address with nothing after its path.
     */
    page: z
      .string()
      .max(300)
      .refine((s) => {
        const u = URL.canParse(s) ? new URL(s) : null;
        return !!u && /^https?:$/.test(u.protocol) && !u.username && !u.password && `${u.origin}${u.pathname}` === s;
      }, 'an http(s) page address with no query or fragment')
      .optional(),
  })
  .strict();
/** `excel=pl`: the CSV for a spreadsheet in that language (spreadsheet.ts); without it, the plain CSV of the spec. */
const excel = z.enum(SHEET_LANGS).optional();
const SeasonQuery = z
  .object({ director: z.coerce.number().int().min(1), csv: z.enum(['1']).optional(), excel })
  .strict();
const CsvQuery = z.object({ excel }).strict();

/** A CSV download: the plain one, or (`excel`) the spreadsheet's, saved under a name that says so. */
function csvDownload(reply: FastifyReply, name: string, csv: string, lang: SheetLang | undefined) {
  return download(reply, lang ? `${name} Excel` : name, 'csv', 'text/csv; charset=utf-8', csv);
}

/** The CSV as `csvDownload` sends it: the spreadsheet's (`lang`) made from the plain one. */
const csvFor = (csv: string, lang: SheetLang | undefined) => (lang ? spreadsheetCsv(csv, lang) : csv);

/** An answer kept as JSON text (reads.ts), sent as it is. */
const json = (reply: FastifyReply, text: string) => reply.type('application/json; charset=utf-8').send(text);

export function tournamentRoutes(app: FastifyInstance, services: Services, tournaments: Tournaments) {
  // What the public reads is computed once per version and per what else it depends on: who may see a
  // sealed round (the key of the rounds hidden from the reader), the language, the round.
  const reads = new TournamentReads(tournaments.store);
  const hiddenKey = (hidden: Set<number>) => [...hidden].join(',');

  app.get('/api/tournaments', async (req): Promise<TournamentsAnswer> => {
    const me = await who(services.accounts, req);
    const rows = await tournaments.store.byDirector(me.id);
    return {
      tournaments: rows.map((r) => ({
        id: r.id,
        name: r.name,
        mode: r.mode as 'online' | 'hall',
        createdAt: r.created_at,
      })),
    };
  });
  app.post('/api/tournaments', BIG, async (req): Promise<TournamentAnswer> => {
    const me = await director(services, req);
    const id = await tournaments.create(me, parse(CreateTournamentRequest, req.body));
    return answer(await tournaments.load(id));
  });
  app.post('/api/tournaments/import', BIG, async (req): Promise<TournamentAnswer> => {
    const me = await director(services, req);
    const body = parse(ImportTournamentRequest, req.body);
    return answer(await tournaments.load(await tournaments.import(me, body.file, body.mode, body.clock)));
  });
  /** The lobby's notice: the online tournaments one joined, and his table in the round being played. */
  app.get('/api/me/tournaments', async (req): Promise<MyTournamentsAnswer> => {
    const me = await who(services.accounts, req);
    const out: MyTournamentsAnswer['tournaments'] = [];
    for (const id of await tournaments.store.joinedBy(me.id)) {
      const s = await reads.load(id);
      const round = s.state.started;
      const mine = s.t.file.rounds[round - 1]?.tables.find((t) => t.players.includes(`u${me.id}`));
      const playing = mine && !isComplete(mine, s.t.format) ? mine : undefined;
      out.push({
        id,
        name: s.name,
        round: playing ? round : null,
        table: playing?.table ?? null,
        game: (playing && s.state.games[`${round}:${playing.table}`]) ?? null,
      });
    }
    return { tournaments: out };
  });
  /** A director's season: his tournaments ranked together (best `season.best` of them). */
  app.get('/api/tournaments/season', async (req, reply): Promise<SeasonAnswer | FastifyReply> => {
    const q = parse(SeasonQuery, req.query);
    const rows = [...(await tournaments.store.byDirector(q.director))].reverse();
    const loaded: Tournament[] = [];
    for (const r of rows) loaded.push((await reads.load(r.id)).t);
    // Only finished tournaments count (the core's season); the page names the others as in progress.
    const ranked = season(loaded);
    if (q.csv) return csvDownload(reply, 'sezon', csvFor(seasonCsv(ranked), q.excel), q.excel);
    return {
      tournaments: rows.map((r, i) => ({ id: r.id, name: r.name, finished: isFinished(loaded[i]!) })),
      standings: seasonJson(ranked).standings,
    };
  });

  app.get('/api/tournaments/:id', async (req, reply) => {
    const s = await reads.load(idOf(req));
    const { viewer, director } = await viewerOf(services, req, s);
    // The reader himself changes the page only where a round hidden from him links his own game (view.ts).
    const hidden = director ? sealedFor(s, s.directorId) : sealedRounds(s.t);
    const mine = `u${viewer}`;
    const plays = [...hidden].some((r) => s.t.file.rounds[r - 1]!.tables.some((t) => t.players.includes(mine)));
    const key = `page:${director}:${hiddenKey(hidden)}:${plays ? viewer : ''}`;
    return json(reply, await reads.answer(s, key, () => JSON.stringify(answer(s, director, viewer))));
  });
  app.get('/api/tournaments/:id/events', async (req, reply) => {
    const s = await reads.load(idOf(req));
    const hidden = sealedFor(s, (await viewerOf(services, req, s)).viewer);
    const text = await reads.answer(s, `events:${hiddenKey(hidden)}`, async () => {
      const events = (await tournaments.store.events(s.id))
        // An event is the change that made its version: none newer than the tournament read here.
        .filter((e) => Number(e.seq) <= s.version)
        .map((e) => ({
          seq: e.seq,
          kind: e.kind as TournamentEventKind, // written only from a Change's kind
          by: e.player_name,
          at: e.created_at,
          body: JSON.parse(e.body) as unknown,
        }));
      return JSON.stringify({ events: publicEvents(s.t, events, hidden) } satisfies TournamentEventsAnswer);
    });
    return json(reply, text);
  });
  app.get('/api/tournaments/:id/file', async (req, reply) => {
    const s = await reads.load(idOf(req));
    const hidden = await hiddenFrom(services, req, s);
    const text = await reads.answer(s, `file:${hiddenKey(hidden)}`, () => fileFor(s, hidden));
    return download(reply, s.name, 'json', 'application/json; charset=utf-8', text);
  });
  app.get('/api/tournaments/:id/standings.csv', async (req, reply) => {
    const s = await reads.load(idOf(req));
    const q = parse(CsvQuery, req.query);
    const hidden = await hiddenFrom(services, req, s);
    const csv = await reads.answer(s, `csv:${hiddenKey(hidden)}:${q.excel ?? ''}`, () =>
      standingsCsvFor(s, hidden, q.excel),
    );
    return csvDownload(reply, s.name, csv, q.excel);
  });
  /** Every table's protocol of a round on A4 pages (blank or filled), to print. */
  app.get('/api/tournaments/:id/protocols', async (req, reply) => {
    const s = await reads.load(idOf(req));
    const q = parse(ProtocolQuery, req.query);
    if (!s.t.file.rounds[q.round - 1]) throw new GameError('ERR_ROUND', `round ${q.round} is not drawn`);
    const { director } = await viewerOf(services, req, s);
    const hidden = await hiddenFrom(services, req, s);
    const key = `protocols:${hiddenKey(hidden)}:${q.round}:${q.lang}:${director ? `director:${q.page ?? ''}` : ''}`;
    const page = await reads.answer(s, key, async () => {
      // A hall table's code goes on its sheet for the director only, as on his seating list.
      const phones = director ? await phonesOf(s, q.round, q.page) : undefined;
      return protocolPage(publicTournament(s.t, hidden), q.round, undefined, q.lang as ProtocolLang, phones);
    });
    // The core's page carries its own print style inline; nothing else may run or load in it.
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(page);
  });

  /** A signed-in player (a guest too) enters an online tournament. */
  app.post('/api/tournaments/:id/join', async (req): Promise<TournamentAnswer> => {
    const id = idOf(req);
    return answer(await tournaments.join(id, await who(services.accounts, req)));
  });

  const act = (path: string, run: (id: string, me: Player, body: unknown) => Promise<Stored>, big = false) =>
    app.post(`/api/tournaments/:id/${path}`, big ? BIG : {}, async (req): Promise<TournamentAnswer> => {
      const id = idOf(req);
      const me = await director(services, req);
      return answer(await run(id, me, req.body), true, me.id);
    });
  act('players', (id, me, b) => tournaments.addPlayers(id, me, parse(AddPlayersRequest, b).players), true);
  act('withdraw', (id, me, b) => tournaments.withdraw(id, me, parse(WithdrawRequest, b).player));
  act('draw', (id, me, b) => {
    const r = parse(DrawRequest, b);
    return tournaments.draw(id, me, r.round, r.duplicate);
  });
  act('reseat', (id, me, b) => {
    const r = parse(ReseatRequest, b);
    return tournaments.reseat(id, me, r.round, r.a, r.b);
  });
  act('start', (id, me, b) => {
    const r = parse(StartRoundRequest, b);
    return tournaments.start(id, me, r.round, r.bots);
  });
  act('rows', (id, me, b) => {
    const r = parse(RowRequest, b);
    return tournaments.addRow(id, me, r.round, r.table, r.row, r.id);
  });
  act('confirm', (id, me, b) => {
    const r = parse(DirectorConfirmRequest, b);
    return tournaments.directorConfirm(id, me, r.round, r.table, r.deal);
  });
  act('corrections', (id, me, b) => {
    const r = parse(CorrectRequest, b);
    return tournaments.correct(
      id,
      me,
      r.round,
      r.table,
      r.deal,
      {
        ...(r.row && { row: r.row }),
        ...(r.tie !== undefined && { tie: r.tie }),
        ...(r.words !== undefined && { words: r.words }),
      },
      r.reason,
    );
  });

  // The hall: a table's phone, by its code, with no account.
  const codeOf = (req: FastifyRequest) => {
    const code = String((req.params as { code: string }).code).toUpperCase();
    if (!HALL_CODE.test(code)) throw new GameError('ERR_NOT_FOUND', 'no table has this code');
    return code;
  };
  const hallAnswer = async (code: string, device?: string): Promise<HallAnswer> => {
    const at = await tournaments.byCode(code);
    return { hall: hallView(await reads.load(at.id), at.round, at.table, device) };
  };
  // A phone opening the table for the first time is given its token here (a bounded number a table).
  app.post('/api/hall/:code/phones', async (req): Promise<HallPhoneAnswer> => tournaments.hallPhone(codeOf(req)));
  app.get('/api/hall/:code', async (req): Promise<HallAnswer> => {
    const device = (req.query as { device?: unknown }).device;
    return hallAnswer(codeOf(req), typeof device === 'string' ? device : undefined);
  });
  app.post('/api/hall/:code/entries', async (req): Promise<HallAnswer> => {
    const code = codeOf(req);
    const { device, ...entry } = parse(HallEntryRequest, req.body);
    await tournaments.hallEnter(code, device, entry as Record<string, unknown> & { id: string });
    return hallAnswer(code, device);
  });
  app.post('/api/hall/:code/confirm', async (req): Promise<HallAnswer> => {
    const code = codeOf(req);
    const body = parse(HallConfirmRequest, req.body);
    await tournaments.hallConfirm(code, body.device, body.deal);
    return hallAnswer(code, body.device);
  });
  app.post('/api/hall/:code/reject', async (req): Promise<HallAnswer> => {
    const code = codeOf(req);
    const body = parse(HallRejectRequest, req.body);
    await tournaments.hallReject(code, body.device, body.id);
    return hallAnswer(code, body.device);
  });
  app.post('/api/hall/:code/fix', async (req): Promise<HallAnswer> => {
    const code = codeOf(req);
    const { device, fixes, ...entry } = parse(HallFixRequest, req.body);
    await tournaments.hallFix(code, device, fixes, entry as Record<string, unknown> & { id: string });
    return hallAnswer(code, device);
  });
}
