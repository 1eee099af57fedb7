import { describe, expect, it } from 'vitest';
import {
  checkNewName,
  escapeName,
  extensionOf,
  isHiddenPath,
  isInTrash,
  joinVaultPath,
  namesFolder,
  parentOf,
  resolveVaultPath,
  withoutTrash,
} from './vault-path.js';

/** The error a call throws, for assertions on its code and whole message. */
function thrown(run: () => unknown): { code?: string; message?: string } {
  try {
    run();
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  return expect.fail('nothing was thrown');
}

describe('resolveVaultPath', () => {
  it('accepts a root given with trailing slashes', () => {
    expect(resolveVaultPath('/vault/notes/a.md', '/vault//')).toBe('notes/a.md');
    expect(resolveVaultPath('/vault', '/vault/')).toBe('');
  });

  it('takes Windows paths, drive letters and backslashes, inside a Windows root', () => {
    expect(resolveVaultPath('C:\\vault\\notes\\a.md', 'C:\\vault')).toBe('notes/a.md');
    expect(resolveVaultPath('C:/vault/notes/a.md', 'C:\\vault\\')).toBe('notes/a.md');
  });

  it('reads a drive letter only at the start: "notes/c:/x.md" is a relative path', () => {
    expect(resolveVaultPath('notes/c:/x.md', '/vault')).toBe('notes/c:/x.md');
  });

  it('takes any letter from A to Z, in either case, as a drive, and nothing else', () => {
    for (const drive of ['a', 'A', 'z', 'Z']) {
      expect(
        thrown(() => resolveVaultPath(`${drive}:/x.md`, '/vault')),
        drive,
      ).toEqual({
        code: 'PATH_OUTSIDE_VAULT',
        message: `The path ${drive}:/x.md is outside the vault. Paths are vault-relative (for example x.md), or absolute paths inside the vault.`,
      });
    }
    for (const notDrive of ['@', '[', '`', '{', '1']) expect(resolveVaultPath(`${notDrive}:/x.md`, '/vault')).toBe(`${notDrive}:/x.md`);
  });

  it('refuses an absolute path outside the root, suggesting it as a vault-relative one', () => {
    expect(thrown(() => resolveVaultPath('/etc/passwd', '/vault'))).toEqual({
      code: 'PATH_OUTSIDE_VAULT',
      message: 'The path /etc/passwd is outside the vault. Paths are vault-relative (for example etc/passwd), or absolute paths inside the vault.',
    });
    expect(thrown(() => resolveVaultPath('//notes/a.md', '/vault')).message).toContain('(for example notes/a.md)');
    expect(thrown(() => resolveVaultPath('D:\\\\other\\a.md', 'C:\\vault'))).toEqual({
      code: 'PATH_OUTSIDE_VAULT',
      message: 'The path D:\\\\other\\a.md is outside the vault. Paths are vault-relative (for example other/a.md), or absolute paths inside the vault.',
    });
    expect(thrown(() => resolveVaultPath('/', '/vault')).message).toContain('(for example notes/a.md)');
  });

  it('refuses a path that climbs out of the root, saying so', () => {
    expect(thrown(() => resolveVaultPath('notes/../../a.md', '/vault'))).toEqual({
      code: 'PATH_OUTSIDE_VAULT',
      message: 'The path notes/../../a.md leads outside the vault. Use a path inside the vault, relative to its root.',
    });
  });

  it('refuses a NUL byte, showing the path JSON-escaped', () => {
    expect(thrown(() => resolveVaultPath('a\0.md', '/vault'))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'The path "a\\u0000.md" contains a NUL byte. Pass a plain vault-relative path such as notes/a.md.',
    });
  });

  it('accepts a path of 4,000 UTF-8 bytes and refuses one byte more, counting bytes, not characters', () => {
    expect(resolveVaultPath('a'.repeat(4000), '/vault')).toBe('a'.repeat(4000));
    expect(thrown(() => resolveVaultPath('a'.repeat(4001), '/vault'))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: `The path ${'a'.repeat(100)}… is longer than 4000 bytes, which no file system here can hold. Use a shorter path.`,
    });
    // 1,333 three-byte characters are 3,999 bytes; 1,334 are 4,002.
    expect(resolveVaultPath('中'.repeat(1333), '/vault')).toBe('中'.repeat(1333));
    expect(thrown(() => resolveVaultPath('中'.repeat(1334), '/vault')).code).toBe('INVALID_ARGUMENT');
  });

  it('judges the length of the path once normalised', () => {
    expect(resolveVaultPath(`${'a'.repeat(3000)}/../${'b'.repeat(3000)}`, '/vault')).toBe('b'.repeat(3000));
  });

  it('shows a too long path escaped in its message', () => {
    expect(thrown(() => resolveVaultPath(`a\n${'b'.repeat(4000)}`, '/vault')).message).toBe(
      `The path a\\n${'b'.repeat(98)}… is longer than 4000 bytes, which no file system here can hold. Use a shorter path.`,
    );
  });
});

describe('path predicates', () => {
  it('calls a path hidden when any segment starts with a dot, and only then', () => {
    expect(isHiddenPath('.git/config.md')).toBe(true);
    expect(isHiddenPath('notes/.obsidian/a.md')).toBe(true);
    expect(isHiddenPath('notes/.hidden.md')).toBe(true);
    expect(isHiddenPath('notes/a.md')).toBe(false);
    expect(isHiddenPath('notes./a.md')).toBe(false);
    expect(isHiddenPath('')).toBe(false);
  });

  it('puts in the trash the trash folder and what is under it, nothing else', () => {
    expect(isInTrash('.trash')).toBe(true);
    expect(isInTrash('.trash/notes/a.md')).toBe(true);
    expect(isInTrash('.trashcan/a.md')).toBe(false);
    expect(isInTrash('.trashcan')).toBe(false);
    expect(isInTrash('notes/.trash/a.md')).toBe(false);
  });

  it('gives a trashed path as it was before removal, and any other path unchanged', () => {
    expect(withoutTrash('.trash/notes/a.md')).toBe('notes/a.md');
    expect(withoutTrash('.trash')).toBe('.trash');
    expect(withoutTrash('.trashcan/a.md')).toBe('.trashcan/a.md');
    expect(withoutTrash('notes/a.md')).toBe('notes/a.md');
  });

  it('tells a folder by the form of the path: a final slash, backslash, . or ..', () => {
    for (const folder of ['b.md/', 'b.md\\', 'b.md/.', 'b.md/..', 'b.md\\..', '', '.', '..']) expect(namesFolder(folder), folder).toBe(true);
    for (const file of ['b.md', 'notes/.md', 'notes/...', 'a..', '...', 'notes/.x']) expect(namesFolder(file), file).toBe(false);
  });

  it('gives the extension of the file name, lower-cased, none for a dot file or a dotted folder', () => {
    expect(extensionOf('notes/a.MD')).toBe('.md');
    expect(extensionOf('a.tar.gz')).toBe('.gz');
    expect(extensionOf('.md')).toBe('');
    expect(extensionOf('notes/.md')).toBe('');
    expect(extensionOf('notes.d/readme')).toBe('');
    expect(extensionOf('README')).toBe('');
  });

  it('joins and splits vault-relative paths, the root being ""', () => {
    expect(joinVaultPath('', 'a.md')).toBe('a.md');
    expect(joinVaultPath('notes/sub', 'a.md')).toBe('notes/sub/a.md');
    expect(parentOf('a.md')).toBe('');
    expect(parentOf('notes/sub/a.md')).toBe('notes/sub');
  });
});

describe('names a tool creates', () => {
  const refused = [
    '\u0000',
    '\u0001',
    '\u001f',
    '\u007f',
    '\u0080',
    '\u009f',
    '\u00ad',
    '\u061c',
    '\u200b',
    '\u200e',
    '\u200f',
    '\u2028',
    '\u2029',
    '\u202a',
    '\u202e',
    '\u2060',
    '\u2066',
    '\u2069',
    '\u3164',
    '\ufeff',
    '\udb40\udc00',
    '\udb40\udc7f',
    '\ud800',
    '\udc00',
  ];
  const accepted = [
    ' ',
    '~',
    '\u00a0',
    '\u00ac',
    '\u00ae',
    '\u061b',
    '\u061d',
    '\u200a',
    '\u200c',
    '\u200d',
    '\u2010',
    '\u2027',
    '\u202f',
    '\u205f',
    '\u2061',
    '\u2065',
    '\u206a',
    '\u3163',
    '\u3165',
    '\ufefe',
    '\udb40\udc80',
    '😀',
    'é',
  ];

  it.each(refused.map((character) => [escapeName(character), character]))('refuses a name holding %s', (_, character) => {
    expect(() => checkNewName(`notes/a${character}b.md`)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
  });

  it.each(accepted.map((character) => [escapeName(character), character]))('accepts a name holding %s', (_, character) => {
    expect(() => checkNewName(`notes/a${character}b.md`)).not.toThrow();
  });

  it('names the character, escaped, in the message', () => {
    expect(thrown(() => checkNewName('notes/a\u202eb.md'))).toEqual({
      code: 'INVALID_ARGUMENT',
      message:
        'The path notes/a\\u202eb.md holds the character \\u202e (a control, bidirectional or invisible character, or half a surrogate pair), which the tools never put in a name. Choose a name without it.',
    });
    expect(thrown(() => checkNewName('x\ud800.md')).message).toContain('The path x\\ud800.md holds the character \\ud800 (');
  });

  it('shows each unsafe character escaped with four hex digits, every occurrence', () => {
    expect(escapeName('a\rb\r\u0000\u0001\u007f\u00ad\ufeff\udc00.md')).toBe('a\\rb\\r\\u0000\\u0001\\u007f\\u00ad\\ufeff\\udc00.md');
    expect(escapeName('plain name.md')).toBe('plain name.md');
  });
});
