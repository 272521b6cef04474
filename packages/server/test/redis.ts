// A redis-server of a test's own, on a free port and without persistence (so that a test can kill
// it, and a restart loses everything it held), for the tests of several processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, connect, createServer } from 'node:net';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Does a Redis answer PING on this port? */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.on('error', () => resolve(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => {
      resolve(d.toString().startsWith('+PONG'));
      s.destroy();
    });
  });
}

/** A redis-server of our own on `port`, without persistence: a restart loses everything it held. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; !(await pong(port)); i++) {
    if (i > 100) throw new Error('redis-server did not start');
    await sleep(50);
  }
  return child;
}

export const stopChild = (c: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (c.exitCode !== null || c.signalCode !== null) return resolve();
    c.once('exit', () => resolve());
    c.kill(signal);
  });
