import { describe, expect, it } from 'vitest';
import { createMemoryFs } from './memory-fs.js';
import { createVault } from './vault.js';
import { VaultError } from './vault-error.js';
import { escapeName, resolveVaultPath } from './vault-path.js';

describe('vault paths', () => {
  it('normalises vault-relative and absolute-inside paths', () => {
    expect(resolveVaultPath('notes/a.md', '/vault')).toBe('notes/a.md');
    expect(resolveVaultPath('./notes//sub/../a.md', '/vault')).toBe('notes/a.md');
    expect(resolveVaultPath('notes\\a.md', '/vault')).toBe('notes/a.md');
    expect(resolveVaultPath('/vault/notes/a.md', '/vault')).toBe('notes/a.md');
    expect(resolveVaultPath('/vault', '/vault')).toBe('');
    expect(resolveVaultPath('', '/vault')).toBe('');
  });

  it.each(['../a.md', 'notes/../../a.md', '..\\..\\a.md', '/etc/passwd', '/vault-evil/a.md', '/vault/../outside.md'])(
    'refuses %s as outside the vault',
    (path) => {
      expect(() => resolveVaultPath(path, '/vault')).toThrow(expect.objectContaining({ code: 'PATH_OUTSIDE_VAULT' }));
    },
  );

  it('shows unsafe characters escaped, each UTF-16 unit of them, and leaves the rest', () => {
    expect(escapeName('a\nb\u001b[31m\u202e\t.md')).toBe('a\\nb\\u001b[31m\\u202e\\t.md');
    // A tag character is two UTF-16 units: both are shown, so the name can be told apart and typed back.
    expect(escapeName('flag\udb40\udc41.md')).toBe('flag\\udb40\\udc41.md');
    expect(escapeName('lone \ud800 half.md')).toBe('lone \\ud800 half.md');
    expect(escapeName('emoji 😀 and 👨\u200d👩.md')).toBe('emoji 😀 and 👨\u200d👩.md');
  });

  it('refuses NUL bytes', () => {
    expect(() => resolveVaultPath('a\0.md', '/vault')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('vault rules', () => {
  const seed = { 'a.md': 'A', 'b.MD': 'B', 'c.pdf': 'C', '.git/d.md': 'D', 'notes/.hidden.md': 'E' };

  it('matches extensions case-insensitively and refuses others', async () => {
    const vault = createVault(createMemoryFs(seed));
    expect((await vault.call('TextRead', { filePath: 'b.MD' })).lines[0]?.text).toBe('B');
    await expect(vault.call('TextRead', { filePath: 'c.pdf' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_ALLOWED' });
  });

  it('takes a configured extension list', async () => {
    const vault = createVault(createMemoryFs(seed), { extensions: ['pdf'] });
    expect((await vault.call('TextRead', { filePath: 'c.pdf' })).lines[0]?.text).toBe('C');
    await expect(vault.call('TextRead', { filePath: 'a.md' })).rejects.toMatchObject({ code: 'EXTENSION_NOT_ALLOWED' });
    expect((await vault.call('ListFiles', { directoryPath: '' })).files.map((file) => file.name)).toEqual(['c.pdf']);
  });

  it('refuses hidden paths unless allowed', async () => {
    const vault = createVault(createMemoryFs(seed));
    await expect(vault.call('TextRead', { filePath: '.git/d.md' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    await expect(vault.call('TextRead', { filePath: 'notes/.hidden.md' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    const open = createVault(createMemoryFs(seed), { allowHidden: true });
    expect((await open.call('TextRead', { filePath: '.git/d.md' })).lines[0]?.text).toBe('D');
    expect((await open.call('ListDirectories', {})).directories).toEqual(['.git', 'notes']);
  });

  it('in read-only mode offers only the read tools and refuses the others', async () => {
    const fs = createMemoryFs(seed);
    const vault = createVault(fs, { readOnly: true });
    expect(vault.tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextSearch', 'FindNotes', 'ListDirectories', 'ListFiles', 'Links']);
    await expect(vault.call('TextCreate', { filePath: 'new.md', content: 'x' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(fs.toJSON()).toEqual(createMemoryFs(seed).toJSON());
  });

  it('validates input against the tool schema', async () => {
    const vault = createVault(createMemoryFs(seed));
    await expect(vault.call('TextRead', { filePath: 'a.md', limit: -1 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('limit'),
    });
    await expect(vault.call('TextRead', {} as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('filePath') });
  });
});

describe('the trash as a source, and links judged in core', () => {
  it('restores from inside the trash but never moves the trash itself', async () => {
    const vault = createVault(createMemoryFs({ '.trash/a.md': 'x', 'b.md': 'y' }));
    await expect(vault.call('Move', { sourcePath: '.trash', destinationPath: 'bin' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    expect(await vault.call('Move', { sourcePath: '.trash/a.md', destinationPath: 'a.md' })).toMatchObject({
      source: '.trash/a.md',
      destination: 'a.md',
      kind: 'file',
      dryRun: false,
    });
  });

  it('refuses a link whose target is hidden or has another extension, in stat and in listings', async () => {
    const memory = createMemoryFs({ 'notes/real.md': 'x', '.git/config.md': 'secret', 'run.sh': 'echo' });
    const targets: Record<string, string> = { 'notes/hidden.md': '.git/config.md', 'notes/script.md': 'run.sh', 'notes/fine.md': 'notes/real.md' };
    const fs = {
      ...memory,
      async stat(path: string) {
        return path in targets ? { kind: 'file' as const, size: 1, target: targets[path] } : memory.stat(path);
      },
    };
    const vault = createVault(fs);
    await expect(vault.stat('notes/hidden.md')).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    await expect(vault.stat('notes/script.md')).rejects.toMatchObject({ code: 'EXTENSION_NOT_ALLOWED' });
    expect(await vault.stat('notes/fine.md')).toMatchObject({ target: 'notes/real.md' });
    expect(vault.isListed('notes/hidden.md', 'file', '.git/config.md')).toBe(false);
    expect(vault.isListed('notes/script.md', 'file', 'run.sh')).toBe(false);
    expect(vault.isListed('notes/fine.md', 'file', 'notes/real.md')).toBe(true);
    expect(vault.isListed('.trash/notes/a.md', 'file')).toBe(true);
    expect(vault.isListed('.trash/.git/a.md', 'file')).toBe(false);
  });
});

/** A memory vault whose backend has symlinks: `stat` reports `links`' targets, and `resolveSymlinks` follows them. */
function linkedFs(seed: Record<string, string>, links: Record<string, { kind: 'file' | 'directory'; target: string }>) {
  const memory = createMemoryFs(seed);
  return {
    ...memory,
    async stat(path: string) {
      const link = links[path];
      return link ? { kind: link.kind, size: 0, target: link.target } : memory.stat(path);
    },
    async resolveSymlinks(path: string) {
      const link = Object.keys(links).find((from) => path === from || path.startsWith(`${from}/`));
      return link ? links[link]!.target + path.slice(link.length) : path;
    },
  };
}

describe('vault options', () => {
  it('has written-out defaults', () => {
    expect(createVault(createMemoryFs({})).options).toEqual({
      extensions: ['.md', '.markdown', '.mdx', '.txt'],
      allowHidden: false,
      readOnly: false,
      maxFileSize: 134_217_728,
      searchTimeout: 10_000,
      maxOutput: 65_536,
      findNotesMemory: 536_870_912,
    });
  });

  it('refuses a findNotesMemory that is not a number of bytes', () => {
    expect(createVault(createMemoryFs({}), { findNotesMemory: 0 }).options.findNotesMemory).toBe(0);
    expect(() => createVault(createMemoryFs({}), { findNotesMemory: -1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'findNotesMemory -1 is not a number of bytes. Pass 0 or more.' }),
    );
  });

  it('reads extensions trimmed, lower-cased and with a dot', () => {
    expect(createVault(createMemoryFs({}), { extensions: [' MD ', '.Txt', 'mdx'] }).options.extensions).toEqual(['.md', '.txt', '.mdx']);
  });

  it('accepts maxOutput from 4,096 characters and refuses less, or no number', () => {
    expect(createVault(createMemoryFs({}), { maxOutput: 4096 }).options.maxOutput).toBe(4096);
    expect(() => createVault(createMemoryFs({}), { maxOutput: 4095 })).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'maxOutput 4095 is too small: answers need at least 4096 characters. Pass a larger bound.',
      }),
    );
    expect(() => createVault(createMemoryFs({}), { maxOutput: Number.NaN })).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });
});

describe('Vault.call', () => {
  it('refuses an unknown tool, naming it escaped and cut, and listing the tools offered', async () => {
    const vault = createVault(createMemoryFs({}));
    await expect(vault.call('Nope\n' as never, {} as never)).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message:
        'There is no tool named Nope\\n. Tools: TextRead, TextEdit, TextCreate, TextSearch, FindNotes, ListDirectories, ListFiles, Move, RemoveFile, Links, RenameHeading.',
    });
    await expect(vault.call('x'.repeat(80) as never, {} as never)).rejects.toMatchObject({
      message: expect.stringContaining(`named ${'x'.repeat(60)}. Tools:`),
    });
    const readOnly = createVault(createMemoryFs({}), { readOnly: true });
    await expect(readOnly.call('Nope' as never, {} as never)).rejects.toMatchObject({
      message: 'There is no tool named Nope. Tools: TextRead, TextSearch, FindNotes, ListDirectories, ListFiles, Links.',
    });
  });

  it('in read-only mode says why a writing tool is refused', async () => {
    const vault = createVault(createMemoryFs({}), { readOnly: true });
    await expect(vault.call('RemoveFile', { filePath: 'a.md' })).rejects.toMatchObject({
      code: 'PERMISSION_DENIED',
      message: 'RemoveFile changes files, and this vault is open read-only. Use the read tools, or open the vault without read-only.',
    });
  });

  it('does nothing when the signal is already aborted, and rejects with its reason', async () => {
    const fs = createMemoryFs({});
    const vault = createVault(fs);
    const controller = new AbortController();
    const reason = new Error('stopped by the caller');
    controller.abort(reason);
    await expect(vault.call('TextCreate', { filePath: 'new.md', content: 'x' }, { signal: controller.signal })).rejects.toBe(reason);
    expect(fs.toJSON()).toEqual({});
  });

  it('bounds an error message so that `CODE: message` fits maxOutput, keeping its code and details, and leaves one that fits as it is', async () => {
    const failing = (message: string) => ({
      ...createMemoryFs({}),
      async stat(): Promise<undefined> {
        throw new VaultError('IO_ERROR', message, { reason: 'disk' });
      },
    });
    // As adapters show it: `IO_ERROR: ` and the message.
    const fits = 'x'.repeat(4096 - 'IO_ERROR: '.length);
    await expect(createVault(failing(fits), { maxOutput: 4096 }).call('TextRead', { filePath: 'a.md' })).rejects.toMatchObject({
      code: 'IO_ERROR',
      message: fits,
    });
    const error = (await createVault(failing('y'.repeat(fits.length + 1)), { maxOutput: 4096 })
      .call('TextRead', { filePath: 'a.md' })
      .then(
        () => expect.fail('the call succeeded'),
        (caught: unknown) => caught,
      )) as VaultError;
    expect(error).toBeInstanceOf(VaultError);
    expect(error).toMatchObject({ code: 'IO_ERROR', details: { reason: 'disk' } });
    expect(`IO_ERROR: ${error.message}`.length).toBeLessThanOrEqual(4096);
    expect(error.message).toMatch(/^y+\n\[… \d+ characters cut: the answer is over its bound of 4086 characters\./);
  });

  it('passes on a VaultError within the bound as it is, the very error with its cause', async () => {
    const failure = new VaultError('IO_ERROR', 'w'.repeat(4096 - 'IO_ERROR: '.length));
    failure.cause = { errno: 'EIO' };
    const fs = {
      ...createMemoryFs({}),
      async stat(): Promise<undefined> {
        throw failure;
      },
    };
    await expect(createVault(fs, { maxOutput: 4096 }).call('TextRead', { filePath: 'a.md' })).rejects.toBe(failure);
  });

  it('passes on an error that is not a VaultError as it is, however long', async () => {
    const failure = new Error('z'.repeat(5000));
    const fs = {
      ...createMemoryFs({}),
      async stat(): Promise<undefined> {
        throw failure;
      },
    };
    await expect(createVault(fs, { maxOutput: 4096 }).call('TextRead', { filePath: 'a.md' })).rejects.toBe(failure);
  });
});

describe('Vault.resolvePath and resolveFile', () => {
  const vault = createVault(createMemoryFs({}));
  const hidden = (path: string) =>
    `${path} is a hidden path (a segment starts with a dot, like .git or .obsidian), which the tools leave alone. Use a path without hidden segments.`;

  it('refuses hidden paths, saying why; what is in the trash is called read-only', () => {
    expect(() => vault.resolvePath('notes/../.git/x.md')).toThrow(expect.objectContaining({ code: 'HIDDEN_PATH', message: hidden('notes/../.git/x.md') }));
    expect(() => vault.resolvePath('.trash')).toThrow(expect.objectContaining({ code: 'HIDDEN_PATH', message: hidden('.trash') }));
    expect(() => vault.resolvePath('.trash/.git/x.md')).toThrow(expect.objectContaining({ code: 'HIDDEN_PATH', message: hidden('.trash/.git/x.md') }));
    expect(() => vault.resolvePath('.trash/notes/a.md')).toThrow(
      expect.objectContaining({
        code: 'HIDDEN_PATH',
        message: '.trash/notes/a.md is in the trash, which is read-only: list, read and search it, or restore the file with Move first.',
      }),
    );
  });

  it('lets the trash be read, the folder and what is in it, but nothing else hidden', () => {
    expect(vault.resolvePath('.trash', { trash: 'read' })).toBe('.trash');
    expect(vault.resolvePath('./.trash/notes/a.md', { trash: 'read' })).toBe('.trash/notes/a.md');
    expect(() => vault.resolvePath('.trash/.git/a.md', { trash: 'read' })).toThrow(expect.objectContaining({ code: 'HIDDEN_PATH' }));
    expect(() => vault.resolvePath('.git/a.md', { trash: 'read' })).toThrow(expect.objectContaining({ code: 'HIDDEN_PATH' }));
  });

  it('lets what is in the trash be restored, not the trash folder itself', () => {
    expect(vault.resolvePath('.trash/notes/a.md', { trash: 'restore' })).toBe('.trash/notes/a.md');
    expect(() => vault.resolvePath('.trash', { trash: 'restore' })).toThrow(expect.objectContaining({ code: 'HIDDEN_PATH', message: hidden('.trash') }));
  });

  it('with allowHidden, resolves hidden paths', () => {
    expect(createVault(createMemoryFs({}), { allowHidden: true }).resolvePath('.obsidian/app.md')).toBe('.obsidian/app.md');
  });

  it('refuses the root as a file, naming an empty path', () => {
    expect(() => vault.resolveFile('')).toThrow(
      expect.objectContaining({ code: 'NOT_A_FILE', message: '(empty path) is the vault root, not a file. Pass a file path such as notes/a.md.' }),
    );
    expect(() => vault.resolveFile('notes/..')).toThrow(
      expect.objectContaining({ code: 'NOT_A_FILE', message: 'notes/.. is the vault root, not a file. Pass a file path such as notes/a.md.' }),
    );
  });

  it('refuses a file path in the form of a folder, and takes a file path', () => {
    expect(() => vault.resolveFile('notes/a\n.md/')).toThrow(
      expect.objectContaining({
        code: 'INVALID_ARGUMENT',
        message: 'notes/a\\n.md/ ends with a slash (or . or ..), which names a folder, not a file. Pass the file path itself.',
      }),
    );
    expect(() => vault.resolveFile('notes/a.md/..')).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    expect(vault.resolveFile('/vault/notes/a.md')).toBe('notes/a.md');
  });
});

describe('Vault checks of files and links', () => {
  it('names the extension, or its absence, and the allowed ones', () => {
    const vault = createVault(createMemoryFs({}));
    expect(() => vault.checkExtension('notes/a.pdf')).toThrow(
      expect.objectContaining({
        code: 'EXTENSION_NOT_ALLOWED',
        message: 'notes/a.pdf has the extension .pdf, and the tools only work on .md .markdown .mdx .txt files. Use a file with one of those extensions.',
      }),
    );
    expect(() => vault.checkExtension('README')).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^README has no extension, and the tools only work on /) }),
    );
    expect(() => vault.checkExtension('notes/a.TXT')).not.toThrow();
  });

  it('judges a path to write by where its links lead', async () => {
    const links = {
      'notes/settings': { kind: 'directory' as const, target: '.obsidian' },
      'env.md': { kind: 'file' as const, target: 'run.sh' },
      'notes/other': { kind: 'directory' as const, target: 'elsewhere' },
    };
    const vault = createVault(linkedFs({}, links));
    await expect(vault.checkWritePath('notes/settings/x.md', 'file')).rejects.toMatchObject({
      code: 'HIDDEN_PATH',
      message:
        'notes/settings/x.md leads through a symlink to .obsidian/x.md, a hidden path the tools leave alone. Use a path without a link to a hidden place.',
    });
    await expect(vault.checkWritePath('env.md', 'file')).rejects.toMatchObject({
      code: 'EXTENSION_NOT_ALLOWED',
      message:
        'env.md leads through a symlink to run.sh, and the tools only write .md .markdown .mdx .txt files. Use a path that is not a link to another kind of file.',
    });
    expect(await vault.checkWritePath('env.md', 'directory')).toBe('run.sh');
    expect(await vault.checkWritePath('notes/other/a.md', 'file')).toBe('elsewhere/a.md');
    expect(await createVault(linkedFs({}, links), { allowHidden: true }).checkWritePath('notes/settings/x.md', 'file')).toBe('.obsidian/x.md');
  });

  it('leaves a path without a link to the other rules, with or without resolveSymlinks', async () => {
    expect(await createVault(linkedFs({}, {})).checkWritePath('notes/a.pdf', 'file')).toBe('notes/a.pdf');
    expect(await createVault(createMemoryFs({})).checkWritePath('notes/a.pdf', 'file')).toBe('notes/a.pdf');
  });

  it('lists what is allowed: folders whatever their extension, files by their extension, links by their target too', () => {
    const vault = createVault(createMemoryFs({}));
    expect(vault.isListed('notes.pdf', 'directory')).toBe(true);
    expect(vault.isListed('notes/a.pdf', 'file')).toBe(false);
    expect(vault.isListed('.git', 'directory')).toBe(false);
    expect(vault.isListed('notes/settings', 'directory', '.obsidian')).toBe(false);
    expect(vault.isListed('notes/a.md', 'file', 'b.txt')).toBe(true);
    expect(vault.isListed('notes/a.pdf', 'file', 'b.md')).toBe(false);
    const open = createVault(createMemoryFs({}), { allowHidden: true });
    expect(open.isListed('notes/settings', 'directory', '.obsidian')).toBe(true);
    expect(open.isListed('.git/a.md', 'file')).toBe(true);
  });

  it('stat refuses a link to a hidden place, folders too, and takes a link to a folder whatever its name', async () => {
    const links = { 'notes/settings': { kind: 'directory' as const, target: '.obsidian' }, 'notes/docs': { kind: 'directory' as const, target: 'docs.pdf' } };
    const vault = createVault(linkedFs({}, links));
    await expect(vault.stat('notes/settings')).rejects.toMatchObject({
      code: 'HIDDEN_PATH',
      message: 'notes/settings is a symlink to .obsidian, a hidden path the tools leave alone. Use a path without hidden segments.',
    });
    expect(await vault.stat('notes/docs')).toEqual({ kind: 'directory', size: 0, target: 'docs.pdf' });
    expect(await createVault(linkedFs({}, links), { allowHidden: true }).stat('notes/settings')).toEqual({ kind: 'directory', size: 0, target: '.obsidian' });
    expect(await vault.stat('missing.md')).toBeUndefined();
  });

  it('says what does not exist, the root by name', async () => {
    const vault = createVault(createMemoryFs({ 'notes/a.md': 'A' }));
    await expect(vault.statExisting('notes/b.md')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'notes/b.md does not exist. Check the path with ListFiles or TextSearch.',
    });
    const rootless = createVault({ ...createMemoryFs({}), stat: async () => undefined });
    await expect(rootless.statExisting('')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'The vault root does not exist. Check the path with ListFiles or TextSearch.',
    });
  });

  it('statFile refuses a folder and a file of another extension', async () => {
    const vault = createVault(createMemoryFs({ 'notes/a.md': 'A', 'c.pdf': 'C' }));
    await expect(vault.statFile('notes')).rejects.toMatchObject({ code: 'NOT_A_FILE', message: 'notes is a folder, not a file. List it with ListFiles.' });
    await expect(vault.statFile('c.pdf')).rejects.toMatchObject({ code: 'EXTENSION_NOT_ALLOWED' });
    expect(await vault.statFile('notes/a.md')).toEqual({ kind: 'file', size: 1 });
  });
});

describe('Vault.readText and writeText', () => {
  it('loads a file of exactly maxFileSize bytes and refuses one byte more', async () => {
    const vault = createVault(createMemoryFs({ 'ten.md': '0123456789', 'eleven.md': '0123456789A' }), { maxFileSize: 10 });
    expect(await vault.readText('ten.md')).toEqual({ text: '0123456789', bom: false, bytes: new TextEncoder().encode('0123456789') });
    await expect(vault.readText('eleven.md')).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: "eleven.md is 11 bytes, over this vault's limit of 10 bytes for loading a file whole. Read it in windows with TextRead, or raise the limit.",
    });
  });

  it('writes a file of exactly maxFileSize bytes and refuses one byte more, writing nothing', async () => {
    const fs = createMemoryFs({});
    const vault = createVault(fs, { maxFileSize: 10 });
    // The fileHash of what it wrote: SHA-256 of "0123456789", its first 8 bytes.
    expect(await vault.writeText('ten.md', { chunks: ['0123456789'], bom: false }, { createParents: false })).toBe('84d89877f0d4041e');
    await expect(vault.writeText('eleven.md', { chunks: ['0123456789A'], bom: false }, { createParents: false })).rejects.toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: "eleven.md would be 11 bytes, over this vault's limit of 10 bytes for a file, so nothing was written. Write a smaller file, or raise the limit.",
    });
    expect(fs.toJSON()).toEqual({ 'ten.md': '0123456789' });
  });

  it('creates the parent folders only when asked, and never asks the backend to make the root', async () => {
    const made: string[] = [];
    const memory = createMemoryFs({});
    const fs = {
      ...memory,
      async makeDirectory(path: string) {
        made.push(path);
        await memory.makeDirectory(path);
      },
    };
    const vault = createVault(fs);
    await vault.writeText('top.md', { chunks: ['T'], bom: false }, { createParents: true });
    await vault.writeText('notes/sub/a.md', { chunks: ['A'], bom: false }, { createParents: true });
    expect(made).toEqual(['notes/sub']);
    await expect(vault.writeText('other/b.md', { chunks: ['B'], bom: false }, { createParents: false })).rejects.toBeDefined();
    expect(made).toEqual(['notes/sub']);
    expect(memory.toJSON()).toEqual({ 'top.md': 'T', 'notes/sub/a.md': 'A' });
  });

  it('refuses to write through a link to a hidden place, writing nothing', async () => {
    const fs = linkedFs({}, { 'notes/settings': { kind: 'directory', target: '.obsidian' } });
    await expect(createVault(fs).writeText('notes/settings/x.md', { chunks: ['x'], bom: false }, { createParents: true })).rejects.toMatchObject({
      code: 'HIDDEN_PATH',
    });
    expect(fs.toJSON()).toEqual({});
  });

  it('passes the expected content on to the backend', async () => {
    const fs = createMemoryFs({ 'a.md': 'old' });
    const vault = createVault(fs);
    await expect(
      vault.writeText('a.md', { chunks: ['new'], bom: false }, { createParents: false, expected: new TextEncoder().encode('other') }),
    ).rejects.toMatchObject({ code: 'STALE_FILE' });
    expect(fs.toJSON()).toEqual({ 'a.md': 'old' });
  });
});
