// Screens that load on demand: the lobby and the card table, what most visits need, do not carry
// the tournaments, the score pad, the rules' texts or the replay. Each screen's module is fetched
// once, on its first visit; until then the screen shows "…", and a failed fetch (a lost
// connection, or a new version deployed since the page loaded) says so instead of staying blank.
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n.js';

export function lazy<P extends object>(load: () => Promise<FunctionComponent<P>>): FunctionComponent<P> {
  let loaded: FunctionComponent<P> | null = null;
  return function Lazy(props: P) {
    const [Screen, setScreen] = useState<FunctionComponent<P> | null>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      load().then(
        (c) => setScreen(() => (loaded = c)),
        () => setFailed(true),
      );
    }, []);
    if (Screen) return <Screen {...props} />;
    return <main>{failed ? <p class="error">{t().loadFailed}</p> : '…'}</main>;
  };
}
