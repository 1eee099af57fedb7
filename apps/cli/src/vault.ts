import { run } from './run.js';

// `vault ... | head` closes the pipe early: that is not a failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

// Colour a terminal that has colours: Node's hasColors() honours NO_COLOR, FORCE_COLOR and TERM. A pipe gets plain text unless --color.
const hasColors = (stream: NodeJS.WriteStream) => stream.isTTY === true && stream.hasColors();

process.exitCode = await run(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  color: hasColors(process.stdout),
  errorColor: hasColors(process.stderr),
});
