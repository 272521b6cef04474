// npm run bench: every benchmark, each printing its own figures.
import { run as engine } from './engine.js';
import { run as cli } from './cli.js';
import { run as solver } from './solver.js';
import { run as analysis } from './analysis.js';
import { run as bots } from './bots.js';
import { run as server } from './server.js';
import { run as soak } from './soak.js';
import { run as web } from './web.js';
import { run as tournament } from './tournament.js';

engine();
console.log();
cli();
console.log();
solver();
console.log();
await analysis();
console.log();
bots();
console.log();
web();
console.log();
tournament();
console.log();
await server();
console.log();
await soak();
