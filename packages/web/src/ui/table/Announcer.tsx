// The table's voice for screen readers: one polite live log, always on the page while the table is
// open (a live region must be there before its words change), to which each event's lines are added
// in the page's language (announce.ts says what). Hidden from sight: the page shows the same.
import { useEffect, useRef, useState } from 'preact/hooks';
import { lang, t } from '../../i18n.js';
import { table } from '../../store.js';
import { type Heard, tell } from './announce.js';

/** How many lines stay in the log (a screen reader reads each as it comes; older ones are history). */
const KEPT = 12;

export function Announcer() {
  const st = table.value;
  const heard = useRef<Heard | null>(null);
  const next = useRef(0);
  const [lines, setLines] = useState<{ id: number; text: string }[]>([]);
  useEffect(() => {
    if (!st) return;
    const told = tell(heard.current, st, t(), lang.value);
    heard.current = told.heard;
    if (told.lines.length)
      setLines((old) => [...old, ...told.lines.map((text) => ({ id: next.current++, text }))].slice(-KEPT));
  }, [st]);
  return (
    <div class="sr-only announcer" role="log" aria-live="polite" aria-label={t().said}>
      {lines.map((l) => (
        <p key={l.id}>{l.text}</p>
      ))}
    </div>
  );
}
