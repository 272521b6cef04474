// The card table's screen: the waiting room before the start, the game in play, and the score sheet.
import { useEffect } from 'preact/hooks';
import { errorText, t } from '../../i18n.js';
import { connected, go, isLocal, openTable, table } from '../../store.js';
import { Chat } from '../Chat.js';
import { FairPlay } from '../FairPlay.js';
import { InvitePeople } from '../Online.js';
import { Announcer } from './Announcer.js';
import { Play } from './Play.js';
import { ScoreSheet } from './ScoreSheet.js';
import { Waiting } from './Waiting.js';
import { moveLabel } from '../words.js';

export function TableScreen({ id }: { id: string }) {
  useEffect(() => openTable(id), [id]);
  const w = t();
  const st = table.value;
  // An offline table (issue 36) has no server to wait for.
  const live = connected.value || isLocal(id);
  if (!st || st.id !== id || !st.info)
    return (
      <main class="table-screen">
        {st?.error?.code === 'ERR_PRIVATE' ? (
          <>
            <p role="alert" class="error">
              {w.privateTable}
            </p>
            <button onClick={() => go('')}>{w.toLobby}</button>
          </>
        ) : (
          <>
            <p aria-live="polite">{live ? '…' : w.reconnecting}</p>
            {st?.error && (
              <p role="alert" class="error">
                {errorText(st.error)}
              </p>
            )}
          </>
        )}
      </main>
    );
  const info = st.info;
  return (
    <main class="table-screen" data-version={st.version}>
      {!live && (
        <p class="banner" aria-live="polite">
          {w.reconnecting}
        </p>
      )}
      {st.error && (
        <p role="alert" class="error toast">
          {errorText(st.error)}
        </p>
      )}
      <Announcer />
      {st.refused && (
        <p role="alert" class="error toast">
          {w.moveRefused(moveLabel(st.refused.action, info.preset), st.refused.why && errorText(st.refused.why))}
        </p>
      )}
      {info.status === 'open' ? <Waiting info={info} seat={st.seat} /> : <Play />}
      <FairPlay />
      <ScoreSheet info={info} mine={st.seat} />
      <Chat />
      {info.status === 'open' && st.seat !== null && <InvitePeople table={info.id} />}
    </main>
  );
}
