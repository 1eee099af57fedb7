import { Option } from 'commander';
import { wholeNumber } from './whole-number.js';

/** `--timeout <ms>`: the time budget of a command's call (the vault's `searchTimeout`), `defaultMs` when it is not given. */
export function timeoutOption(what: string, defaultMs: number): Option {
  return new Option('--timeout <ms>', `the time budget of ${what}, in milliseconds (default: ${defaultMs})`).argParser(wholeNumber);
}
