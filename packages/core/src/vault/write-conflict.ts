import { VaultError } from './vault-error.js';

/**
 * The error of a write refused because the file is no longer what the tool read (`expected`, see
 * `WriteFileOptions`): another process changed, removed or created it in the meantime.
 */
export function writeConflict(path: string, expected: Uint8Array | null): VaultError {
  return expected === null
    ? new VaultError(
        'ALREADY_EXISTS',
        `${path} was created by another program while this call ran, so it was left as it is. Read it with TextRead, or call again with \`overwrite: true\` to replace it.`,
      )
    : new VaultError(
        'STALE_FILE',
        `${path} was changed by another program while this call ran, so the change was not applied and nothing was lost. Read the file again with TextRead and redo the change.`,
      );
}
