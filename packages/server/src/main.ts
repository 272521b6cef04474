// `npm start`: the server with the environment's configuration; SIGTERM and SIGINT shut it down
// gracefully (stop accepting, finish the writes in progress, close the database).
import { startServer } from './app.js';
import { configFromEnv } from './config.js';

const server = await startServer(configFromEnv());
process.stdout.write(`Baśka: open ${server.url} (database: ${server.dialect})\n`);
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
