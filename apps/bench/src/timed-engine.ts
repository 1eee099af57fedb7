import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * The end of an engine's script (`queries` and a `search` in scope) that, given `serve` as its
 * second argument, times one query at a time as asked: a query's index on a line of stdin, its
 * time in milliseconds on a line of stdout (`search` awaited when `awaited`). Else it does nothing.
 */
export const serveQueryTimes = (awaited: boolean) => `
if (process.argv[3] === 'serve') {
  const { createInterface } = await import('node:readline');
  for await (const line of createInterface({ input: process.stdin })) {
    const query = queries[Number(line)].query;
    const t = performance.now();
    ${awaited ? 'await ' : ''}search(query);
    process.stdout.write((performance.now() - t) + '\\n');
  }
  process.exit(0);
}
`;

/** An engine's script running with `serve`: each query's time, asked one at a time. */
export interface TimedEngine {
  /** The time of query `index` (of the script's queries), run once now. */
  time(index: number): Promise<number>;
  close(): Promise<void>;
}

/** Starts `node` on `script` with `data` and `serve` (`serveQueryTimes`), its stderr passed on. */
export function startTimedEngine(node: string, script: string, data: string): TimedEngine {
  const child = spawn(node, ['--expose-gc', '--no-warnings', script, data, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const waiting: ((time: number) => void)[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.(Number(line)));
  return {
    time(index) {
      return new Promise((resolve, reject) => {
        waiting.push(resolve);
        child.stdin.write(`${index}\n`);
        exited.then(() => reject(new Error(`${script} exited before timing query ${index}`)));
      });
    },
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}
