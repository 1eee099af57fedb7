import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

/** Length of a file hash in hex characters: the first 8 bytes of the SHA-256 of the file's bytes. */
const hashBytes = 8;

/**
 * The `fileHash` of a file's bytes: 16 hex characters of SHA-256. Web Crypto does it natively where
 * the runtime has it (Node, browsers: several times faster on a large file), @noble/hashes elsewhere.
 */
export async function fileHash(bytes: Uint8Array): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  const digest = subtle ? new Uint8Array(await subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)) : sha256(bytes);
  return bytesToHex(digest.subarray(0, hashBytes));
}

/** An incremental `fileHash`, for content read in chunks. */
export function createFileHasher(): { update(chunk: Uint8Array): void; digest(): string } {
  const hasher = sha256.create();
  return {
    update: (chunk) => void hasher.update(chunk),
    digest: () => bytesToHex(hasher.digest().subarray(0, hashBytes)),
  };
}
