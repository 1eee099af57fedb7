import type { ErrorCode } from '@vault/core';

/**
 * The exit code of each error code: every code has its own, and the compiler checks that none is
 * left out. 0 is success, 1 a search that found nothing (as in grep and ripgrep), 64 a usage error
 * and 70 a failure of the CLI itself (as in sysexits.h).
 */
export const exitCodes: Record<ErrorCode, number> = {
  NOT_FOUND: 2,
  ALREADY_EXISTS: 3,
  NOT_A_FILE: 4,
  NOT_A_DIRECTORY: 5,
  PATH_OUTSIDE_VAULT: 6,
  EXTENSION_NOT_ALLOWED: 7,
  HIDDEN_PATH: 8,
  INVALID_ARGUMENT: 9,
  NO_MATCH: 10,
  AMBIGUOUS_MATCH: 11,
  STALE_FILE: 12,
  NOT_TEXT: 13,
  FILE_TOO_LARGE: 14,
  PERMISSION_DENIED: 15,
  TIMEOUT: 16,
  IO_ERROR: 17,
};

/** A search that found nothing: an answer, not an error, but `if vtx search -q TODO` must read it as false. */
export const noMatchExitCode = 1;
export const usageExitCode = 64;
/** The CLI itself failed: it is not built, or it crashed (Node's own code for a crash, 1, would read as "no match"). */
export const crashExitCode = 70;
