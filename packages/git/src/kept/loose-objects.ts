import { closeSync, constants, linkSync, mkdirSync, openSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { type ObjectType, objectId } from './object-id.js';

/** Temporary files of this process in the object folder, each named once. */
let written = 0;

/**
 * Writes an object as git writes a loose one, here, with no git process (decision 0018): the zlib of
 * `TYPE SIZE\0` and the bytes, in a temporary file of the object's folder (`tmp_obj_*`, the name `git prune`
 * clears), linked to its name (read-only, 0444). An object already there loose is only touched (its time
 * made now, as git freshens one, so `git gc` keeps it a while longer); one in a pack is written loose
 * beside it, which git allows. Gives its id.
 */
export function writeLooseObject(objectsDir: string, type: ObjectType, bytes: Uint8Array, idBytes: number): string {
  const id = objectId(type, bytes, idBytes);
  const folder = path.join(objectsDir, id.slice(0, 2));
  const file = path.join(folder, id.slice(2));
  if (touched(file)) return id;
  const content = deflateSync(Buffer.concat([Buffer.from(`${type} ${bytes.length}\0`), bytes]), { level: 1 });
  written += 1;
  const temporary = path.join(folder, `tmp_obj_${process.pid}_${written}_${Math.random().toString(36).slice(2, 8)}`);
  const descriptor = openTemporary(temporary, folder);
  try {
    writeSync(descriptor, content);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    // Written meanwhile by someone else (git or another server): the same bytes, by its name.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return id;
}

/** Whether the loose object is there, made recent if so. */
function touched(file: string): boolean {
  try {
    const now = new Date();
    utimesSync(file, now, now);
    return true;
  } catch {
    return false;
  }
}

/** Opens a new temporary file (never one that exists), making its folder when missing. */
function openTemporary(temporary: string, folder: string): number {
  const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
  try {
    return openSync(temporary, flags, 0o444);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    mkdirSync(folder, { recursive: true });
    return openSync(temporary, flags, 0o444);
  }
}
