#!/usr/bin/env node
// The baska command. The code is compiled to ../dist by `npm run build` (run by the install).
import { main } from '../dist/main.js';

main(process.argv).then((code) => {
  process.exitCode = code;
});
