#!/usr/bin/env node
// `baska-server` starts the server; `baska-server COMMAND …` runs one of the operator's commands on
// the server's machine (src/commands.ts lists them; `baska-server help` too).
if (process.argv.length > 2) {
  const { run } = await import('../dist/commands.js');
  process.exitCode = await run(process.argv.slice(2));
} else await import('../dist/main.js');
