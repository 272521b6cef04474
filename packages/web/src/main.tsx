import { render } from 'preact';
import { App } from './App.js';
import { lang } from './i18n.js';
import { startApp } from './offline/app.js';
import { loadMe } from './store.js';
import './style.css';

document.documentElement.lang = lang.value;
void loadMe();
startApp();
render(<App />, document.getElementById('app')!);
