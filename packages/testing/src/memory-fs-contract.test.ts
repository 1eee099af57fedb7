import { createMemoryFs } from '@vault/core';
import { describeVaultFsContract } from './describe-vault-fs-contract.js';

describeVaultFsContract('memory', async (seed) => {
  const fs = createMemoryFs(seed);
  return { fs, dump: async () => fs.toJSON() };
});
