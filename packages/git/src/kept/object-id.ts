import { createHash } from 'node:crypto';

/** The types of object written here. */
export type ObjectType = 'blob' | 'tree' | 'commit';

/** The id git gives an object of this type and these bytes (SHA-1, or SHA-256 for ids of 32 bytes), computed here. */
export function objectId(type: ObjectType, bytes: Uint8Array, idBytes: number): string {
  return createHash(idBytes === 32 ? 'sha256' : 'sha1')
    .update(`${type} ${bytes.length}\0`)
    .update(bytes)
    .digest('hex');
}
