import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTempFolder } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { remoteMountsBelow, unwatchableReason } from './watchable-file-system.js';

describe('unwatchableReason: where a watch may miss changes', () => {
  it('trusts a local file system on Linux (the temp folder here)', () => {
    expect(unwatchableReason(tmpdir(), 'linux')).toBeUndefined();
  });

  it('names network and user-space file systems, by their statfs magic numbers', () => {
    expect(unwatchableReason('/vault', 'linux', () => 0x6969)).toBe('the vault is on a NFS file system, whose changes made elsewhere send no events');
    expect(unwatchableReason('/vault', 'linux', () => 0xff534d42)).toContain('CIFS');
    expect(unwatchableReason('/vault', 'linux', () => 0xfe534d42)).toContain('SMB2');
    expect(unwatchableReason('/vault', 'linux', () => 0x65735546)).toContain('FUSE');
    expect(unwatchableReason('/vault', 'linux', () => 0x01021997)).toContain('9P');
    expect(unwatchableReason('/vault', 'linux', () => 0xef53)).toBeUndefined();
  });

  it('trusts no other platform', () => {
    expect(unwatchableReason('/vault', 'darwin', () => 0xef53)).toBe('a watch is trusted on Linux only (this is darwin)');
  });
});

describe('remoteMountsBelow: a file system mounted inside the vault', () => {
  it("trusts a folder on the root's own device without asking its type (the temp folder here)", async () => {
    const folder = await createTempFolder({ 'notes/a.md': 'a' });
    try {
      const remoteMount = remoteMountsBelow(folder.path);
      expect(remoteMount(folder.path)).toBeUndefined();
      expect(remoteMount(path.join(folder.path, 'notes'))).toBeUndefined();
    } finally {
      await folder.remove();
    }
  });
});
