import { InvalidArgumentError } from 'commander';

/** Parses an option's value as a whole number, or refuses it as a usage error. */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('Pass a whole number.');
  return Number(value);
}
