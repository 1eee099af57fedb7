import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultCacheFolder } from './default-cache-folder.js';

describe('defaultCacheFolder (where the vectors go unless --embeddings-cache says)', () => {
  it("is the platform's folder for a user's caches, never a vault", () => {
    expect(defaultCacheFolder({ HOME: '/home/ann' }, 'linux')).toBe('/home/ann/.cache/vault-text-mcp/embeddings');
    expect(defaultCacheFolder({ HOME: '/home/ann', XDG_CACHE_HOME: '/var/cache/ann' }, 'linux')).toBe('/var/cache/ann/vault-text-mcp/embeddings');
    // A relative XDG_CACHE_HOME is invalid (the XDG spec): ignored.
    expect(defaultCacheFolder({ HOME: '/home/ann', XDG_CACHE_HOME: 'cache' }, 'linux')).toBe('/home/ann/.cache/vault-text-mcp/embeddings');
    expect(defaultCacheFolder({ HOME: '/Users/ann' }, 'darwin')).toBe('/Users/ann/Library/Caches/vault-text-mcp/embeddings');
    expect(defaultCacheFolder({ HOME: 'C:\\Users\\ann', LOCALAPPDATA: 'C:\\Users\\ann\\AppData\\Local' }, 'win32')).toBe(
      path.join('C:\\Users\\ann\\AppData\\Local', 'vault-text-mcp', 'embeddings'),
    );
  });
});
