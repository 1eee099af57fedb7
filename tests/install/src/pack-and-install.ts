import { execFile } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));
const consumerFiles = fileURLToPath(new URL('../consumer', import.meta.url));

/** The environment of every child: this Node first on the PATH, so `npx`, `npm` and the bins run on the Node under test. */
export const childEnv = { ...process.env, PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, NO_COLOR: '1' };

/** Runs a command to its end; rejects with its output when it fails. */
export async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(command, args, { cwd, env: childEnv, maxBuffer: 64 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

export interface PublishablePackage {
  name: string;
  version: string;
  directory: string;
  /** Absolute path of its tarball. */
  tarball: string;
}

/** The workspace's packages that are not private, as packages/ and apps/ hold them. */
async function publishablePackages(): Promise<Omit<PublishablePackage, 'tarball'>[]> {
  const found: Omit<PublishablePackage, 'tarball'>[] = [];
  for (const parent of ['packages', 'apps']) {
    for (const entry of await readdir(path.join(repositoryRoot, parent))) {
      const directory = path.join(repositoryRoot, parent, entry);
      const manifest = JSON.parse(await readFile(path.join(directory, 'package.json'), 'utf8'));
      if (!manifest.private) found.push({ name: manifest.name, version: manifest.version, directory });
    }
  }
  return found;
}

/**
 * Packs every publishable package with `pnpm pack` (its prepack builds it first) into `folder`/tarballs,
 * then installs all the tarballs with npm, with TypeScript and @types/node for the consumer files, in
 * the empty project `folder`/project, as a user outside the workspace would.
 */
export async function packAndInstall(folder: string): Promise<{ packages: PublishablePackage[]; project: string }> {
  const tarballs = path.join(folder, 'tarballs');
  const project = path.join(folder, 'project');
  await mkdir(tarballs, { recursive: true });
  await mkdir(project, { recursive: true });
  const packages: PublishablePackage[] = [];
  for (const found of await publishablePackages()) {
    const before = new Set(await readdir(tarballs));
    await run('npx', ['-y', 'pnpm@10.34.9', 'pack', '--pack-destination', tarballs], found.directory);
    const made = (await readdir(tarballs)).filter((name) => !before.has(name));
    if (made.length !== 1) throw new Error(`pnpm pack of ${found.name} made ${made.length} new tarballs (${made.join(', ')}): tarball names must be distinct`);
    packages.push({ ...found, tarball: path.join(tarballs, made[0]!) });
  }
  await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`);
  for (const file of await readdir(consumerFiles)) await copyFile(path.join(consumerFiles, file), path.join(project, file));
  await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', ...packages.map((found) => found.tarball), 'typescript@5.9.3', '@types/node@20.19.0'],
    project,
  );
  return { packages, project };
}
