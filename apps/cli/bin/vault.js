#!/usr/bin/env node
// The `vault` command. It loads the bundle that `pnpm build` writes, and says so when that is missing.
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/vault.js', import.meta.url);
if (existsSync(bundle)) {
  await import(bundle.href);
} else {
  process.stderr.write('vault: the command is not built yet. Run `pnpm build` (or the README\'s set-up) in the repository first.\n');
  process.exitCode = 70;
}
