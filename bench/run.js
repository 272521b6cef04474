// npm run bench: every benchmark, each printing its own figures.
import { run as engine } from './engine.js';

engine();
