// The card table: four seats around the trick, the auction, the contract and sides as far as this
// seat can know them, the hand (only legal cards playable: click/tap, drag onto the table, or keys
// 1–4), the clocks, the end of a deal, and the score sheet (protokół).
import {
  type CardCode,
  POINTS,
  type PlayerView,
  type Preset,
  type TrickView,
  doublingDisplayName,
  parseCard,
} from '@baska/engine';
import type { StandIn, TableInfo } from '@baska/protocol';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../api.js';
import { errorText, lang, t } from '../i18n.js';
import { rulesLine } from '../options.js';
import { act, closeSummary, connected, go, me, openTable, table } from '../store.js';
import { CardBack, CardFace, cardLabel } from './Card.js';
import { dragToTable, endsDrag } from './drag.js';
import { Chat } from './Chat.js';
import { FairPlay } from './FairPlay.js';
import { InvitePeople } from './Online.js';
import { LevelOptions } from './LevelOptions.js';
import { GRADES, botBadge, callLabel, money, seatName, shortSeatName } from './words.js';

/** Where a seat sits on the screen, seen from `mine`: 0 bottom, 1 left, 2 top, 3 right. */
const place = (seat: number, mine: number) => (seat - mine + 4) % 4;
const PLACES = ['bottom', 'left', 'top', 'right'];

export function TableScreen({ id }: { id: string }) {
  useEffect(() => openTable(id), [id]);
  const w = t();
  const st = table.value;
  if (!st || st.id !== id || !st.info)
    return (
      <main class="table-screen">
        <p aria-live="polite">{connected.value ? '…' : w.reconnecting}</p>
        {st?.error && (
          <p role="alert" class="error">
            {errorText(st.error)}
          </p>
        )}
      </main>
    );
  const info = st.info;
  return (
    <main class="table-screen" data-version={st.version}>
      {!connected.value && (
        <p class="banner" aria-live="polite">
          {w.reconnecting}
        </p>
      )}
      {st.error && (
        <p role="alert" class="error toast">
          {errorText(st.error)}
        </p>
      )}
      {info.status === 'open' ? <Waiting info={info} seat={st.seat} /> : <Play />}
      <FairPlay />
      <ScoreSheet info={info} />
      <Chat />
      {info.status === 'open' && st.seat !== null && <InvitePeople table={info.id} />}
    </main>
  );
}

/** Before the start: seats, invite link, bots, start. */
function Waiting({ info, seat }: { info: TableInfo; seat: number | null }) {
  const w = t();
  const [level, setLevel] = useState('basic');
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState('');
  const owner = me.value?.name === info.owner && seat !== null;
  const free = info.seats.filter((s) => !s.name).length;
  const invite = `${location.origin}${location.pathname}#/t/${info.id}`;
  // What a request changes (a seat, a bot, the start) comes over the socket with the next event.
  const run = (f: () => Promise<unknown>) => async () => {
    setError('');
    try {
      await f();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <section class="card-box waiting" aria-labelledby="wait-h">
      <h2 id="wait-h">{free > 0 ? w.waiting : w.allSeated}</h2>
      <p>
        {rulesLine(info.rules, info.preset, lang.value, w.yes, w.no)} · {w.seconds(info.secondsPerMove)}
        {info.stake ? ` · ${w.stakeShort(info.stake)}` : ''}
      </p>
      <ul class="seats">
        {info.seats.map((s) => (
          <li key={s.seat}>
            <span>
              {w.seat(s.seat)}: {seatName(info, s.seat, seat, false)}{' '}
              {s.bot && <span class="badge">{botBadge(s)}</span>}
              {s.guest && <span class="badge guest">{w.guest}</span>}
            </span>
            {!s.name && seat === null && <button onClick={run(() => api.sit(info.id, s.seat))}>{w.sit}</button>}
            {!s.name && owner && <button onClick={run(() => api.bot(info.id, s.seat, level))}>{w.addBot}</button>}
          </li>
        ))}
      </ul>
      {owner && free > 0 && (
        <label>
          {w.botLevel}
          <select value={level} onChange={(e) => setLevel(e.currentTarget.value)}>
            <LevelOptions />
          </select>
        </label>
      )}
      <div class="row">
        <label class="grow">
          {w.invite}
          <input readOnly value={invite} onFocus={(e) => e.currentTarget.select()} />
        </label>
        <button
          onClick={() =>
            void navigator.clipboard?.writeText(invite).then(
              () => setCopied(true),
              () => {},
            )
          }
        >
          {copied ? w.copied : w.copy}
        </button>
      </div>
      {owner && (
        <div class="row wrap">
          <button
            class="primary"
            disabled={free > 0}
            aria-describedby={free > 0 ? 'start-why' : undefined}
            onClick={run(() => api.start(info.id))}
          >
            {w.start}
          </button>
          {free > 0 && (
            <span id="start-why" class="note">
              {w.missing(free)}
            </span>
          )}
        </div>
      )}
      {!owner && <p class="note">{w.ownerStarts(info.owner)}</p>}
      {seat !== null && <button onClick={run(async () => (await api.leave(info.id), go('')))}>{w.leave}</button>}
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </section>
  );
}

function Play() {
  const w = t();
  const st = table.value!;
  const info = st.info!;
  const view = st.view;
  const mine = st.seat ?? 0;
  const [showLast, setShowLast] = useState(false);
  const preset = info.preset as Preset;
  const held = st.held && st.held.until > Date.now() ? st.held : null;
  useRerenderAt(held?.until ?? null);
  if (!view)
    return (
      <section class="card-box">
        <h2>{info.status === 'finished' ? w.gameOver : '…'}</h2>
      </section>
    );
  const myTurn = st.seat !== null && view.toAct === st.seat;
  return (
    <>
      <ContractBar view={view} info={info} mine={st.seat} />
      {st.ended && !held && <DealEnd view={st.ended} info={info} mine={st.seat} />}
      <div class="felt" data-phase={view.phase}>
        {[0, 1, 2, 3].map((s) => (
          <SeatPanel key={s} seat={s} info={info} view={view} mine={st.seat} where={PLACES[place(s, mine)]!} />
        ))}
        <Trick view={view} info={info} mine={mine} showLast={showLast} held={held} />
      </div>
      <Tally view={view} info={info} mine={st.seat} />
      <div class="controls">
        {view.tricks.length > 0 && view.phase === 'play' && view.trick && (
          <button aria-pressed={showLast} onClick={() => setShowLast(!showLast)}>
            {showLast ? w.hideLastTrick : w.lastTrick}
          </button>
        )}
        {info.spectators > 0 && <span class="note">{w.spectators(info.spectators)}</span>}
        {info.pause && !st.ended && <Pause info={info} mine={st.seat} />}
        <p class="turn" aria-live="polite">
          {view.toAct === null ? '' : myTurn ? w.yourTurn : w.turnOf(seatName(info, view.toAct, st.seat))}
        </p>
      </div>
      {st.seat !== null && <Hand view={view} myTurn={myTurn} />}
      {st.seat === null && <p class="note">{w.spectating}</p>}
      {myTurn && view.phase === 'auction' && (
        <section class="calls" aria-labelledby="calls-h">
          <h2 id="calls-h">{w.yourCalls}</h2>
          <div class="row wrap">
            {view.legal.map((c) => (
              <button key={c} class={c === 'pass' ? '' : 'primary'} onClick={() => act(c)} data-call={c}>
                {callLabel(c, preset)}
              </button>
            ))}
          </div>
        </section>
      )}
      <Auction view={view} info={info} mine={st.seat} />
      {info.status === 'finished' && (
        <section class="card-box" aria-live="polite">
          <h2>{w.gameOver}</h2>
          <button onClick={() => go('archive')}>{w.archive}</button>
        </section>
      )}
    </>
  );
}

function ContractBar({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  const preset = info.preset as Preset;
  const game = view.contract ?? view.declaredGame;
  return (
    <section class="contract-bar" aria-label={w.contract}>
      <span>
        <b>{w.contract}:</b> {game ?? w.noneYet}
        {view.declarer !== null && game && ` (${seatName(info, view.declarer, mine)})`}
      </span>
      <span>
        <b>{w.doubling}:</b> {view.level > 0 ? doublingDisplayName(view.level, preset) : '—'}
      </span>
      {view.inBokRound && <span class="bok">{w.bokRound}</span>}
      <a href={`#/rules/${info.preset}`}>
        {w.rules}: {rulesLine(info.rules, info.preset, lang.value, w.yes, w.no)}
      </a>
      <span>
        {w.deal} {info.dealsPlayed + (view.phase === 'complete' ? 0 : 1)}
      </span>
    </section>
  );
}

function SeatPanel(props: { seat: number; info: TableInfo; view: PlayerView; mine: number | null; where: string }) {
  const { seat, info, view, mine, where } = props;
  const w = t();
  const s = info.seats[seat]!;
  const side = view.sides[seat];
  const toAct = view.toAct === seat;
  return (
    <div class={`seat seat-${where}${toAct ? ' to-act' : ''}`} data-seat={seat}>
      <div class="who">
        <b>{seatName(info, seat, mine, false)}</b>
        {s.guest && <span class="badge guest">{w.guest}</span>}
        {s.bot && !s.away && <span class="badge">{botBadge(s)}</span>}
        {s.away && <span class="badge warn">{w.away}</span>}
        {view.dealer === seat && <span class="badge">{w.dealer}</span>}
        {side && <span class={`badge side-${side}`}>{side === 'old' ? w.oldOne : w.youngOne}</span>}
        <span class="score-total">{w.runningTotal(info.totals[seat] ?? 0)}</span>
      </div>
      {info.clock?.seat === seat && <Clock />}
      {seat !== mine && (
        <div class="backs" role="img" aria-label={w.cardsInHand(view.handSizes[seat] ?? 0)}>
          {Array.from({ length: view.handSizes[seat] ?? 0 }, (_, i) => (
            <span key={i} class="mini">
              <CardBack />
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** The seconds left on the running clock. */
function Clock() {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  const until = table.value?.clockUntil;
  if (!until) return null;
  const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  return (
    <span class={`clock${left <= 10 ? ' low' : ''}`} role="timer" aria-label={`${t().clock} ${left}`}>
      {left} s
    </span>
  );
}

/** A trick's card points (RULES §1). */
const trickPoints = (trick: TrickView) => trick.cards.reduce((sum, code) => sum + POINTS[parseCard(code)!]!, 0);

/** A move made for a person (TableInfo.marks), as a short note. */
function StandInNote({ mark }: { mark: StandIn | null | undefined }) {
  const w = t();
  if (!mark) return null;
  return <span class={`badge stand-in ${mark}`}>{mark === 'timeout' ? w.byTimeout : w.byAway}</span>;
}

function Trick(props: {
  view: PlayerView;
  info: TableInfo;
  mine: number;
  showLast: boolean;
  held: { trick: TrickView; index: number } | null;
}) {
  const { view, info, mine, showLast, held } = props;
  const w = t();
  const last = view.tricks.at(-1);
  // A trick just taken stays a moment; then the trick in progress; between tricks, the one just taken
  // (so the fourth card stays in sight).
  const shown =
    held?.trick ?? (showLast && last ? last : (view.trick ?? (view.phase !== 'auction' ? last : undefined)));
  const index = held ? held.index : shown === view.trick ? view.tricks.length : view.tricks.length - 1;
  return (
    <div class="trick" aria-label={shown === last && last ? w.lastTrick : undefined}>
      {shown?.cards.map((code, i) => {
        const by = (shown.leader + i) % 4;
        return (
          <div
            key={code}
            class={`played at-${PLACES[place(by, mine)]}${shown.winner === by ? ' winner' : ''}`}
            aria-label={cardLabel(code)}
            role="img"
          >
            <CardFace code={code} />
            <StandInNote mark={info.marks.plays[index * 4 + i]} />
          </div>
        );
      })}
      {held && held.trick.winner !== undefined && (
        <p class="taken" role="status">
          {w.trickTaken(seatName(info, held.trick.winner, props.mine), w.points(trickPoints(held.trick)))}
        </p>
      )}
    </div>
  );
}

/** Re-render when `until` (this browser's ms) comes. */
function useRerenderAt(until: number | null) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (until === null) return;
    const timer = setTimeout(() => tick((n) => n + 1), Math.max(0, until - Date.now()) + 20);
    return () => clearTimeout(timer);
  }, [until]);
}

/**
 * The tricks and card points taken so far, by side as far as this seat knows the sides (the view's
 * `sides`); the seats whose side it cannot know are counted apart.
 */
function Tally({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  if (view.phase !== 'play' || view.tricks.length === 0) return null;
  const groups: { label: string; seats: number[] }[] = [
    { label: w.old, seats: [0, 1, 2, 3].filter((s) => view.sides[s] === 'old') },
    { label: w.young, seats: [0, 1, 2, 3].filter((s) => view.sides[s] === 'young') },
    { label: w.sideUnknown, seats: [0, 1, 2, 3].filter((s) => view.sides[s] === null) },
  ];
  const names = new Intl.ListFormat(lang.value, { type: 'conjunction' });
  return (
    <section class="tally" aria-label={w.soFar}>
      <b>{w.soFar}:</b>
      {groups
        .filter((g) => g.seats.length > 0)
        .map((g) => {
          const taken = view.tricks.filter((tr) => g.seats.includes(tr.winner!));
          const points = taken.reduce((sum, tr) => sum + trickPoints(tr), 0);
          return (
            <span key={g.label} title={names.format(g.seats.map((s) => seatName(info, s, mine)))}>
              {g.label}: {w.tricks(taken.length)}, {w.points(points)}
            </span>
          );
        })}
    </section>
  );
}

/** Between deals: whom the next deal waits for, and when it starts anyway. */
function Pause({ info, mine }: { info: TableInfo; mine: number | null }) {
  const w = t();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, []);
  const until = table.value?.pauseUntil;
  if (!info.pause || !until) return null;
  const left = Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const seconds = new Intl.NumberFormat(lang.value, { style: 'unit', unit: 'second', unitDisplay: 'short' });
  const names = new Intl.ListFormat(lang.value, { type: 'conjunction' });
  // Oneself is not named: his own Dalej is in front of him.
  const others = info.pause.seats.filter((s) => s !== mine);
  return (
    <p class="note pause" role="status">
      {others.length > 0 && `${w.waitingFor(names.format(others.map((s) => seatName(info, s, mine))))} · `}
      {w.nextDealIn(seconds.format(left))}
    </p>
  );
}

function Hand({ view, myTurn }: { view: PlayerView; myTurn: boolean }) {
  const w = t();
  const playable = new Set(myTurn && view.phase === 'play' ? view.legal : []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      const n = Number(e.key);
      const code = view.hand[n - 1];
      if (n >= 1 && code && playable.has(code)) act(code);
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });
  const choosing = myTurn && view.phase === 'play';
  return (
    <>
      <section class={`hand${choosing ? ' choosing' : ''}`} aria-label={w.hand}>
        {view.hand.map((code: CardCode, i) => {
          const ok = playable.has(code);
          return (
            <button
              key={code}
              class={`card${ok ? ' playable' : ''}`}
              disabled={!ok}
              aria-disabled={!ok}
              aria-label={`${i + 1}: ${cardLabel(code)}`}
              data-card={code}
              {...dragToTable(code, ok, act)}
              onClick={() => ok && !endsDrag() && act(code)}
            >
              <CardFace code={code} />
            </button>
          );
        })}
      </section>
      {choosing && playable.size < view.hand.length && <p class="note hand-note">{w.illegalHint}</p>}
    </>
  );
}

function Auction({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  if (view.auction.length === 0 && view.phase !== 'auction') return null;
  return (
    <section class="auction" aria-labelledby="auction-h">
      <h2 id="auction-h">{w.auction}</h2>
      <ol>
        {view.auction.map((a, i) => (
          <li key={i}>
            {seatName(info, a.seat, mine)}: <b>{callLabel(a.call, info.preset)}</b>{' '}
            <StandInNote mark={info.marks.auction[i]} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function DealEnd({ view, info, mine }: { view: PlayerView; info: TableInfo; mine: number | null }) {
  const w = t();
  const s = view.score!;
  const sideName = s.winner === 'old' ? w.old : w.young;
  return (
    <section class="card-box deal-end" role="dialog" aria-labelledby="end-h">
      <h2 id="end-h">{w.dealEnd}</h2>
      <p>
        <b>{s.contract}</b>
        {s.declarer !== null && ` — ${seatName(info, s.declarer, mine)}`}: {w.win(sideName)}
        {s.tie && ` (${w.tie})`}
      </p>
      <dl>
        {s.oldPoints !== null && (
          <>
            <dt>{w.old}</dt>
            <dd>
              {w.points(s.oldPoints)}, {w.tricks(s.oldTricks ?? 0)}
            </dd>
            <dt>{w.young}</dt>
            <dd>
              {w.points(s.youngPoints ?? 0)}, {w.tricks(s.youngTricks ?? 0)}
            </dd>
          </>
        )}
        {s.grade && (
          <>
            <dt>{w.grade}</dt>
            <dd>{GRADES[s.grade]}</dd>
          </>
        )}
        <dt>{w.counted}</dt>
        <dd>{s.counted}</dd>
        <dt>{w.multiplier}</dt>
        <dd>×{s.multiplier}</dd>
        {s.bokRound && (
          <>
            <dt>bok</dt>
            <dd>{w.bokRound}</dd>
          </>
        )}
      </dl>
      <table class="score-line">
        <caption>{w.scoreLine}</caption>
        <tbody>
          <tr>
            {s.scores.map((_, seat) => (
              <th key={seat} scope="col" title={seatName(info, seat, mine)} aria-label={seatName(info, seat, mine)}>
                {shortSeatName(info, seat, mine)}
              </th>
            ))}
          </tr>
          <tr>
            {s.scores.map((v, seat) => (
              <td key={seat}>{v > 0 ? `+${v}` : v}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {info.pause && <Pause info={info} mine={mine} />}
      <button class="primary" onClick={closeSummary} autoFocus>
        {w.next}
      </button>
    </section>
  );
}

function ScoreSheet({ info }: { info: TableInfo }) {
  const w = t();
  const mine = table.value?.seat ?? null;
  if (info.sheet.length === 0) return null;
  return (
    <section class="sheet" aria-labelledby="sheet-h">
      <h2 id="sheet-h">{w.sheet}</h2>
      <div class="scroll">
        <table>
          <thead>
            <tr>
              <th scope="col" title={w.deal} aria-label={w.deal}>
                {w.dealShort}
              </th>
              <th scope="col">{w.contract}</th>
              {info.seats.map((s) => (
                <th
                  key={s.seat}
                  scope="col"
                  title={seatName(info, s.seat, mine)}
                  aria-label={seatName(info, s.seat, mine)}
                >
                  {shortSeatName(info, s.seat, mine)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {info.sheet.map((row, i) => (
              <tr key={i} class={row.bokRound ? 'bok' : ''}>
                <td>
                  {i + 1}
                  {row.bokRound && ' (bok)'}
                </td>
                <td>{row.contract}</td>
                {row.scores.map((v, s) => (
                  <td key={s}>{v}</td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                {w.total}
              </th>
              {info.totals.map((v, s) => (
                <td key={s}>
                  <b>{v}</b>
                </td>
              ))}
            </tr>
            {info.stake > 0 && (
              <tr>
                <th scope="row" colSpan={2}>
                  {w.money}
                </th>
                {info.totals.map((v, s) => (
                  <td key={s}>{money(v, info.stake)}</td>
                ))}
              </tr>
            )}
          </tfoot>
        </table>
      </div>
    </section>
  );
}
