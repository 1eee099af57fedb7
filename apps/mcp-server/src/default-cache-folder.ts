import { homedir } from 'node:os';
import path from 'node:path';

/**
 * Where the server keeps the embeddings' vectors unless `--embeddings-cache` says: the platform's folder
 * for a user's caches (`%LOCALAPPDATA%` on Windows, `~/Library/Caches` on macOS, `$XDG_CACHE_HOME` or
 * `~/.cache` elsewhere), then `vault-text-mcp/embeddings`. Never in a vault.
 */
export function defaultCacheFolder(environment: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): string {
  const home = environment.HOME || homedir();
  const caches =
    platform === 'win32'
      ? (environment.LOCALAPPDATA ?? path.join(home, 'AppData', 'Local'))
      : platform === 'darwin'
        ? path.join(home, 'Library', 'Caches')
        : environment.XDG_CACHE_HOME && path.isAbsolute(environment.XDG_CACHE_HOME)
          ? environment.XDG_CACHE_HOME
          : path.join(home, '.cache');
  return path.join(caches, 'vault-text-mcp', 'embeddings');
}
