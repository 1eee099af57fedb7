import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { holdPushes, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
let daemon: ChildProcess | undefined;
afterEach(async () => {
  if (daemon && daemon.exitCode === null) {
    const exited = once(daemon, 'exit');
    daemon.kill();
    await exited;
  }
  daemon = undefined;
});

/** A free port on loopback: one the system gives for port 0, released for the daemon. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Serves the folder's repositories with `git daemon` on loopback (pushes allowed); resolves once it answers. */
async function serveGitDaemon(folder: string): Promise<string> {
  const port = await freePort();
  daemon = spawn(
    'git',
    ['daemon', '--export-all', '--enable=receive-pack', '--reuseaddr', `--base-path=${folder}`, '--listen=127.0.0.1', `--port=${port}`, folder],
    {
      stdio: 'ignore',
    },
  );
  const url = `git://127.0.0.1:${port}/remote.git`;
  // Wait for it to accept: ls-remote fails until the daemon listens.
  for (;;) {
    if (
      await promisify(execFile)('git', ['ls-remote', url]).then(
        () => true,
        () => false,
      )
    )
      return url;
    if (daemon.exitCode !== null) throw new Error(`git daemon exited with ${daemon.exitCode}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a remote over the network: git daemon on loopback', () => {
  it('two servers on clones over git://: writes to two files both land once; to one file, one lands and the other is STALE_FILE', async () => {
    const remote = await open({ 'a.md': 'a\n', 'b.md': 'b\n' }, 0);
    const url = await serveGitDaemon(path.dirname(remote.bare));
    const clones = [await remote.addClone({}, { url }), await remote.addClone({}, { url })];
    await Promise.all([
      clones[0]!.vault.call('TextEdit', { filePath: 'a.md', oldString: 'a', newString: 'apricot' }),
      clones[1]!.vault.call('TextEdit', { filePath: 'b.md', oldString: 'b', newString: 'blueberry' }),
    ]);
    expect(remote.remoteSubjects().sort()).toEqual(['TextEdit: a.md', 'TextEdit: b.md', 'first']);

    const release = await holdPushes(remote.bare, remote.hook);
    const calls = clones.map((clone, index) =>
      clone.vault.call('TextCreate', { filePath: 'c.md', content: `by ${index}\n` }).then(
        () => 'applied',
        (error: { code: string }) => error.code,
      ),
    );
    await release();
    const results = await Promise.all(calls);
    expect(results.sort()).toEqual(['STALE_FILE', 'applied']);
    expect(remote.remoteSubjects()).toHaveLength(4);
  });
});
