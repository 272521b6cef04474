// The table chat: the lines this client may read (as text, never HTML), the quick phrases, a line
// of one's own words, and for each other person's line a mute and a report. During a deal the
// players say quick phrases only and spectators talk among themselves (seed 002 §6).
import { useState } from 'preact/hooks';
import type { ChatLine } from '@baska/protocol';
import { CHAT_MAX_LENGTH, QUICK_PHRASES } from '@baska/protocol/social';
import { t } from '../i18n.js';
import { chat, me, mute, report, say, table } from '../store.js';

export function Chat() {
  const w = t();
  const st = table.value;
  const [text, setText] = useState('');
  const [muted, setMuted] = useState<{ id: number; name: string }[]>([]);
  const [reported, setReported] = useState<number[]>([]);
  if (!st?.info || !me.value) return null;
  const inDeal = st.info.status === 'playing' && st.view !== null && st.view.phase !== 'complete';
  const player = st.seat !== null;
  const quiet = inDeal && player;
  const lines = chat.value.table === st.id ? chat.value.lines : [];
  const send = (e: Event) => {
    e.preventDefault();
    const words = text.trim();
    if (!words) return;
    say({ text: words });
    setText('');
  };
  const who = (l: ChatLine) => (l.seat === null ? `${l.from.name} (${w.chatSpectator})` : l.from.name);
  return (
    <section class="card-box chat" aria-labelledby="chat-h">
      <h2 id="chat-h">{w.chat}</h2>
      <ol class="chat-lines" aria-live="polite">
        {lines.length === 0 && <li class="muted">{w.chatEmpty}</li>}
        {lines.map((l) => (
          <li key={l.id} class={l.to === 'spectators' ? 'to-spectators' : undefined}>
            <b>{who(l)}:</b> <span class="words">{l.phrase ? w.phrases[l.phrase] : l.text}</span>
            {l.from.id !== me.value!.id && (
              <span class="line-actions">
                <button
                  type="button"
                  class="link"
                  onClick={() => {
                    mute(l.from.id, true);
                    setMuted([...muted.filter((m) => m.id !== l.from.id), l.from]);
                  }}
                >
                  {w.mute}
                </button>
                <button
                  type="button"
                  class="link"
                  disabled={reported.includes(l.id)}
                  onClick={() => {
                    report(l.id);
                    setReported([...reported, l.id]);
                  }}
                >
                  {reported.includes(l.id) ? w.reported : w.report}
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      <div class="phrases" role="group" aria-label={w.quickPhrases}>
        {QUICK_PHRASES.map((p) => (
          <button type="button" key={p} onClick={() => say({ phrase: p })}>
            {w.phrases[p]}
          </button>
        ))}
      </div>
      {quiet ? (
        <p class="muted">{w.chatQuiet}</p>
      ) : (
        <form class="chat-form" onSubmit={send}>
          <label class="sr-only" for="chat-text">
            {w.chatLabel}
          </label>
          <input
            id="chat-text"
            value={text}
            maxLength={CHAT_MAX_LENGTH}
            autocomplete="off"
            placeholder={w.chatPlaceholder}
            aria-describedby={inDeal ? 'chat-who' : undefined}
            onInput={(e) => setText((e.target as HTMLInputElement).value)}
          />
          <button type="submit">{w.send}</button>
        </form>
      )}
      {!quiet && inDeal && (
        // A note under the field, not its placeholder: a phone's narrow field would cut it off.
        <p id="chat-who" class="note">
          {w.chatSpectatorsOnly}
        </p>
      )}
      {muted.length > 0 && (
        <p class="muted">
          {w.mutedList}{' '}
          {muted.map((m) => (
            <button
              type="button"
              class="link"
              key={m.id}
              onClick={() => {
                mute(m.id, false);
                setMuted(muted.filter((x) => x.id !== m.id));
              }}
            >
              {w.unmute(m.name)}
            </button>
          ))}
        </p>
      )}
    </section>
  );
}
