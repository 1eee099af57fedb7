import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { VaultFs } from './vault-fs.js';

/** Length of a file hash in hex characters: the first 8 bytes of the SHA-256 of the file's bytes. */
const hashBytes = 8;

/**
 * The `fileHash` of a file's bytes: 16 hex characters of SHA-256. The backend's own hasher does it
 * when `fs` has one (native, and without copying the bytes); else Web Crypto where the runtime has
 * it (Node, browsers: several times faster on a large file), and @noble/hashes elsewhere.
 */
export async function fileHash(bytes: Uint8Array, fs?: VaultFs): Promise<string> {
  if (fs?.createHasher) {
    const hasher = fs.createHasher();
    hasher.update(bytes);
    return bytesToHex(hasher.digest().subarray(0, hashBytes));
  }
  const subtle = globalThis.crypto?.subtle;
  const digest = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)) : sha256(bytes);
  return bytesToHex(digest.subarray(0, hashBytes));
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
    digest: () => bytesToHex(hasher.digest().subarray(0, hashBytes)),
  };
}
