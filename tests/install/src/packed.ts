import { inject } from 'vitest';
import type { PublishablePackage } from './pack-and-install.js';

/** The packed (and installed) package of that name, from the set-up. */
export function packed(name: string): PublishablePackage {
  const found = inject('installed').packages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} was not packed`);
  return found;
}
