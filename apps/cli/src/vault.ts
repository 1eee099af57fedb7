import picocolors from 'picocolors';
import { run } from './run.js';

// `vault ... | head` closes the pipe early: that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  // picocolors honours NO_COLOR and FORCE_COLOR; colour a pipe only when forced.
  color: picocolors.isColorSupported && (process.stdout.isTTY || Boolean(process.env.FORCE_COLOR)),
});
