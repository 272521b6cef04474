// Loaded into a server process by the benchmarks (node --import): measures its event loop's delay
// and answers the parent over IPC: 'reset' starts a new measurement, 'read' gets its p50, p99 and
// max in milliseconds. A timer asks to run every 10 ms; each time it runs late, the lateness goes
// into a perf_hooks histogram. (monitorEventLoopDelay measures the same, but a loop stuck at the
// moment it is read shows nothing of the stall yet: here the stall so far counts as a sample.)
import { createHistogram } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

if (process.send) {
  const EVERY_MS = 10;
  let h = createHistogram();
  let last = performance.now();
  const late = (now) => Math.max(1, Math.round((now - last - EVERY_MS) * 1000)); // µs (the histogram takes ≥ 1)
  setInterval(() => {
    const now = performance.now();
    h.record(late(now));
    last = now;
  }, EVERY_MS).unref();
  process.on('message', (m) => {
    if (m === 'reset') h = createHistogram();
    else if (m === 'read') {
      const read = createHistogram();
      read.add(h);
      read.record(late(performance.now())); // a stall still going on
      const ms = (us) => us / 1000;
      process.send({ loopDelay: { p50: ms(read.percentile(50)), p99: ms(read.percentile(99)), max: ms(read.max) } });
    }
  });
  process.channel?.unref(); // the channel keeps the server alive no longer than it would be
}
