import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdPushes, type RemoteClones, until, useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();
const calls = 8;
const subjects = (count: number) => [...Array.from({ length: count }, (_, index) => `TextCreate: n${count - 1 - index}.md`), 'first'];

/** Counts the pushes the remote takes (a post-receive hook writes a line for each). */
async function countPushes({ bare, hook }: RemoteClones): Promise<() => Promise<number>> {
  const log = path.join(bare, '..', 'pushes.log');
  await hook('post-receive', `cat >/dev/null\necho pushed >> "${log}"`);
  return async () => (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean).length;
}

const create = (clone: RemoteClones['clones'][number], index: number) => clone.vault.call('TextCreate', { filePath: `n${index}.md`, content: `${index}\n` });

describe('group commit: calls arriving while a push is in flight go in the next push, each its own commit', () => {
  it('on (the default): while the first push is held, the other calls commit, unanswered, then go in one push', async () => {
    const remote = await open({}, 1);
    const [server] = remote.clones;
    const pushes = await countPushes(remote);
    const release = await holdPushes(remote.bare, remote.hook, 1);
    const answered: number[] = [];
    const writes = Array.from({ length: calls }, (_, index) => create(server!, index).then(() => answered.push(index)));
    await until(async () => Number(server!.git('rev-list', '--count', 'HEAD')) === calls + 1);
    // All committed, none answered: the remote has none of them yet.
    expect(answered).toEqual([]);
    await release();
    await Promise.all(writes);
    expect(remote.remoteSubjects()).toEqual(subjects(calls));
    expect(await pushes()).toBe(2);
  });

  it('off: each call is pushed alone before the next one runs', async () => {
    const remote = await open({}, 0);
    const server = await remote.addClone({ groupCommit: false });
    const pushes = await countPushes(remote);
    await Promise.all(Array.from({ length: 3 }, (_, index) => create(server, index)));
    expect(remote.remoteSubjects()).toEqual(subjects(3));
    expect(await pushes()).toBe(3);
  });
});
