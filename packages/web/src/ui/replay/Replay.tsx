// A replay of any deal of a game, step by step: the table picture with the trick on the felt, every
// hand open, the auction and the tricks in words, the exact analysis of a decision, and a search for
// the mistakes of the play with a jump to each. The stepping and the jobs are in model.ts.
import { type LoadedRecord, type Preset, loadRecord } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import type { TableInfo } from '@baska/protocol';
import { api } from '../../api.js';
import { errorText, t } from '../../i18n.js';
import { CardFace, cardLabel } from '../Card.js';
import { FairCheck } from '../FairCheck.js';
import { GRADES, botName, callLabel, seatName } from '../words.js';
import { Analysis } from './Analysis.js';
import { Mistakes } from './Mistakes.js';
import { cardChoices, jobAt, positionAt } from './model.js';
import { ReplayFelt } from './ReplayFelt.js';

export function Replay({ id }: { id: string }) {
  const w = t();
  const [loaded, setLoaded] = useState<LoadedRecord | null>(null);
  const [dealNo, setDealNo] = useState(0);
  const [step, setStep] = useState(0);
  const [error, setError] = useState('');
  const [info, setInfo] = useState<TableInfo | null>(null);
  useEffect(() => {
    // Records carry no names (docs/spec/records.md): the table's description has them.
    api.table(id).then(
      (r) => setInfo(r.table),
      () => setInfo(null),
    );
    api.record(id).then(
      (r) => {
        const l = loadRecord(r);
        if (l.ok) setLoaded(l.value);
        else setError(l.error.message);
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
  // A bot with its level in the page's language, once: "Bot Marta (mocny)".
  const who = (seat: number) => {
    if (!info) return w.seat(seat);
    const level = botName(info.seats[seat] ?? { name: null, bot: false }).level;
    return `${seatName(info, seat, null)}${level ? ` (${w.levels[level]})` : ''}`;
  };
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
      <FairCheck deal={loaded.record.deals[dealNo]!} hands={Array.from(loaded.table.deals[dealNo]!.dealt)} />
      <ReplayFelt view={v} who={who} preset={preset} />
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
          <b>{score.contract}</b> {score.grade ? GRADES[score.grade] : ''} — {score.scores.join(' / ')}
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
