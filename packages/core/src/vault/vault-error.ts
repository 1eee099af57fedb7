/**
 * The closed set of error codes. Adapters map every one of them with a complete
 * `Record<ErrorCode, ...>` so that the compiler catches a code left unmapped.
 */
export const errorCodes = [
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'NOT_A_FILE',
  'NOT_A_DIRECTORY',
  'PATH_OUTSIDE_VAULT',
  'EXTENSION_NOT_ALLOWED',
  'HIDDEN_PATH',
  'INVALID_ARGUMENT',
  'NO_MATCH',
  'AMBIGUOUS_MATCH',
  'STALE_FILE',
  'NOT_TEXT',
  'FILE_TOO_LARGE',
  'PERMISSION_DENIED',
  'TIMEOUT',
  'IO_ERROR',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

/**
 * The one error type of the tools. `message` says what failed, why, and the next step;
 * `details` carries machine-readable facts (line numbers, candidates, counts) when there are any.
 */
export class VaultError extends Error {
  override readonly name = 'VaultError';
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

/**
 * Whether a value is a `VaultError`, judged by its shape, so that an error made by another copy of
 * this package (two versions installed side by side) counts too.
 */
export function isVaultError(value: unknown): value is VaultError {
  return value instanceof Error && value.name === 'VaultError' && (errorCodes as readonly unknown[]).includes((value as { code?: unknown }).code);
}
