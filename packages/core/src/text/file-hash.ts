import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { VaultFs } from '../vault/vault-fs.js';

/** Length of a file hash in hex characters: the first 8 bytes of the SHA-256 of the file's bytes. */
const hashBytes = 8;

/**
 * The `fileHash` of a file's bytes: 16 hex characters of SHA-256. The backend's own hasher does it
 * when `fs` has one (native, and without copying the bytes); else Web Crypto where the runtime has
 * it (Node, browsers: several times faster on a large file), and @noble/hashes elsewhere.
 */
export async function fileHash(bytes: Uint8Array, fs?: VaultFs): Promise<string> {
  if (fs?.createHasher) {
    const hasher = createFileHasher(fs);
    hasher.update(bytes);
    return hasher.digest();
  }
  const subtle = globalThis.crypto?.subtle;
  return hex(subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)) : sha256(bytes));
}

/** An incremental SHA-256: the bytes in chunks, then the digest. */
export interface FileHasher {
  update(chunk: Uint8Array): void;
  digest(): Uint8Array;
}

/** An incremental `fileHash`, for content read in chunks: the backend's own hasher when it has one. */
export function createFileHasher(fs: VaultFs): { update(chunk: Uint8Array): void; digest(): string } {
  const hasher = fs.createHasher?.() ?? sha256.create();
  return {
    update: (chunk) => void hasher.update(chunk),
    digest: () => hex(hasher.digest()),
  };
}

/** A SHA-256 digest as a `fileHash`: its first bytes in hex. */
function hex(digest: Uint8Array): string {
  return bytesToHex(digest.subarray(0, hashBytes));
}
