#!/usr/bin/env node
// The `vtx` command. It loads the bundle that `pnpm build` writes, and says so when that is missing.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/vtx.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('vtx: the command is not built yet. Run `pnpm build` (or the README\'s set-up) in the repository first.\n');
  process.exitCode = 70;
}
