import type { ErrorCode } from '@vault/core';

/**
 * The exit code of each error code: every code has its own, and the compiler checks that none is
 * left out. 0 is success, 64 a usage error (as in sysexits.h); 1 is left to Node (a crash before the CLI could answer).
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

export const usageExitCode = 64;
