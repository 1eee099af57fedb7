import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { createTempFolder, textOf } from '@vault/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { connectServer, createSharedRemote } from './__fixtures__/remote-clones-bin.js';
import { bin } from './__fixtures__/serve-bin.js';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

type Call = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

const callOf =
  (client: Client): Call =>
  async (name, args) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

/** `vault-mcp` without history on a temp folder seeded with `seed`. */
async function serve(seed: Record<string, string>): Promise<{ call: Call; folder: string }> {
  const folder = await createTempFolder(seed);
  const client = new Client({ name: 'retrying-agent', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [bin, '--vault', folder.path], stderr: 'pipe' }));
  closing.push(
    () => client.close(),
    () => folder.remove(),
  );
  return { call: callOf(client), folder: folder.path };
}

/** Two `vault-mcp --git --git-remote origin` on two clones of one remote. */
async function serveClones(seed: Record<string, string>) {
  const remote = await createSharedRemote(seed);
  const clones = [remote.clone(), remote.clone()];
  const clients = await Promise.all(clones.map((clone, index) => connectServer(clone, `agent-${index}`)));
  closing.push(
    () => Promise.all(clients.map((client) => client.close())),
    () => remote.remove(),
  );
  const subjects = () => remote.git(['log', '--format=%s', 'main']).split('\n').filter(Boolean);
  return { calls: clients.map(callOf) as [Call, Call], clones, subjects };
}

const code = (result: CallToolResult) => (result.isError ? textOf(result).split(':')[0] : 'ok');

// A client of the MCP 2026-07-28 revision re-sends a call whose answer was lost: the same call twice, the
// first answer dropped. The retry answers that it was already applied, exactly when its own first try
// made the change that is there (decision 0019); an edit that was never made is never said to be.
describe('a call sent again after its answer was lost, through the built server', () => {
  it('TextEdit: oldString absent and newString there once is NO_MATCH, not "already applied"', async () => {
    const { call, folder } = await serve({ 'todo.md': '# Todo\n- [ ] call Bob\n- [x] pay rent\n', 's.md': '# A\n## C\nc-text\n## D\nd\n' });
    const refused = [
      await call('TextEdit', { filePath: 'todo.md', oldString: '- [ ] Call Alice', newString: '- [x]' }),
      await call('TextEdit', { filePath: 'todo.md', oldString: '- [ ] pay bills', newString: '- [x] pay rent' }),
      await call('TextEdit', { filePath: 's.md', heading: 'C', oldString: 'c-text\n## D', newString: 'x' }),
    ];
    expect(refused.map(code)).toEqual(['NO_MATCH', 'NO_MATCH', 'NO_MATCH']);
    expect(refused.map((result) => result.structuredContent)).toEqual([undefined, undefined, undefined]);
    expect(await readFile(path.join(folder, 'todo.md'), 'utf8')).toBe('# Todo\n- [ ] call Bob\n- [x] pay rent\n');
  });

  it('TextEdit sent twice is applied once and then answered already applied; once the file changed otherwise, NO_MATCH', async () => {
    const { call, folder } = await serve({ 'a.md': 'one\ntwo\nthree\n' });
    const edit = { filePath: 'a.md', oldString: 'two', newString: 'TWO' };
    const first = await call('TextEdit', edit);
    const again = await call('TextEdit', edit);
    expect(again.isError).toBeFalsy();
    expect(again.structuredContent).toEqual({ ...first.structuredContent, replacements: 0, alreadyApplied: true });
    expect(textOf(again).split('\n')[0]).toMatch(/^Already applied: a.md holds this change at line 2, so nothing was written/);
    expect(await readFile(path.join(folder, 'a.md'), 'utf8')).toBe('one\nTWO\nthree\n');

    // Someone else's edit since: the file is no longer what the first try left.
    await call('TextEdit', { filePath: 'a.md', oldString: 'one', newString: 'ONE' });
    expect(code(await call('TextEdit', edit))).toBe('NO_MATCH');
  });

  it('Move, RemoveFile, RenameHeading and Undo sent twice: applied once, the retry answered already applied, no second commit', async () => {
    const { calls, subjects } = await serveClones({ 'a.md': '# H\nalpha\n', 'b.md': 'beta [[a#H]]\n', 'c.md': 'gamma\n' });
    const [call] = calls;
    const twice = async (name: string, args: Record<string, unknown>) => {
      const first = await call(name, args);
      expect(first.isError, textOf(first)).toBeFalsy();
      const again = await call(name, args);
      expect(again.isError, textOf(again)).toBeFalsy();
      expect(again.structuredContent).toEqual({ ...first.structuredContent, alreadyApplied: true });
      return textOf(again).split('\n')[0];
    };
    expect(await twice('Move', { sourcePath: 'c.md', destinationPath: 'd/c.md' })).toBe(
      'Already applied, nothing changed now: this call moved file c.md to d/c.md before; no link needed rewriting',
    );
    expect(await twice('RemoveFile', { filePath: 'd/c.md' })).toBe(
      'Already applied, nothing changed now: this call moved d/c.md to the trash: .trash/d/c.md (Move it back to restore it; TextSearch on the folder .trash lists the trash)',
    );
    expect(await twice('RenameHeading', { filePath: 'a.md', heading: 'H', newHeading: 'H2' })).toBe(
      'Already applied, nothing changed now: this call renamed # H to # H2 in a.md (line 1); 1 link rewritten in 1 note',
    );
    await call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'ALPHA' });
    const [edit] = subjects();
    const id = ((await call('History', { filePath: 'a.md' })).structuredContent as { changes: { id: string }[] }).changes[0]!.id;
    expect(await twice('Undo', { change: id })).toMatch(/^Already applied, nothing changed now: this call undid change [0-9a-f]{12} \(TextEdit: a.md\):$/);
    expect(subjects()).toEqual([`Undo: ${id.slice(0, 12)} (TextEdit: a.md)`, edit, 'RenameHeading', 'RemoveFile: d/c.md', 'Move: c.md -> d/c.md', 'first']);
  });

  it('keeps the honest error where the call did not make what is there', async () => {
    const { calls } = await serveClones({ 'a.md': 'alpha\n', 'c.md': 'gamma\n' });
    const [call] = calls;
    expect(code(await call('Move', { sourcePath: 'never.md', destinationPath: 'd/never.md' }))).toBe('NOT_FOUND');
    expect(code(await call('RemoveFile', { filePath: 'never.md' }))).toBe('NOT_FOUND');
    // Moved, then moved on by another call: the retry's change is no longer there.
    await call('Move', { sourcePath: 'c.md', destinationPath: 'd/c.md' });
    await call('Move', { sourcePath: 'd/c.md', destinationPath: 'e.md' });
    expect(code(await call('Move', { sourcePath: 'c.md', destinationPath: 'd/c.md' }))).toBe('NOT_FOUND');
    // Undone, then the file edited again: the Undo's retry is refused as any Undo of it would be.
    await call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'ALPHA' });
    const id = ((await call('History', { filePath: 'a.md' })).structuredContent as { changes: { id: string }[] }).changes[0]!.id;
    await call('Undo', { change: id });
    await call('TextEdit', { filePath: 'a.md', oldString: 'alpha', newString: 'omega' });
    expect(code(await call('Undo', { change: id }))).toBe('STALE_FILE');
  });

  it('TextEdit sent again to the other server: already applied when its latest change made exactly this edit, else NO_MATCH', async () => {
    const { calls, subjects } = await serveClones({ 'a.md': 'one\ntwo\n', 'todo.md': '- [ ] call Bob\n- [x] pay rent\n' });
    const [first, second] = calls;
    const edit = { filePath: 'a.md', oldString: 'two', newString: 'TWO' };
    expect(code(await first('TextEdit', edit))).toBe('ok');
    const again = await second('TextEdit', edit);
    expect(again.isError, textOf(again)).toBeFalsy();
    expect(again.structuredContent).toMatchObject({ alreadyApplied: true, startLine: 2 });
    expect(code(await second('TextEdit', { filePath: 'todo.md', oldString: '- [ ] Call Alice', newString: '- [x]' }))).toBe('NO_MATCH');
    expect(subjects()).toEqual(['TextEdit: a.md', 'first']);
  });
});
