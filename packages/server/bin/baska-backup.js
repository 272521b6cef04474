#!/usr/bin/env node
import '../dist/backup/cli.js';
