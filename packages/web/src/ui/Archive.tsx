// After a game: the archive of one's games, and a replay of any deal card by card with all hands open.
import { FairCheck } from './FairCheck.js';
import type { ActionValue, Job } from '@baska/ai';
import { type CardCode, Deal, type GameRecord, type Preset, loadRecord, parseCard, viewFor } from '@baska/engine';
import { useEffect, useState } from 'preact/hooks';
import type { PlayerHistory, TableInfo } from '@baska/protocol';
import { api } from '../api.js';
import { errorText, lang, t } from '../i18n.js';
import { dateTime } from '../i18n/format.js';
import { go } from '../store.js';
import { CardFace, cardLabel } from './Card.js';
import { GRADES, botName, callLabel, seatName } from './words.js';
import type { AnalysisReply } from '../analysis-worker.js';

type DecisionJob = Extract<Job, { kind: 'decision' }>;

export function Archive() {
  const w = t();
  const [data, setData] = useState<PlayerHistory | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    api.history().then(setData, (e) => setError(errorText(e)));
  }, []);
  return (
    <main class="archive">
      <h2>{w.archive}</h2>
      {data && <p>{w.stats(data.stats.games, data.stats.deals, data.stats.points, data.stats.perDeal)}</p>}
      {data?.games.length === 0 && <p>{w.noGames}</p>}
      <ul class="tables">
        {data?.games.map((g) => (
          <li key={g.id} class="table-row">
            <span>{dateTime(lang.value, Date.parse(g.createdAt))}</span>
            <span class="preset">{w.presets[g.preset as Preset] ?? g.preset}</span>
            <span>{w.status[g.status]}</span>
            <span>{w.dealCount(g.deals)}</span>
            <span>
              {w.total}: {g.total}
            </span>
            {g.status !== 'finished' && <button onClick={() => go(`t/${g.id}`)}>{w.join}</button>}
            {g.deals > 0 && <button onClick={() => go(`replay/${g.id}`)}>{w.replay}</button>}
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}

export function Replay({ id }: { id: string }) {
  const w = t();
  const [record, setRecord] = useState<GameRecord | null>(null);
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
        const loaded = loadRecord(r);
        if (loaded.ok) setRecord(loaded.value.record);
        else setError(loaded.error.message);
      },
      (e) => setError(errorText(e)),
    );
  }, [id]);
  const loaded = record ? loadRecord(record) : null;
  const table = loaded?.ok ? loaded.value : null;
  const dr = record?.deals[dealNo];
  const actions = dr ? [...dr.auction, ...dr.play] : [];
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') setStep((s) => Math.min(actions.length, s + 1));
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
  if (!table || !dr) return <main>…</main>;
  const deal = Deal.start({
    rules: table.rules,
    dealer: dr.dealer,
    hands: dr.hands.map((h) => h.split(' ').map((c) => parseCard(c)!)),
    inBokRound: table.table.deals[dealNo]!.inBokRound,
  });
  if (!deal.ok) return <main>{deal.error.message}</main>;
  const d = deal.value;
  for (const a of actions.slice(0, step)) d.apply(a);
  const open = [0, 1, 2, 3].map((s) => viewFor(d, s));
  const v = open[0]!;
  const preset = table.rules.preset as Preset;
  const score = d.score;
  // A bot with its level in the page's language, once: "Bot Marta (mocny)".
  const who = (seat: number) => {
    if (!info) return w.seat(seat);
    const level = botName(info.seats[seat] ?? { name: null, bot: false }).level;
    return `${seatName(info, seat, null)}${level ? ` (${w.levels[level]})` : ''}`;
  };
  return (
    <main class="replay">
      <div class="row wrap">
        <label>
          {w.deal}
          <select
            value={dealNo}
            onChange={(e) => {
              setDealNo(Number(e.currentTarget.value));
              setStep(0);
            }}
          >
            {record!.deals.map((_, i) => (
              <option value={i}>{i + 1}</option>
            ))}
          </select>
        </label>
        <button onClick={() => setStep(0)}>{w.first}</button>
        <button onClick={() => setStep(Math.max(0, step - 1))}>{w.prev}</button>
        <span aria-live="polite">
          {w.step} {step}/{actions.length}
        </span>
        <button onClick={() => setStep(Math.min(actions.length, step + 1))}>{w.nextStep}</button>
        <button onClick={() => setStep(actions.length)}>{w.last}</button>
      </div>
      <FairCheck deal={dr} hands={Array.from(table.table.deals[dealNo]!.dealt)} />
      <h3>{w.allHands}</h3>
      <div class="open-hands">
        {open.map((view, s) => (
          <div key={s} class={`open-hand${d.toAct === s ? ' to-act' : ''}`}>
            <b>{who(s)}</b>
            <div class="row">
              {view.hand.map((c) => (
                <span class="mini-card" role="img" aria-label={cardLabel(c)}>
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
          job={{
            kind: 'decision',
            rules: table.rules,
            inBokRound: table.table.deals[dealNo]!.inBokRound,
            dealer: dr.dealer,
            hands: Array.from(d.dealt),
            moves: actions.slice(0, step),
          }}
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
      <button onClick={() => history.back()}>{w.back}</button>
    </main>
  );
}

/** "Could I have won?": the exact analysis of the decision at this step (loaded on demand). */
function Analysis(props: { job: DecisionJob; name: string; played: string | undefined; preset: Preset }) {
  const w = t();
  type Result = { values: ActionValue[]; layouts: number } | { progress: number } | { error: string } | null;
  const [result, setResult] = useState<Result>(null);
  const [worker, setWorker] = useState<Worker | null>(null);
  useEffect(() => () => worker?.terminate(), [worker]); // leaving the step stops its analysis
  const run = () => {
    // A thread of its own (and a chunk of its own: @baska/ai is not part of the initial load).
    const wk = new Worker(new URL('../analysis-worker.ts', import.meta.url), { type: 'module' });
    wk.onmessage = (e: MessageEvent<AnalysisReply>) => {
      const m = e.data;
      if ('values' in m) {
        setResult({ values: [...m.values].sort((a, b) => b.expectedScore - a.expectedScore), layouts: m.layouts });
        wk.terminate();
      } else setResult(m);
    };
    wk.onerror = (e) => setResult({ error: e.message || w.analysisStopped });
    wk.postMessage(props.job);
    setWorker(wk);
    setResult({ progress: 0 });
  };
  if (result === null)
    return (
      <button onClick={run}>
        {w.analyse} — {props.name}
      </button>
    );
  if ('error' in result) return <p role="alert">{result.error}</p>;
  if ('progress' in result)
    return (
      <p aria-live="polite">
        {w.analysing}{' '}
        <progress max={1} value={result.progress} aria-label={w.analysing}>
          {Math.round(result.progress * 100)}%
        </progress>
      </p>
    );
  const label = (a: string) => (/^[ATQJ][cshd]$/.test(a) ? cardLabel(a as CardCode) : callLabel(a, props.preset));
  return (
    <section class="analysis" aria-live="polite">
      <table>
        <thead>
          <tr>
            <th scope="col">{w.action}</th>
            <th scope="col">{w.expected}</th>
            <th scope="col">{w.winChance}</th>
          </tr>
        </thead>
        <tbody>
          {result.values.map((v) => (
            <tr key={v.action} class={v.action === props.played ? 'chosen' : ''}>
              <td>
                {label(v.action)}
                {v.action === props.played && ` (${w.chosen})`}
              </td>
              <td>{v.expectedScore.toFixed(2)}</td>
              <td>{Math.round(v.winProbability * 100)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="note">{w.layouts(result.layouts)}</p>
    </section>
  );
}
