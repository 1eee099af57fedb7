import { describe, expect, it } from 'vitest';
import { useRemoteClones } from '../__fixtures__/remote-clones.js';

const open = useRemoteClones();

// Past 2^31-1 ms a Node timer fires after 1 ms: a time limit that long made every fetch fail at once.
describe('the remote options a timer or a count cannot hold', () => {
  it.each([
    [{ timeout: 2 ** 31 }, 'timeout must be whole milliseconds from 1 to 2147483647'],
    [{ timeout: 0 }, 'timeout must be whole milliseconds from 1'],
    [{ fetchInterval: 2 ** 31 }, 'fetchInterval must be whole milliseconds from 0 to 2147483647'],
    [{ fetchInterval: 1.5 }, 'fetchInterval must be whole milliseconds'],
    // A push loop counting to 0 (or 2.5) never reached its count, and never gave up.
    [{ attempts: 0 }, 'attempts must be a whole number from 1 to 1000'],
    [{ attempts: 2.5 }, 'attempts must be a whole number'],
  ])('%o is refused at start with INVALID_ARGUMENT', async (options, message) => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const refused = await remote.addClone(options).catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining(message) });
  });

  it('the longest a timer holds is taken', async () => {
    const remote = await open({ 'a.md': 'apple\n' }, 0);
    const clone = await remote.addClone({ timeout: 2 ** 31 - 1, fetchInterval: 2 ** 31 - 1 });
    await clone.vault.call('TextEdit', { filePath: 'a.md', oldString: 'apple', newString: 'quince' });
    expect(remote.remoteGit('show', 'main:a.md')).toBe('quince\n');
  });
});
