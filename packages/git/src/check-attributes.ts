import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { VaultError } from '@vault/core';
import { type Repository, vaultPathspec } from './open-repository.js';

/** Attributes that make git change bytes between the disk and the repository (set or given a value; `-text` is fine). */
const converting = /^(text|eol|crlf|filter|ident|working-tree-encoding)(=|$)/;

/**
 * Refuses, at start, an attributes file asking git to convert the vault's files (line endings, a
 * filter, an encoding), naming the file and the line: the bytes in git must be the bytes on disk, or
 * a file's history and its fileHash would disagree. A line whose pattern ends in an extension the
 * tools do not work on (`*.png filter=lfs`) is fine. Read: `.git/info/attributes`, the
 * `.gitattributes` of each folder from the top down to the vault, and those inside the vault.
 */
export async function checkAttributes(repository: Repository, extensions: readonly string[]): Promise<void> {
  for (const file of await attributeFiles(repository)) {
    const text = await readFile(path.join(repository.top, file), 'utf8').catch(() => '');
    for (const [index, line] of text.split('\n').entries()) {
      const attribute = convertingAttribute(line, extensions);
      if (attribute === undefined) continue;
      throw new VaultError(
        'INVALID_ARGUMENT',
        `${file}:${index + 1} (${line.trim().slice(0, 200)}) asks git to convert the vault's files (${attribute}), so their bytes in git would differ from the bytes on disk and history could not be kept exactly. Remove that line or narrow its pattern to other files, then start again.`,
      );
    }
  }
}

/** The attribute of a line that converts files the tools work on, or `undefined`. */
export function convertingAttribute(line: string, extensions: readonly string[]): string | undefined {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  const [pattern = '', ...attributes] = trimmed.split(/\s+/);
  const found = attributes.find((attribute) => converting.test(attribute));
  if (found === undefined) return undefined;
  const name = pattern.slice(pattern.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const extension = dot === -1 ? '' : name.slice(dot).toLowerCase();
  const otherFiles = /^\.[a-z0-9]+$/.test(extension) && !extensions.includes(extension);
  return otherFiles ? undefined : found;
}

/** The attribute files that apply to the vault, top-relative. */
async function attributeFiles(repository: Repository): Promise<string[]> {
  const { prefix, top, gitDir } = repository;
  const above = prefix.split('/').slice(0, -1);
  const files = [path.relative(top, path.join(gitDir, 'info', 'attributes')), '.gitattributes'];
  for (let depth = 1; depth <= above.length; depth += 1) files.push(`${above.slice(0, depth).join('/')}/.gitattributes`);
  const listed = await repository.git(['ls-files', '-z', '--cached', '--others', '--exclude-standard', ...vaultPathspec(repository)]);
  for (const file of listed.stdout.toString('utf8').split('\0')) {
    if (file.endsWith('/.gitattributes') && !files.includes(file)) files.push(file);
  }
  return files;
}
