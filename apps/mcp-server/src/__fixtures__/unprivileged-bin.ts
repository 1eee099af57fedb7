// For the tests: the built bin over stdio as a user the permission bits apply to (root reads any file).
import { spawnSync } from 'node:child_process';
import { chown, readdir } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { bin } from './serve-bin.js';

/** The user and group `nobody`: what a server started by root runs as here. */
const nobody = 65534;
/** Loaded before the bin (`--import`), in the main thread only: the search workers inherit the user, and may not change it. */
const asNobody = `data:text/javascript,import{isMainThread}from'node:worker_threads';if(isMainThread){process.setgroups([]);process.setgid(${nobody});process.setuid(${nobody})}`;
/** Without these two capabilities, root too is held to the permission bits. */
const readAnything = 'dac_override,dac_read_search';

/** How to start a process the permission bits apply to, and who must own the vault for it to work there. */
interface Unprivileged {
  command: string;
  args: string[];
  owner?: number;
  /** How it was done, for the test's title. */
  how: string;
}

/**
 * A user that file permissions hold: the one running the tests when not root; as root, `nobody` (Node
 * drops to it before the bin loads); where root cannot become another user (a user namespace that maps
 * no other), root without the capabilities that read any file (`setpriv`). Else it throws: the tests
 * of unreadable files cannot run as a user who can read them all, and must not pass as if they had.
 */
export function unprivilegedLaunch(): Unprivileged {
  if (process.getuid?.() !== 0) return { command: process.execPath, args: [], how: 'as the user running the tests' };
  // Only where nobody can reach the bin (a checkout in a folder of mode 700, as mktemp -d makes, it cannot).
  if (spawnSync(process.execPath, ['--import', asNobody, '-e', `require('node:fs').accessSync(${JSON.stringify(bin)})`]).status === 0) {
    return { command: process.execPath, args: ['--import', asNobody], owner: nobody, how: 'as nobody (root dropped to it)' };
  }
  const caps = [`--inh-caps=-${readAnything.replace(',', ',-')}`, `--bounding-set=-${readAnything.replace(',', ',-')}`];
  if (spawnSync('setpriv', [...caps, process.execPath, '-e', '']).status === 0) {
    return { command: 'setpriv', args: [...caps, process.execPath], how: 'as root without the capabilities to read any file' };
  }
  throw new Error(
    'Cannot start the server as a user that file permissions apply to: run the tests as another user than root, or where root may drop to nobody.',
  );
}

/** Gives the folder and all below it to `owner`. */
async function chownTree(folder: string, owner: number): Promise<void> {
  await chown(folder, owner, owner);
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) await chownTree(path.join(folder, entry.name), owner);
    else await chown(path.join(folder, entry.name), owner, owner);
  }
}

/** Starts `vault-mcp --vault VAULT ARGS` over stdio as `launch` says (the vault given to its user first); resolves once its stderr holds `marker`. */
export async function connectUnprivilegedBin(launch: Unprivileged, vault: string, args: string[], marker: string) {
  if (launch.owner !== undefined) await chownTree(vault, launch.owner);
  const transport = new StdioClientTransport({ command: launch.command, args: [...launch.args, bin, '--vault', vault, ...args], stderr: 'pipe' });
  let stderr = '';
  const logged = new Promise<void>((resolve) => {
    transport.stderr!.on('data', (chunk) => {
      stderr += chunk;
      if (stderr.includes(marker)) resolve();
    });
  });
  const client = new Client({ name: 'unprivileged', version: '1.0.0' });
  await client.connect(transport);
  await logged;
  return { client, stderr: () => stderr };
}
