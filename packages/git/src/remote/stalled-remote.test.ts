import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const read = (top: string, file: string) => readFile(path.join(top, file), 'utf8');

/** A remote that takes the connection and never says a word: git, left alone, would wait on it forever. */
let silent: { server: Server; sockets: Socket[]; url: string } | undefined;
async function silentRemote(): Promise<string> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  silent = { server, sockets, url: `git://127.0.0.1:${port}/remote.git` };
  return silent.url;
}
afterEach(async () => {
  for (const socket of silent?.sockets ?? []) socket.destroy();
  await new Promise((resolve) => silent?.server.close(resolve) ?? resolve(undefined));
  silent = undefined;
});

// A remote that stalls holds no write for ever: past the time limit, the call fails with IO_ERROR
// details.remote 'unavailable', and nothing changed (the server's queue goes on).
describe('a remote that accepts the connection and never answers', () => {
  it('a fetch before a write: stopped at the time limit, the write refused before it wrote', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const clone = await remote.addClone({ timeout: 300 });
    clone.git('remote', 'set-url', 'origin', await silentRemote());
    const refused = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'IO_ERROR', details: { remote: 'unavailable' } });
    expect((refused as Error).message).toContain('no answer within 300 ms');
    expect(await read(clone.top, 'a.md')).toBe('apple\n');
    expect(clone.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(clone.git('status', '--porcelain')).toBe('');
  });

  it('a push: stopped at the time limit, the change taken back (kept under refs/vault/taken-back/), the remote unchanged', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    // Long enough for the fetches from the real remote, however loaded the machine.
    const clone = await remote.addClone({ timeout: 5000 });
    clone.git('remote', 'set-url', '--push', 'origin', await silentRemote());
    const refused = await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'IO_ERROR', details: { remote: 'unavailable' } });
    expect(await read(clone.top, 'a.md')).toBe('apple\n');
    expect(remote.remoteSubjects()).toEqual(['first']);
    expect(clone.git('rev-parse', 'HEAD')).toBe(remote.remoteGit('rev-parse', 'main'));
    expect(clone.git('status', '--porcelain')).toBe('');
    expect(clone.git('for-each-ref', '--format=%(refname)', 'refs/vault/taken-back/').split('\n').filter(Boolean)).toHaveLength(1);
    // The remote reachable again: the same call goes through.
    clone.git('remote', 'set-url', '--push', 'origin', remote.bare);
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });
});
