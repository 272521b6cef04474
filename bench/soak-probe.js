// Preloaded into a server process by bench/soak.js (`node --expose-gc --import`): over the IPC
// channel the bench opens, 'sample' answers the process's memory after a full garbage collection,
// and { snapshot: FILE } writes a heap snapshot there. Nothing happens without that channel.
import { writeHeapSnapshot } from 'node:v8';

if (process.send) {
  process.channel?.unref(); // the server still exits on SIGTERM as it would without the bench
  process.on('message', (m) => {
    if (m === 'sample') {
      globalThis.gc?.();
      globalThis.gc?.(); // a second pass frees what the first one's finalizers let go
      const memory = process.memoryUsage();
      // The pages a collection freed go back to the system a moment later, off the main thread: the
      // RSS is read then (the heap at once, before the tables' play makes new garbage).
      setTimeout(() => process.send({ memory: { ...memory, rss: process.memoryUsage.rss() } }), 500);
    } else if (m && typeof m.snapshot === 'string') {
      globalThis.gc?.();
      writeHeapSnapshot(m.snapshot);
      process.send({ snapshot: m.snapshot });
    }
  });
}
