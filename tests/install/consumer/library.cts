// A user's CommonJS code (a .cts file: its imports become require calls), type-checked the same way.
import { createMemoryFs, createVault } from '@vault/core';

export const vault = createVault(createMemoryFs({ 'a.md': 'a\n' }));
