import { crashExitCode, exitCodes } from './exit-codes.js';
import { hasColors } from './has-colors.js';
import { run } from './run.js';

// A crash exits with 70, not Node's 1, which means "a search found nothing".
process.on('uncaughtException', (error) => {
  process.stderr.write(`vtx: the command failed unexpectedly: ${error.stack ?? error}\nReport it, with the command that failed.\n`);
  process.exit(crashExitCode);
});

// `vtx ... | head` closes the pipe early: that is not a failure. Any other error writing the output (a full disk, a device
// failing) is an I/O error, named as a command's own (decision 0004), not a crash.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`IO_ERROR: The output could not be written: ${error.message}. Free room where it goes, or send it elsewhere.\n`);
  process.exit(exitCodes.IO_ERROR);
});

process.exitCode = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  color: hasColors(process.stdout, process.env),
  errorColor: hasColors(process.stderr, process.env),
});
