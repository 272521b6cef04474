// The tournament's history on the director's page: every change, newest first, with who made it and
// when (Intl's date and time), in words: a correction says what the row was and what it is
// ("Rozdanie 5: było +4, -4, +4, -4 → +2, -2, +2, -2"), not the JSON the event keeps; a change of
// who plays names the players and the round ("Zofia Bury · od 2. rundy").
import type { TournamentEventView } from '@baska/protocol';
import { lang, t } from '../../i18n.js';
import { type Lang, dateTime, num, signed } from '../../i18n/format.js';

type Row = readonly (number | null)[];

/** A row of small points by seat, each with its sign; a dash for the seat sitting out at a table of five. */
export const rowWords = (l: Lang, row: Row) => row.map((v) => (v === null ? '—' : signed(l, v))).join(', ');

/** The events that change who plays: their bodies name the players, and from or until which round. */
const roster = new Set<TournamentEventView['kind']>(['players-added', 'player-withdrawn', 'joined']);

/** " · Zofia Bury · od 2. rundy", " · Ola Bury · wycofanie po 1. rundzie · rozstawienie rundy 2 skasowane". */
function rosterWords(body: {
  player?: { name: string };
  players?: { name: string }[];
  from?: number;
  until?: number;
  undrawn?: number;
}): string {
  const w = t();
  const names = body.players?.map((p) => p.name) ?? (body.player ? [body.player.name] : []);
  return [
    names.join(', '),
    body.from !== undefined ? w.tour.fromRound(body.from) : '',
    body.until !== undefined ? w.tour.withdrawnAfter(body.until) : '',
    body.undrawn !== undefined ? w.tour.undrawn(body.undrawn) : '',
  ]
    .filter(Boolean)
    .map((x) => ` · ${x}`)
    .join('');
}

const isRow = (x: unknown): x is Row =>
  Array.isArray(x) && x.every((v) => v === null || (typeof v === 'number' && Number.isFinite(v)));

export function History({ events }: { events: TournamentEventView[] }) {
  const w = t();
  const l = lang.value;
  return (
    <section class="history no-print">
      <h2>{w.tour.history}</h2>
      <ol reversed>
        {[...events].reverse().map((e) => {
          const body = (e.body ?? {}) as {
            round?: number;
            table?: number;
            deal?: number;
            was?: unknown;
            row?: unknown;
            reason?: string;
            later?: { deal?: unknown; was?: unknown; row?: unknown }[];
            by?: string;
            device?: string;
            player?: { name: string };
            players?: { name: string }[];
            from?: number;
            until?: number;
            undrawn?: number;
          };
          // A hall table's phone has no account: it is named by its table, in the reader's language.
          // The phone's number at the table is in the body (events before phones were numbered have none).
          const phone =
            e.kind === 'phone' ||
            e.kind === 'entered' ||
            e.kind === 'rejected' ||
            e.kind === 'fixed' ||
            (e.kind === 'confirmed' && body.by !== 'director');
          const number = [body.device, body.by].find((d) => d !== undefined && /^\d+$/.test(d));
          const who = phone && body.table !== undefined ? w.tour.byPhone(body.table, number) : e.by;
          // A row that changed says what it was; a row sent back, the row the table disagreed with.
          const change =
            (e.kind === 'corrected' || e.kind === 'fixed') && isRow(body.was) && isRow(body.row)
              ? `${w.tour.was} ${rowWords(l, body.was)} → ${rowWords(l, body.row)}`
              : e.kind === 'rejected' && isRow(body.row)
                ? rowWords(l, body.row)
                : '';
          return (
            <li key={e.seq}>
              <strong>{w.tour.kinds[e.kind]}</strong>
              {body.round !== undefined && ` · ${w.tour.round(body.round)}`}
              {body.table !== undefined && ` · ${w.tour.table(body.table)}`}
              {body.deal !== undefined && ` · ${w.tour.deal} ${num(l, body.deal + 1)}`}
              {roster.has(e.kind) && rosterWords(body)}
              {change && `: ${change}`}
              {e.kind === 'corrected' && body.reason ? ` (${body.reason})` : ''}
              {/* Later deals scored again with it (a 52:52 corrected away ends their bok-round). */}
              {e.kind === 'corrected' &&
                Array.isArray(body.later) &&
                body.later.map((x) =>
                  typeof x.deal === 'number' && isRow(x.was) && isRow(x.row)
                    ? `; ${w.tour.deal} ${num(l, x.deal + 1)}: ${w.tour.was} ${rowWords(l, x.was)} → ${rowWords(l, x.row)}`
                    : '',
                )}{' '}
              <span class="muted">— {w.tour.by(who, dateTime(l, Date.parse(e.at)))}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
