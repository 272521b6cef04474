// npm run bench: every benchmark, each printing its own figures.
import { run as engine } from './engine.js';
import { run as cli } from './cli.js';
import { run as solver } from './solver.js';

engine();
console.log();
cli();
console.log();
solver();
