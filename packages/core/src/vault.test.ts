import { describe, expect, it } from 'vitest';
import { createMemoryFs } from './memory-fs.js';
import { createVault } from './vault.js';
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

  it.each(['../a.md', 'notes/../../a.md', '..\\..\\a.md', '/etc/passwd', '/vault-evil/a.md', '/vault/../outside.md'])('refuses %s as outside the vault', (path) => {
    expect(() => resolveVaultPath(path, '/vault')).toThrow(expect.objectContaining({ code: 'PATH_OUTSIDE_VAULT' }));
  });

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
    expect(vault.tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextSearch', 'ListDirectories', 'ListFiles']);
    await expect(vault.call('TextCreate', { filePath: 'new.md', content: 'x' })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(fs.toJSON()).toEqual(createMemoryFs(seed).toJSON());
  });

  it('validates input against the tool schema', async () => {
    const vault = createVault(createMemoryFs(seed));
    await expect(vault.call('TextRead', { filePath: 'a.md', limit: -1 })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('limit') });
    await expect(vault.call('TextRead', {} as never)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('filePath') });
  });
});

describe('the trash as a source, and links judged in core', () => {
  it('restores from inside the trash but never moves the trash itself', async () => {
    const vault = createVault(createMemoryFs({ '.trash/a.md': 'x', 'b.md': 'y' }));
    await expect(vault.call('Move', { sourcePath: '.trash', destinationPath: 'bin' })).rejects.toMatchObject({ code: 'HIDDEN_PATH' });
    expect(await vault.call('Move', { sourcePath: '.trash/a.md', destinationPath: 'a.md' })).toEqual({ source: '.trash/a.md', destination: 'a.md', kind: 'file' });
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
