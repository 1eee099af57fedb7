import type { PublishablePackage } from './pack-and-install.js';

/**
 * A README command's arguments with the packed server in place of the registry's
 * (`vault-text-mcp` becomes `--package=<tarball> vault-mcp`) and `vault` in place of the README's vault.
 */
export function withPackedServer(args: string[], server: PublishablePackage, vault: string): string[] {
  return args.flatMap((arg) =>
    arg === 'vault-text-mcp' ? [`--package=${server.tarball}`, 'vault-mcp'] : [['/absolute/path/to/your/notes', 'examples/vault'].includes(arg) ? vault : arg],
  );
}
