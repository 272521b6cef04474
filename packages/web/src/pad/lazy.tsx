// The score pad's screens load on demand (#/pad): the lobby and the table do not carry them.
import type { FunctionComponent } from 'preact';
import { useEffect, useState } from 'preact/hooks';

type Route = FunctionComponent<{ path: string[] }>;
let loaded: Route | null = null;

export function PadLazy({ path }: { path: string[] }) {
  const [Screen, setScreen] = useState<Route | null>(() => loaded);
  useEffect(() => {
    if (!loaded) void import('./Pad.js').then((m) => setScreen(() => (loaded = m.PadRoute)));
  }, []);
  return Screen ? <Screen path={path} /> : <main>…</main>;
}
