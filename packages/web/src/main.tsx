import { effect } from '@preact/signals';
import { render } from 'preact';
import { App } from './App.js';
import { lang } from './i18n.js';
import { startApp } from './offline/app.js';
import { loadMe, me } from './store.js';
import './style.css';

document.documentElement.lang = lang.value;
// Offline games kept here go to the player's archive when he is known and the network is there (issue 36).
const sendKept = () =>
  localStorage.getItem('baska.offline.kept') && void import('./offline/send.js').then((m) => m.sendWaiting());
void loadMe();
effect(() => void (me.value && sendKept()));
addEventListener('online', () => void loadMe().then(sendKept));
startApp();
render(<App />, document.getElementById('app')!);
