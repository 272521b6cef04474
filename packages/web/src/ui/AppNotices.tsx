// What the installed app offers beside the screens (issue 36): a new version that waits for the
// player's reload, and, in the lobby, installing the app where the browser allows it.
import { t } from '../i18n.js';
import { install, installOffer, reloadToUpdate, updateReady } from '../offline/app.js';

/** "Nowa wersja — odśwież": a status (read out once), and the button that takes the new version. */
export function UpdateNotice() {
  if (!updateReady.value) return null;
  return (
    <p class="banner update" role="status">
      <button class="primary" onClick={reloadToUpdate}>
        {t().off.newVersion}
      </button>
    </p>
  );
}

/** The lobby's offer to install the app: only while the browser holds an install prompt. */
export function InstallOffer() {
  const w = t().off;
  if (!installOffer.value) return null;
  return (
    <section class="install row spread" aria-label={w.install}>
      <span class="note">{w.installNote}</span>
      <button onClick={() => void install()}>{w.install}</button>
    </section>
  );
}
