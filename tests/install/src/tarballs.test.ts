import { readFile } from 'node:fs/promises';
import { checkPackage, createPackageFromTarballData, type ResolutionKind } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { describe, expect, inject, it } from 'vitest';
import { run } from './pack-and-install.js';

const { folder, packages } = inject('installed');

/** The resolutions that attw's profile esm-only ignores (see docs/decisions/0014-distribution.md). */
const ignoredByEsmOnly: ResolutionKind[] = ['node10', 'node16-cjs'];

describe(`the tarballs of the publishable packages (Node ${process.version})`, () => {
  it('packs each publishable package with its LICENSE, README and built files, under a name of its own', async () => {
    expect(packages.map((found) => found.name).sort()).toEqual([
      '@vault/ai-sdk',
      '@vault/core',
      '@vault/git',
      '@vault/mcp',
      '@vault/node',
      '@vault/testing',
      'vault-text-cli',
      'vault-text-mcp',
    ]);
    const listings = await Promise.all(packages.map(async (found) => (await run('tar', ['-tzf', found.tarball], folder)).split('\n')));
    packages.forEach((found, index) => {
      const listing = listings[index]!;
      expect(listing, found.name).toEqual(expect.arrayContaining(['package/LICENSE', 'package/README.md', 'package/package.json']));
      expect(
        listing.some((file) => /^package\/dist\/.+\.js$/.test(file)),
        `${found.name} has built files`,
      ).toBe(true);
      expect(
        listing.some((file) => file.startsWith('package/src/')),
        `${found.name} ships no sources`,
      ).toBe(false);
    });
  });

  it('gives publint nothing to say', async () => {
    for (const found of packages) {
      const { messages } = await publint({ pack: { tarball: (await readFile(found.tarball)).buffer as ArrayBuffer }, level: 'suggestion' });
      expect(messages, found.name).toEqual([]);
    }
  });

  it('gives attw no problem on the libraries (profile esm-only: see docs/decisions/0014-distribution.md)', async () => {
    const libraries = packages.filter((found) => found.name.startsWith('@vault/'));
    expect(libraries).toHaveLength(6);
    // attw's checks in this process, judged as its CLI judges them with --profile esm-only (a problem
    // of any other resolution fails): the CLI would load TypeScript and the standard library's
    // declarations again for each tarball, most of its time.
    for (const found of libraries) {
      const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(await readFile(found.tarball))));
      if (!analysis.types) throw new Error(`attw finds no types in ${found.name}`);
      expect(
        analysis.problems.filter((problem) => !('resolutionKind' in problem && ignoredByEsmOnly.includes(problem.resolutionKind))),
        found.name,
      ).toEqual([]);
    }
  });
});
