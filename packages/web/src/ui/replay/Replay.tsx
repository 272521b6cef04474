// A replay of any deal of a game, step by step: the table picture with the trick on the felt, every
// hand open, the auction and the tricks in words, the exact analysis of a decision, and a search for
// the mistakes of the play with a jump to each. The stepping and the jobs are in model.ts.
import { type LoadedRecord, type Preset, loadRecord, loadTableOfFiveRecord } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import type { RecordAnswer, TableInfo } from '@baska/protocol';
import { api } from '../../api.js';
import { errorText, lang, t } from '../../i18n.js';
import { signed } from '../../i18n/format.js';
import { CardFace, cardLabel } from '../Card.js';
import { FairCheck } from '../FairCheck.js';
import { botName, callLabel, gradeName, seatName } from '../words.js';
import { Analysis } from './Analysis.js';
import { Mistakes } from './Mistakes.js';
import { cardChoices, jobAt, positionAt } from './model.js';
import { ReplayFelt } from './ReplayFelt.js';
import { SignedCheck } from './SignedCheck.js';

/**
 * A record to replay deal by deal, and at a table of five each deal's table seats by its seats. A
 * table of five's record is checked as one (decision 006); without `players` and `seats` it is a
 * four-seat record that replays every deal right, by the deal's seats.
 */
function replayable(r: RecordAnswer): { loaded: LoadedRecord; seats: number[][] | null } | string {
  if (!('players' in r)) {
    const l = loadRecord(r);
    return l.ok ? { loaded: l.value, seats: null } : l.error.message;
  }
  const five = loadTableOfFiveRecord(r);
  if (!five.ok) return five.error.message;
  const { players: _, ...rest } = five.value.record;
  const four = loadRecord({ ...rest, deals: rest.deals.map(({ seats: _s, ...d }) => d) });
  return four.ok ? { loaded: four.value, seats: five.value.record.deals.map((d) => d.seats) } : four.error.message;
}

/**
 * Where the game to replay comes from: the server's archive (its record signed, decision 013), or
 * a game kept in this browser with no network (issue 36, ui/Offline.tsx), whose record nobody signed.
 */
export interface ReplaySource {
  record(): Promise<RecordAnswer>;
  table(): Promise<TableInfo>;
  signed: boolean;
}
const fromServer = (id: string): ReplaySource => ({
  record: () => api.record(id),
  table: () => api.table(id).then((r) => r.table),
  signed: true,
});

export function Replay({ id, source }: { id: string; source?: ReplaySource }) {
  const w = t();
  const [loaded, setLoaded] = useState<LoadedRecord | null>(null);
  /** The record as the server handed it out: its signature is over these very fields (decision 013). */
  const [handed, setHanded] = useState<RecordAnswer | null>(null);
  const [seatsOf, setSeatsOf] = useState<number[][] | null>(null);
  const [dealNo, setDealNo] = useState(0);
  const [step, setStep] = useState(0);
  const [error, setError] = useState('');
  const [info, setInfo] = useState<TableInfo | null>(null);
  useEffect(() => {
    // Records carry no names (docs/spec/records.md): the table's description has them.
    const from = source ?? fromServer(id);
    from.table().then(setInfo, () => setInfo(null));
    from.record().then(
      (r) => {
        const l = replayable(r);
        if (typeof l === 'string') setError(l);
        else {
          setLoaded(l.loaded);
          setSeatsOf(l.seats);
          if (from.signed) setHanded(r);
        }
      },
      (e) => setError(errorText(e)),
    );
  }, [id]);
  const at = loaded ? positionAt(loaded, dealNo, step) : null;
  const total = at?.actions.length ?? 0;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setStep((s) => Math.min(total, s + 1));
      if (e.key === 'ArrowLeft') setStep((s) => Math.max(0, s - 1));
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });
  if (error)
    return (
      <main>
        <p role="alert" class="error">
          {error}
        </p>
      </main>
    );
  if (!loaded || !at) return <main>…</main>;
  const { deal: d, views, actions } = at;
  const v = views[0]!;
  const preset = loaded.rules.preset as Preset;
  const score = d.score;
  // At a table of five, the table seats playing this deal (the one missing sat it out, RULES §9).
  const dealSeats = seatsOf?.[dealNo] ?? null;
  const out = dealSeats ? [0, 1, 2, 3, 4].find((s) => !dealSeats.includes(s))! : null;
  // A bot with its level in the page's language, once: "Bot Marta (mocny)". By table seat.
  const named = (tableSeat: number) => {
    if (!info) return w.seat(tableSeat);
    const level = botName(info.seats[tableSeat] ?? { name: null, bot: false }).level;
    return `${seatName(info, tableSeat, null)}${level ? ` (${w.levels[level]})` : ''}`;
  };
  const who = (seat: number) => named(dealSeats ? dealSeats[seat]! : seat);
  const decisions = cardChoices(loaded, dealNo).map((s) => ({
    step: s,
    seat: positionAt(loaded, dealNo, s)!.deal.toAct,
    chosen: actions[s]!,
    job: jobAt(loaded, dealNo, s),
  }));
  return (
    <main class="replay">
      <div class="row wrap replay-steps">
        <label>
          {w.deal}{' '}
          <select
            value={dealNo}
            onChange={(e) => {
              setDealNo(Number(e.currentTarget.value));
              setStep(0);
            }}
          >
            {loaded.record.deals.map((_, i) => (
              <option value={i}>{i + 1}</option>
            ))}
          </select>
        </label>
        <button onClick={() => setStep(0)}>{w.first}</button>
        <button onClick={() => setStep(Math.max(0, step - 1))}>{w.prev}</button>
        <span aria-live="polite">
          {w.step} {step}/{total}
        </span>
        <button onClick={() => setStep(Math.min(total, step + 1))}>{w.nextStep}</button>
        <button onClick={() => setStep(total)}>{w.last}</button>
      </div>
      {out !== null && (
        <p class="note sitting-out-line">
          {w.sitsOut}: {named(out)}
        </p>
      )}
      <FairCheck deal={loaded.record.deals[dealNo]!} hands={Array.from(loaded.table.deals[dealNo]!.dealt)} />
      {handed && <SignedCheck record={handed} />}
      <ReplayFelt view={v} who={who} preset={preset} five={out !== null} />
      <h3>{w.allHands}</h3>
      <div class="open-hands">
        {views.map((view, s) => (
          <div key={s} class={`open-hand${d.toAct === s ? ' to-act' : ''}`}>
            <b>{who(s)}</b>
            <div class="row">
              {view.hand.map((c) => (
                <span key={c} class="mini-card" role="img" aria-label={cardLabel(c)}>
                  <CardFace code={c} />
                </span>
              ))}
            </div>
          </div>
        ))}
      </div>
      <p>
        {w.auction}: {v.auction.map((a) => `${who(a.seat)}: ${callLabel(a.call, preset)}`).join(', ') || '—'}
      </p>
      <ol class="trick-list">
        {[...v.tricks, ...(v.trick ? [v.trick] : [])].map((tr, i) => (
          <li key={i}>
            {tr.cards.map((c, k) => `${who((tr.leader + k) % 4)}: ${cardLabel(c)}`).join(' · ')}
            {tr.winner !== undefined && ` → ${who(tr.winner)}`}
          </li>
        ))}
      </ol>
      {!score && (
        <Analysis
          key={`${dealNo}:${step}`}
          job={jobAt(loaded, dealNo, step)}
          name={who(d.toAct)}
          played={actions[step]}
          preset={preset}
        />
      )}
      {score && (
        <p>
          <b>{score.contract}</b> {score.grade ? gradeName(score.grade) : ''} —{' '}
          {score.scores.map((x) => signed(lang.value, x)).join(' / ')}
        </p>
      )}
      <Mistakes
        key={dealNo}
        decisions={decisions}
        who={who}
        jump={setStep}
        calls={loaded.record.deals[dealNo]!.auction.length}
      />
      <button onClick={() => history.back()}>{w.back}</button>
    </main>
  );
}
