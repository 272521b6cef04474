// The installed app's state (issue 36): whether the network is there, whether a new version of the
// client waits, and whether the browser lets the page offer installing it.
//
// A new version's service worker installs beside the running one and waits (vite.config.ts,
// `registerType: 'prompt'`): the page keeps every file of the version it started with until the
// player chooses "Nowa wersja — odśwież", which lets the new worker take over and reloads the page
// once. So no page ever runs half of one version and half of another.
import { signal } from '@preact/signals';
import { registerSW } from 'virtual:pwa-register';

/** The browser says it has a network (and the server answered, when it was asked: `reachable`). */
export const online = signal(typeof navigator === 'undefined' ? true : navigator.onLine);
addEventListener('online', () => (online.value = true));
addEventListener('offline', () => (online.value = false));

/** A new version is installed and waits for the player's reload. */
export const updateReady = signal(false);

/** The browser's install offer, kept until the player takes it (Chromium: beforeinstallprompt). */
interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}
export const installOffer = signal<InstallPrompt | null>(null);
addEventListener('beforeinstallprompt', (e) => {
  e.preventDefault(); // offered in the lobby, not by the browser's own bar at an arbitrary moment
  installOffer.value = e as InstallPrompt;
});
addEventListener('appinstalled', () => (installOffer.value = null));

let update: ((reload?: boolean) => Promise<void>) | null = null;

/** Register the service worker (where the browser has them). */
export function startApp(): void {
  if (!('serviceWorker' in navigator)) return;
  update = registerSW({ onNeedRefresh: () => (updateReady.value = true) });
}

/** The player chose the new version: the waiting worker takes over, and the page reloads once. */
export const reloadToUpdate = () => void update?.(true);

/** Show the browser's install dialog; the offer is used up either way. */
export async function install(): Promise<void> {
  const offer = installOffer.value;
  if (!offer) return;
  installOffer.value = null;
  await offer.prompt();
}
