// A deal as the table tells it, phone first: the contract, who was old, the doublings as they were
// said (who said kontra, rekontra, bok, hirsz, in order: the engine decides which count, RULES §3;
// the counted number typed is a shortcut), the result (a grade, a winner, the old side's card points
// or 52:52), an offence if there was one; or the small points typed. The row it gives is shown
// before it is saved, computed by the same entry module the server uses (@baska/tournament).
import {
  type Contract,
  DOUBLING_NAMES,
  type Rules,
  callName,
  doublingCall,
  doublingDisplayName,
  doublingsAsSaid,
} from '@baska/engine';
import {
  type EntryRow,
  type NextDeal,
  OFFENCE_KINDS,
  type OffenceKind,
  type SaidWord,
  entryOf,
} from '@baska/tournament';
import { useState } from 'preact/hooks';
import { errorText, lang, t } from '../i18n.js';
import { signed as signedIn } from '../i18n/format.js';
import type { EntryBody } from './remote.js';
import { type SaidEntry, type WordsStart, wordsStart } from './said.js';
import { glossed, gradeName } from '../ui/words.js';
import { dealInWords, isGameWord, saidWord } from './words.js';
// The form's own styles come with it: the hall's phones show it without ever opening the score pad.
import './pad.css';

const TWO: readonly string[] = ['zwyczajna', 'wesele'];
const THROWN: readonly string[] = ['zollo-bieda', 'mester', 'baszka'];
const DU: readonly string[] = ['gran-du', 'zollo-du'];

type Result = NonNullable<WordsStart['result']>;

interface Props {
  rules: Rules;
  names: readonly string[];
  next: NextDeal;
  disabled?: boolean;
  /** The deal as it was entered, to be corrected: the form opens with it (words or small points). */
  initial?: SaidEntry | null;
  onSave: (body: EntryBody) => void;
}

export function EntryForm(props: Props) {
  const w = t().pad;
  const [mode, setMode] = useState<'words' | 'numbers'>(
    props.initial && 'scores' in props.initial ? 'numbers' : 'words',
  );
  return (
    <section class="pad-entry" aria-labelledby="pad-entry-h">
      <div class="row spread">
        <h2 id="pad-entry-h">{w.deal(props.next.deal + 1)}</h2>
        <div class="seg" role="group" aria-label={w.how}>
          <button aria-pressed={mode === 'words'} onClick={() => setMode('words')}>
            {w.inWords}
          </button>
          <button aria-pressed={mode === 'numbers'} onClick={() => setMode('numbers')}>
            {w.inNumbers}
          </button>
        </div>
      </div>
      <p class="pad-next">
        {w.dealer}: <b>{props.names[props.next.dealer]}</b>
        {props.next.out !== null && <> ({w.sitsOut})</>}
        {props.next.inBokRound && <span class="badge bok-badge">{w.bokRound}</span>}
      </p>
      {mode === 'words' ? <Words {...props} /> : <Numbers {...props} />}
    </section>
  );
}

function Words({ rules, names, next, disabled, initial, onSave }: Props) {
  const w = t().pad;
  const [start] = useState(() => wordsStart(initial && 'words' in initial ? initial.words : undefined));
  const [contract, setContract] = useState<Contract>(start.contract);
  const [old, setOld] = useState<number[]>(start.old);
  const [said, setSaid] = useState<SaidWord[]>(start.said);
  // The shortcut: the counted doublings typed as a number instead of the words said.
  const [byCount, setByCount] = useState(start.byCount);
  const [doublings, setDoublings] = useState(start.doublings);
  const [result, setResult] = useState<Result | null>(start.result);
  const [offence, setOffence] = useState<{ seat: number | null; kind: OffenceKind; tookRest: boolean } | null>(
    start.offence,
  );
  const seats = names.map((_, s) => s).filter((s) => s !== next.out);
  const two = TWO.includes(contract);
  const thrown = THROWN.includes(contract);
  const du = DU.includes(contract);
  const contracts = ['zwyczajna', 'cicha', ...rules.games].sort(
    (a, b) => CONTRACT_ORDER.indexOf(a) - CONTRACT_ORDER.indexOf(b),
  ) as Contract[];
  const doublingNames = DOUBLING_NAMES[rules.preset];
  const decided = offence !== null && !(offence.kind === 'shown' && offence.tookRest);

  const pick = (c: Contract) => {
    setContract(c);
    setOld((o) => o.slice(0, TWO.includes(c) ? 2 : 1));
    setResult(null);
    setSaid((w) => w.filter((x) => !isGameWord(x.word))); // a game among the words was the old contract's
    if (THROWN.includes(c)) setDoublings(0);
  };
  const toggleOld = (s: number) => {
    const next = old.includes(s) ? old.filter((x) => x !== s) : two ? [...old, s].slice(-2) : [s];
    setOld(next);
    setSaid((w) => w.filter((x) => !isGameWord(x.word) || next.includes(x.seat))); // the game is called by one of the old
  };

  const words: Record<string, unknown> = { contract, old };
  if (!thrown) Object.assign(words, byCount ? { doublings } : { said });
  if (offence && offence.seat !== null)
    words.offence = {
      seat: offence.seat,
      kind: offence.kind,
      ...(offence.kind === 'shown' ? { tookRest: offence.tookRest } : {}),
    };
  if (!thrown && !decided && result) {
    if (result.kind === 'grade') Object.assign(words, { winner: result.winner, grade: result.grade });
    else if (result.kind === 'winner') words.winner = result.winner;
    else if (result.kind === 'tie') words.oldPoints = 52;
    else words.oldPoints = result.points.trim() === '' ? NaN : Number(result.points);
  }
  const ready =
    old.length === (two ? 2 : 1) &&
    (thrown || decided || result !== null) &&
    (offence === null || offence.seat !== null);
  const ctx = { rules, size: names.length as 4 | 5, out: next.out, inBokRound: next.inBokRound };
  const preview = ready ? entryOf({ words }, ctx) : null;

  const save = () => {
    if (!preview?.ok) return;
    onSave({ words });
    setOld([]);
    setSaid([]);
    setDoublings(0);
    setResult(null);
    setOffence(null);
  };

  return (
    <div class="pad-words">
      <fieldset>
        <legend>{w.contract}</legend>
        <div class="chips">
          {contracts.map((c) => (
            <button key={c} aria-pressed={contract === c} onClick={() => pick(c)}>
              {glossed(c)}
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>{two ? w.old : w.soloist}</legend>
        <div class="chips">
          {seats.map((s) => (
            <button key={s} aria-pressed={old.includes(s)} onClick={() => toggleOld(s)}>
              {names[s]}
            </button>
          ))}
        </div>
      </fieldset>
      {!thrown && !byCount && (
        <Said
          rules={rules}
          names={names}
          seats={seats}
          contract={contract}
          old={old}
          said={said}
          onChange={setSaid}
          onByCount={() => setByCount(true)}
        />
      )}
      {!thrown && byCount && (
        <fieldset class="said">
          <legend>{w.doublings}</legend>
          <div class="chips">
            {Array.from({ length: rules.maxDoubling + 1 }, (_, n) => (
              <button key={n} aria-pressed={doublings === n} onClick={() => setDoublings(n)}>
                {n === 0 ? w.noDoubling : (doublingNames[n - 1] ?? `×${2 ** n}`)}
              </button>
            ))}
          </div>
          <button class="link" onClick={() => setByCount(false)}>
            {w.bySaid}
          </button>
        </fieldset>
      )}
      {!thrown && !decided && (
        <fieldset>
          <legend>{w.result}</legend>
          {two ? (
            <div class="grades">
              {(['old', 'young'] as const).map((winner) => (
                <div key={winner} class="chips" role="group" aria-label={winner === 'old' ? w.oldWon : w.youngWon}>
                  <span class="chips-label">{winner === 'old' ? w.oldWon : w.youngWon}</span>
                  {([1, 2, 3] as const).map((grade) => (
                    <button
                      key={grade}
                      aria-pressed={result?.kind === 'grade' && result.winner === winner && result.grade === grade}
                      onClick={() => setResult({ kind: 'grade', winner, grade })}
                    >
                      {gradeName(grade)}
                    </button>
                  ))}
                </div>
              ))}
            </div>
          ) : (
            <div class="chips">
              {(['old', 'young'] as const).map((winner) => (
                <button
                  key={winner}
                  aria-pressed={result?.kind === 'winner' && result.winner === winner}
                  onClick={() => setResult({ kind: 'winner', winner })}
                >
                  {winner === 'old' ? w.soloWon : w.soloLost}
                </button>
              ))}
            </div>
          )}
          {/* A tie is no side's win: its own row, with who wins it at this table (RULES §5) beside it. */}
          {!du && (
            <div class="chips tie" role="group" aria-label={w.tieLabel}>
              <span class="chips-label">{w.tieLabel}</span>
              <button
                aria-pressed={result?.kind === 'tie'}
                aria-describedby="pad-tie-rule"
                onClick={() => setResult({ kind: 'tie' })}
              >
                {w.tie}
              </button>
              <span class="note" id="pad-tie-rule">
                {w.tieRule[rules.tie]}
              </span>
            </div>
          )}
          {!du && (
            <div class="chips">
              <label class="points">
                {w.points}
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={104}
                  value={result?.kind === 'points' ? result.points : ''}
                  onInput={(e) => setResult({ kind: 'points', points: e.currentTarget.value })}
                />
              </label>
            </div>
          )}
        </fieldset>
      )}
      <details class="offence" open={offence !== null}>
        <summary
          onClick={(e) => {
            e.preventDefault();
            setOffence(offence ? null : { seat: null, kind: 'revoke', tookRest: false });
          }}
        >
          {w.offence}
        </summary>
        {offence && (
          <div class="offence-body">
            <div class="chips" role="group" aria-label={w.offender}>
              <span class="chips-label">{w.offender}</span>
              {seats.map((s) => (
                <button key={s} aria-pressed={offence.seat === s} onClick={() => setOffence({ ...offence, seat: s })}>
                  {names[s]}
                </button>
              ))}
            </div>
            <label>
              {w.offenceKind}
              <select
                value={offence.kind}
                onChange={(e) => setOffence({ ...offence, kind: e.currentTarget.value as OffenceKind })}
              >
                {OFFENCE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {w.offenceKinds[k]}
                  </option>
                ))}
              </select>
            </label>
            {offence.kind === 'shown' && (
              <label class="check">
                <input
                  type="checkbox"
                  checked={offence.tookRest}
                  onChange={(e) => setOffence({ ...offence, tookRest: e.currentTarget.checked })}
                />
                {w.tookRest}
              </label>
            )}
            <p class="note">{w.offenceRule}</p>
          </div>
        )}
      </details>
      <Preview names={names} preview={preview} />
      <button class="primary save" disabled={disabled || !preview?.ok} onClick={save}>
        {w.save}
      </button>
      {preview && !preview.ok && (
        <p class="error" role="alert">
          {errorText(preview.error)}
        </p>
      )}
      {!ready && <p class="note">{w.fill}</p>}
    </div>
  );
}

/**
 * The doublings as they were said, in order: the next word (kontra, then rekontra, …, again kontra
 * after a game called) and who said it; a player who could not have said it is not offered (the
 * engine's auction decides, RULES §3). A game called only after some doublings is added at its place.
 */
function Said(props: {
  rules: Rules;
  names: readonly string[];
  seats: readonly number[];
  contract: Contract;
  old: readonly number[];
  said: readonly SaidWord[];
  onChange: (said: SaidWord[]) => void;
  onByCount: () => void;
}) {
  const { rules, names, seats, contract, old, said } = props;
  const w = t().pad;
  const two = TWO.includes(contract);
  const sided = old.length === (two ? 2 : 1);
  // Could the words, this one added, have been said? Before the sides are known, only one rule
  // needs none: nobody says two words in a row.
  const could = (next: SaidWord) => {
    const all = [...said, next];
    if (!sided) return said.at(-1)?.seat !== next.seat;
    return doublingsAsSaid(
      all.map((x) => ({ seat: seats.indexOf(x.seat), word: x.word })),
      { contract, old: old.map((s) => seats.indexOf(s)) },
      rules,
    ).ok;
  };
  let lastGame = -1;
  said.forEach((x, i) => isGameWord(x.word) && (lastGame = i));
  const level = said.length - lastGame; // the doublings since the last game called, and one more
  const word = level <= rules.maxDoubling ? callName(doublingCall(level)) : null;
  const declared = contract !== 'zwyczajna' && contract !== 'cicha';
  // A game called after some doublings, by whoever of the old could have called it then.
  const callers = (declared && sided && lastGame < 0 && said.length > 0 ? (two ? old : old.slice(0, 1)) : []).filter(
    (s) => could({ seat: s, word: contract }),
  );
  return (
    <fieldset class="said">
      <legend>{w.said}</legend>
      {said.length === 0 ? (
        <p class="note">{w.saidNone}</p>
      ) : (
        <ol class="said-list" aria-label={w.saidList}>
          {said.map((x, i) => (
            <li key={i} class={isGameWord(x.word) ? 'game' : undefined}>
              {names[x.seat]}: <b>{saidWord(said, i, rules.preset)}</b>
            </li>
          ))}
        </ol>
      )}
      {word ? (
        <div class="chips" role="group" aria-label={w.saidWho(doublingDisplayName(level, rules.preset))}>
          <span class="chips-label">{w.saidWho(doublingDisplayName(level, rules.preset))}</span>
          {seats.map((s) => (
            <button
              key={s}
              disabled={!could({ seat: s, word })}
              onClick={() => props.onChange([...said, { seat: s, word }])}
            >
              {names[s]}
            </button>
          ))}
        </div>
      ) : (
        <p class="note">{w.saidMax}</p>
      )}
      {callers.length > 0 && (
        <div class="chips" role="group" aria-label={w.saidGameLate}>
          <span class="chips-label">{w.saidGameLate}</span>
          {callers.map((s) => (
            <button key={s} onClick={() => props.onChange([...said, { seat: s, word: contract }])}>
              {names[s]}: {contract}
            </button>
          ))}
        </div>
      )}
      <div class="row wrap">
        {said.length > 0 && (
          <button class="link" onClick={() => props.onChange(said.slice(0, -1))}>
            {w.saidDrop}
          </button>
        )}
        <button class="link" onClick={props.onByCount}>
          {w.byCount}
        </button>
      </div>
    </fieldset>
  );
}

const CONTRACT_ORDER = [
  'zwyczajna',
  'wesele',
  'cicha',
  'gran',
  'zollo',
  'zollo-bieda',
  'gran-du',
  'zollo-du',
  'mester',
  'baszka',
];

function Preview({ names, preview }: { names: readonly string[]; preview: ReturnType<typeof entryOf> | null }) {
  const w = t().pad;
  if (!preview?.ok) return null;
  const row: EntryRow = preview.value;
  return (
    <div class="preview" aria-live="polite">
      <span class="chips-label">{w.preview}</span>
      <p class="preview-words">{dealInWords(row, names)}</p>
      <ul>
        {row.scores.map((v, s) =>
          v === null ? null : (
            <li key={s}>
              {names[s]}: <b class={v > 0 ? 'plus' : v < 0 ? 'minus' : ''}>{signed(v)}</b>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

/** A score with its sign, as the page's language writes it: +12, −6, 0. */
export const signed = (v: number) => signedIn(lang.value, v);

function Numbers({ rules, names, next, disabled, initial, onSave }: Props) {
  const w = t().pad;
  const typed = initial && 'scores' in initial ? initial : null;
  const [values, setValues] = useState<string[]>(names.map((_, s) => (typed ? String(typed.scores[s] ?? '') : '')));
  const [tie, setTie] = useState(typed?.tie === true);
  const scores = values.map((v, s) => (s === next.out ? null : v.trim() === '' ? NaN : Number(v)));
  const sum = scores.reduce<number>((a, b) => a + (b === null || Number.isNaN(b) ? 0 : b), 0);
  const filled = scores.every((v) => v === null || !Number.isNaN(v));
  const ctx = { rules, size: names.length as 4 | 5, out: next.out, inBokRound: next.inBokRound };
  const preview = filled ? entryOf({ scores, ...(tie ? { tie } : {}) }, ctx) : null;
  return (
    <div class="pad-numbers">
      <div class="numbers">
        {names.map((n, s) => (
          <label key={s}>
            {n}
            <input
              type="text"
              inputMode="numeric"
              pattern="-?[0-9]*"
              disabled={s === next.out}
              value={s === next.out ? '' : values[s]}
              placeholder={s === next.out ? w.sitsOutShort : '0'}
              onInput={(e) => {
                const v = e.currentTarget.value.replace('−', '-');
                setValues((old) => old.map((x, i) => (i === s ? v : x)));
              }}
            />
          </label>
        ))}
      </div>
      <p class={sum === 0 ? 'note' : 'error'}>{w.sum(sum)}</p>
      <label class="check">
        <input type="checkbox" checked={tie} onChange={(e) => setTie(e.currentTarget.checked)} />
        {w.tieTyped}
      </label>
      <button
        class="primary save"
        disabled={disabled || !preview?.ok}
        onClick={() => {
          onSave({ scores, ...(tie ? { tie } : {}) });
          setValues(names.map(() => ''));
          setTie(false);
        }}
      >
        {w.save}
      </button>
      {preview && !preview.ok && preview.error.code !== 'ERR_SUM' && (
        <p class="error" role="alert">
          {errorText(preview.error)}
        </p>
      )}
    </div>
  );
}
