import { sha256 } from '@noble/hashes/sha2.js';
import { describe, expect, it } from 'vitest';
import { fileHash } from './text/file-hash.js';
import { createMemoryFs } from './vault/memory-fs.js';
import { open } from './tools/__fixtures__/open.js';

// Known answers, computed outside this code: SHA-256 from the standard's test vectors and
// `sha256sum`, and every rendering written out whole, so that no expected value comes from the code
// under test.

const known = {
  empty: 'e3b0c44298fc1c14',
  abc: 'ba7816bf8f01cfea',
  hello: '5891b5b522d5df08', // "hello\n"
  crlfWithBom: '305c72150069909f', // "\ufeff# T\r\nx\r\n"
};

describe('fileHash: the first 16 hex characters of SHA-256, known answers', () => {
  const withBackendHasher = createMemoryFs({});
  const nobleOnly = { ...withBackendHasher, createHasher: () => sha256.create() };
  it.each([
    ['', known.empty],
    ['abc', known.abc],
    ['hello\n', known.hello],
    ['\ufeff# T\r\nx\r\n', known.crlfWithBom],
  ])('of %j is %s, by Web Crypto and by an incremental hasher', async (text, expected) => {
    const bytes = new TextEncoder().encode(text);
    expect(await fileHash(bytes)).toBe(expected);
    expect(await fileHash(bytes, nobleOnly)).toBe(expected);
  });
});

describe('every rendering, whole', () => {
  const seed = {
    'notes/a.md': 'hello\n',
    'notes/crlf.md': '\ufeff# T\r\nx\r\n',
    'notes/b.md': '# B\n\nalpha beta\ngamma\nalpha again\n',
    'notes/deep/c.txt': 'ALPHA\n',
    'readme.md': 'abc',
  };

  it('TextRead: numbered lines and the metadata line, with line ending and BOM when not plain', async () => {
    const { vault } = open(seed);
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'notes/a.md' }))).toBe(
      `1: hello\n[notes/a.md | totalLines: 1 | fileHash: ${known.hello} | shown: 1-1]`,
    );
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'notes/crlf.md' }))).toBe(
      `1: # T\n2: x\n[notes/crlf.md | totalLines: 2 | fileHash: ${known.crlfWithBom} | lineEnding: crlf | bom: yes | shown: 1-2]`,
    );
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'readme.md' }))).toBe(
      `1: abc\n[readme.md | totalLines: 1 | fileHash: ${known.abc} | shown: 1-1]`,
    );
    expect(vault.render('TextRead', await vault.call('TextRead', { filePath: 'notes/b.md', offset: 2, limit: 2 }))).toBe(
      '2: \n3: alpha beta\n[notes/b.md | totalLines: 5 | fileHash: 794d03c6c614cb42 | shown: 2-3 | more: call again with `offset: 4`]',
    );
  });

  it('TextCreate and TextEdit: what changed and the new fileHash', async () => {
    const { vault } = open(seed);
    expect(vault.render('TextCreate', await vault.call('TextCreate', { filePath: 'new.md', content: 'hello\n' }))).toBe(
      `Created new.md: 1 line. fileHash: ${known.hello}`,
    );
    expect(vault.render('TextEdit', await vault.call('TextEdit', { filePath: 'readme.md', oldString: 'bc', newString: 'bc\nhello' }))).toBe(
      'Edited readme.md: 1 replacement, lines 1-2 changed. fileHash: e8c6624dfaa51fef\n1: abc\n2: hello',
    );
    expect(vault.render('TextEdit', await vault.call('TextEdit', { filePath: 'notes/crlf.md', oldString: 'x', newString: 'y' }))).toBe(
      'Edited notes/crlf.md: 1 replacement, line 2 changed. fileHash: f47d6d020d7f5182\n1: # T\n2: y',
    );
  });

  it('TextSearch: content, files_only, and files by name', async () => {
    const { vault } = open(seed);
    const render = async (input: Parameters<typeof vault.call<'TextSearch'>>[1]) => vault.render('TextSearch', await vault.call('TextSearch', input));
    expect(await render({ query: 'alpha' })).toBe('notes/b.md\n3: alpha beta\n5: alpha again\nnotes/deep/c.txt\n1: ALPHA\n[3 matching lines in 2 files]');
    expect(await render({ query: 'alpha', outputMode: 'files_only' })).toBe(
      'notes/b.md: 2\nnotes/deep/c.txt: 1\n[3 matching lines in 2 files (the count after each file is its matching lines)]',
    );
    expect(await render({ query: 'gamma', contextLines: 1 })).toBe('notes/b.md\n3- alpha beta\n4: gamma\n5- alpha again\n[1 matching line in 1 file]');
    expect(await render({ query: 'alpha', maxResults: 1 })).toBe(
      'notes/b.md\n3: alpha beta\n[3 matching lines in 2 files; showing the first 1 matching lines (the next with `offset: 1`, more at once with `maxResults`, or narrow the search)]',
    );
    expect(await render({ filePattern: '*.md', directoryPath: 'notes' })).toBe('notes/a.md\nnotes/b.md\nnotes/crlf.md\n[3 files match]');
    expect(await render({ query: 'Zeta' })).toBe('[No matches (case-sensitive; `caseSensitive: false` ignores case)]');
  });

  it('the listings, Move and RemoveFile', async () => {
    const { vault } = open(seed);
    expect(vault.render('ListDirectories', await vault.call('ListDirectories', {}))).toBe('notes/\nnotes/deep/\n[2 folders below the vault root]');
    expect(vault.render('ListFiles', await vault.call('ListFiles', { directoryPath: 'notes' }))).toBe(
      'a.md 6\nb.md 34\ncrlf.md 11\n[3 files in notes/, sizes in bytes; 1 folder not listed (see ListDirectories)]',
    );
    expect(vault.render('Move', await vault.call('Move', { sourcePath: 'notes/a.md', destinationPath: 'archive/a.md' }))).toBe(
      'Moved file notes/a.md to archive/a.md; no link needed rewriting',
    );
    expect(vault.render('RemoveFile', await vault.call('RemoveFile', { filePath: 'archive/a.md' }))).toBe(
      'Moved archive/a.md to the trash: .trash/archive/a.md (Move it back to restore it; TextSearch on the folder .trash lists the trash)',
    );
  });

  it('the errors an agent meets most: ambiguous and near matches', async () => {
    const { vault } = open(seed);
    await expect(vault.call('TextEdit', { filePath: 'notes/b.md', oldString: 'alpha', newString: 'x' })).rejects.toThrow(
      'oldString` occurs 2 times in notes/b.md, at lines 3, 5. Include more surrounding text in `oldString` so that it matches exactly once, or set `replaceAll: true` to replace every occurrence.\nline 3: alpha beta\nline 5: alpha again',
    );
    await expect(vault.call('TextEdit', { filePath: 'notes/b.md', oldString: 'ALPHA BETA', newString: 'x' })).rejects.toThrow(
      '`oldString` was not found in notes/b.md. Closest candidates, not applied: line 3 (differs in case): [file: "alpha beta" | oldString: "ALPHA BETA"], the file\'s text there: "alpha beta". Copy the exact current text from TextRead (read the file again if it may have changed) and retry.',
    );
  });
});
