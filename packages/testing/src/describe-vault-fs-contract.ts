import { createVault, type ErrorCode, type VaultFs, type VaultSeed } from '@vault/core';
import { afterEach, describe, expect, it } from 'vitest';

/** A backend opened on a seeded vault, for the contract suite. */
export interface ContractBackend {
  fs: VaultFs;
  /** The vault's whole content as a plain object (hidden entries included). */
  dump(): Promise<VaultSeed>;
  cleanup?(): Promise<void>;
}

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function codeOf(promise: Promise<unknown>): Promise<ErrorCode | 'NO_ERROR'> {
  try {
    await promise;
    return 'NO_ERROR';
  } catch (error) {
    return (error as { code: ErrorCode }).code;
  }
}

/**
 * The behaviour every `VaultFs` backend must have: the raw operations with their error codes, and
 * the tools on top of them (text fidelity, trash, concurrency). Call it in a test file with a
 * function that opens the backend on a vault seeded from a plain object.
 */
export function describeVaultFsContract(name: string, open: (seed: VaultSeed) => Promise<ContractBackend>): void {
  describe(`VaultFs contract: ${name}`, () => {
    let backend: ContractBackend | undefined;
    const start = async (seed: VaultSeed) => {
      backend = await open(seed);
      return backend;
    };
    afterEach(async () => {
      await backend?.cleanup?.();
      backend = undefined;
    });

    describe('raw operations', () => {
      it('stats files, folders, the root and missing paths', async () => {
        const { fs } = await start({ 'notes/a.md': 'hello' });
        expect(await fs.stat('notes/a.md')).toEqual({ kind: 'file', size: 5 });
        expect(await fs.stat('notes')).toEqual({ kind: 'directory', size: 0 });
        expect((await fs.stat(''))?.kind).toBe('directory');
        expect(await fs.stat('missing.md')).toBeUndefined();
        expect(await fs.stat('missing/deeper.md')).toBeUndefined();
      });

      it('reads whole files and in chunks, with NOT_FOUND and NOT_A_FILE', async () => {
        const content = `${'x'.repeat(200_000)}\nend\n`;
        const { fs } = await start({ 'big.md': content, 'notes/': '' });
        expect(decode(await fs.readFile('big.md'))).toBe(content);
        if (fs.readFileChunks) {
          const chunks: Uint8Array[] = [];
          for await (const chunk of fs.readFileChunks('big.md')) chunks.push(chunk.slice());
          expect(decode(new Uint8Array(chunks.flatMap((chunk) => [...chunk])))).toBe(content);
        }
        expect(await codeOf(fs.readFile('missing.md'))).toBe('NOT_FOUND');
        expect(await codeOf(fs.readFile('notes'))).toBe('NOT_A_FILE');
      });

      it('reads chunks into a buffer given, each a view of its start, valid until the next is asked for', async () => {
        const content = `${'line of text\n'.repeat(20_000)}end`;
        const { fs } = await start({ 'big.md': content });
        if (!fs.readFileChunks) return;
        const buffer = new Uint8Array(new ArrayBuffer(64 * 1024 + 16), 16, 64 * 1024);
        let text = '';
        const decoder = new TextDecoder();
        for await (const chunk of fs.readFileChunks('big.md', { buffer })) {
          expect(chunk.buffer).toBe(buffer.buffer);
          expect(chunk.byteOffset).toBe(16);
          expect(chunk.length).toBeGreaterThan(0);
          expect(chunk.length).toBeLessThanOrEqual(buffer.length);
          text += decoder.decode(chunk, { stream: true });
        }
        expect(text).toBe(content);
        expect(
          await codeOf(
            (async () => {
              for await (const _ of fs.readFileChunks!('missing.md', { buffer }));
            })(),
          ),
        ).toBe('NOT_FOUND');
      });

      it('writes new and existing files, refusing a missing parent and a folder', async () => {
        const { fs, dump } = await start({ 'a.md': 'old', 'folder/': '' });
        await fs.writeFile('a.md', encode('new'));
        await fs.writeFile('b.md', encode('fresh'));
        expect(await codeOf(fs.writeFile('missing/c.md', encode('x')))).toBe('NOT_FOUND');
        expect(await codeOf(fs.writeFile('folder', encode('x')))).toBe('NOT_A_FILE');
        expect(await dump()).toEqual({ 'a.md': 'new', 'b.md': 'fresh', 'folder/': '' });
      });

      it('writes over a file only while it holds the expected bytes, and creates only where nothing is', async () => {
        const { fs, dump } = await start({ 'a.md': 'read', 'b.md': 'read', 'e.md': '' });
        await fs.writeFile('a.md', encode('edited'), { expected: encode('read') });
        // An empty file expected empty, and a file expected empty that is not.
        await fs.writeFile('e.md', encode('was empty'), { expected: encode('') });
        expect(await codeOf(fs.writeFile('b.md', encode('edited'), { expected: encode('') }))).toBe('STALE_FILE');
        expect(await codeOf(fs.writeFile('b.md', encode('edited'), { expected: encode('reaD') }))).toBe('STALE_FILE');
        expect(await codeOf(fs.writeFile('b.md', encode('edited'), { expected: encode('rea') }))).toBe('STALE_FILE');
        expect(await codeOf(fs.writeFile('gone.md', encode('edited'), { expected: encode('read') }))).toBe('STALE_FILE');
        expect(await codeOf(fs.writeFile('b.md', encode('created'), { expected: null }))).toBe('ALREADY_EXISTS');
        await fs.writeFile('c.md', encode('created'), { expected: null });
        expect(await dump()).toEqual({ 'a.md': 'edited', 'b.md': 'read', 'c.md': 'created', 'e.md': 'was empty' });
      });

      it('reads chunks from a byte given', async () => {
        const content = `${'0123456789'.repeat(10_000)}end`;
        const { fs } = await start({ 'big.md': content });
        if (!fs.readFileChunks) return;
        let text = '';
        for await (const chunk of fs.readFileChunks('big.md', { start: 99_995 })) text += decode(chunk);
        expect(text).toBe('56789end');
        for await (const _ of fs.readFileChunks('big.md', { start: content.length })) throw new Error('a chunk past the end');
      });

      it('gives a file a version that stays while nothing changes, and changes with every write', async () => {
        const { fs } = await start({ 'a.md': 'one', 'b.md': 'one', 'notes/': '' });
        if (!fs.version) return;
        const first = await fs.version('a.md');
        expect(first).toBeTypeOf('string');
        expect(await fs.version('a.md')).toBe(first);
        expect(await fs.version('b.md')).not.toBe(first);
        await fs.writeFile('a.md', encode('one'));
        const second = await fs.version('a.md');
        expect(second).not.toBe(first);
        await fs.writeFile('a.md', encode('two'));
        expect(await fs.version('a.md')).not.toBe(second);
        expect(await fs.version('missing.md')).toBeUndefined();
        expect(await fs.version('notes')).toBeUndefined();
      });

      it('writes data given in pieces that reuse one buffer, and checks expected first', async () => {
        const { fs, dump } = await start({ 'a.md': 'read', 'b.md': 'read' });
        function* pieces(texts: string[]) {
          const buffer = new Uint8Array(64);
          for (const text of texts) yield buffer.subarray(0, new TextEncoder().encodeInto(text, buffer).written);
        }
        await fs.writeFile('a.md', pieces(['one ', 'two ', 'thrée']), { expected: encode('read') });
        await fs.writeFile('new.md', pieces([]), { expected: null });
        expect(await codeOf(fs.writeFile('b.md', pieces(['x']), { expected: encode('other') }))).toBe('STALE_FILE');
        expect(await dump()).toEqual({ 'a.md': 'one two thrée', 'b.md': 'read', 'new.md': '' });
      });

      it('lists a folder with kinds and sizes, refusing missing paths and files', async () => {
        const { fs } = await start({ 'notes/a.md': 'abc', 'notes/sub/b.md': '', 'notes/.hidden/c.md': '' });
        const entries = (await fs.readDirectory('notes')).sort((a, b) => a.name.localeCompare(b.name));
        expect(entries).toEqual([
          { name: '.hidden', kind: 'directory', size: 0, symlink: false },
          { name: 'a.md', kind: 'file', size: 3, symlink: false },
          { name: 'sub', kind: 'directory', size: 0, symlink: false },
        ]);
        expect(await codeOf(fs.readDirectory('missing'))).toBe('NOT_FOUND');
        expect(await codeOf(fs.readDirectory('notes/a.md'))).toBe('NOT_A_DIRECTORY');
      });

      it('makes nested folders, accepts existing ones, refuses to go through a file', async () => {
        const { fs, dump } = await start({ 'a.md': '' });
        await fs.makeDirectory('x/y/z');
        await fs.makeDirectory('x/y');
        expect(await codeOf(fs.makeDirectory('a.md/sub'))).toBe('NOT_A_DIRECTORY');
        expect(await dump()).toEqual({ 'a.md': '', 'x/y/z/': '' });
      });

      it('renames files and folders with their contents, never over an existing entry', async () => {
        const { fs, dump } = await start({ 'a.md': 'A', 'folder/b.md': 'B', 'folder/deep/c.md': 'C', 'taken.md': 'T', 'target/': '' });
        await fs.rename('a.md', 'target/a.md');
        await fs.rename('folder', 'target/folder');
        expect(await codeOf(fs.rename('taken.md', 'target/a.md'))).toBe('ALREADY_EXISTS');
        expect(await codeOf(fs.rename('missing.md', 'target/m.md'))).toBe('NOT_FOUND');
        expect(await dump()).toEqual({ 'taken.md': 'T', 'target/a.md': 'A', 'target/folder/b.md': 'B', 'target/folder/deep/c.md': 'C' });
      });
    });

    describe('tools on this backend', () => {
      it('edits a CRLF file with BOM byte for byte, keeping every untouched byte', async () => {
        const original = '\uFEFFline one\r\nline two\r\nline three';
        const { fs, dump } = await start({ 'crlf.md': original });
        const vault = createVault(fs);
        await vault.call('TextEdit', { filePath: 'crlf.md', oldString: 'one\nline two', newString: 'one\nline 2\nline 2b' });
        expect(await dump()).toEqual({ 'crlf.md': '\uFEFFline one\r\nline 2\r\nline 2b\r\nline three' });
      });

      it('refuses Latin-1 and binary files and leaves them byte-identical', async () => {
        const latin1 = new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x0a]);
        const binary = new Uint8Array([0x61, 0x00, 0x62]);
        const { fs, dump } = await start({ 'latin1.md': latin1, 'binary.txt': binary });
        const vault = createVault(fs);
        expect(await codeOf(vault.call('TextRead', { filePath: 'latin1.md' }))).toBe('NOT_TEXT');
        expect(await codeOf(vault.call('TextEdit', { filePath: 'latin1.md', oldString: 'caf', newString: 'CAF' }))).toBe('NOT_TEXT');
        expect(await codeOf(vault.call('TextEdit', { filePath: 'binary.txt', oldString: 'a', newString: 'b' }))).toBe('NOT_TEXT');
        expect(await dump()).toEqual({ 'binary.txt': binary, 'latin1.md': latin1 });
      });

      it('creates with parents, refuses to replace without overwrite', async () => {
        const { fs, dump } = await start({ 'a.md': 'old' });
        const vault = createVault(fs);
        expect(await vault.call('TextCreate', { filePath: 'deep/er/new.md', content: 'x\n' })).toMatchObject({ action: 'created', totalLines: 1 });
        expect(await codeOf(vault.call('TextCreate', { filePath: 'a.md', content: 'new' }))).toBe('ALREADY_EXISTS');
        expect(await vault.call('TextCreate', { filePath: 'a.md', content: 'new', overwrite: true })).toMatchObject({ action: 'replaced' });
        expect(await dump()).toEqual({ 'a.md': 'new', 'deep/er/new.md': 'x\n' });
      });

      it('moves removed files to the trash with a suffix, and keeps the trash out of listings and search', async () => {
        const { fs, dump } = await start({ 'notes/a.md': 'first', '.trash/notes/a.md': 'older' });
        const vault = createVault(fs);
        expect(await vault.call('RemoveFile', { filePath: 'notes/a.md' })).toEqual({
          path: 'notes/a.md',
          trashPath: '.trash/notes/a~2.md',
          linkedFrom: [],
          linkedFromTotal: 0,
        });
        expect((await vault.call('TextSearch', { query: 'older' })).totalMatches).toBe(0);
        expect((await vault.call('ListDirectories', {})).directories).toEqual(['notes']);
        await vault.call('Move', { sourcePath: '.trash/notes/a~2.md', destinationPath: 'restored/a.md' });
        expect(await dump()).toEqual({ '.trash/notes/a.md': 'older', 'notes/': '', 'restored/a.md': 'first' });
      });

      it('lands all of 50 concurrent edits of one file', async () => {
        const markers = Array.from({ length: 50 }, (_, index) => `marker-${index}-end`);
        const { fs, dump } = await start({ 'shared.md': `${markers.join('\n')}\n` });
        const vault = createVault(fs);
        await Promise.all(markers.map((marker) => vault.call('TextEdit', { filePath: 'shared.md', oldString: marker, newString: `${marker} done` })));
        expect(await dump()).toEqual({ 'shared.md': `${markers.map((marker) => `${marker} done`).join('\n')}\n` });
      });
    });
  });
}
