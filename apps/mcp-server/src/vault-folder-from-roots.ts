import { fileURLToPath } from 'node:url';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { VaultError } from '@vault/core';

/**
 * The folder to serve when no --vault names one: once the client has initialized, the first of the
 * roots it offers (`roots/list`), or the one named `rootName`, as the reference filesystem server
 * does. The choice is made once; a later change of the client's roots does not move the vault.
 * Rejects with a VaultError (NOT_FOUND) saying what to pass when the client offers no such root.
 */
export function vaultFolderFromRoots(server: Server, rootName: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    server.oninitialized = () => {
      chooseRoot(server, rootName).then(resolve, reject);
    };
  });
}

async function chooseRoot(server: Server, rootName: string | undefined): Promise<string> {
  const restart = 'Start the server with --vault DIR (or VAULT_PATH) naming the folder to serve.';
  if (!server.getClientCapabilities()?.roots) throw new VaultError('NOT_FOUND', `No vault: the server was started without --vault, and this client offers no roots. ${restart}`);
  const { roots } = await server.listRoots();
  const files = roots.filter((root) => root.uri.startsWith('file://'));
  const chosen = rootName === undefined ? files[0] : files.find((root) => root.name === rootName);
  if (!chosen) {
    const offered = files.map((root) => (root.name ? `${root.name} (${root.uri})` : root.uri)).join(', ') || 'no file:// root';
    throw new VaultError('NOT_FOUND', `No vault: ${rootName === undefined ? 'the client offers' : `no root is named ${rootName} among`} ${offered}. ${restart}`);
  }
  return fileURLToPath(chosen.uri);
}
