import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ErrorCode, isVaultError } from '@vault/core';

/** Whether an agent may simply call again: every code is classified, and the compiler checks it. */
const retryable: Record<ErrorCode, boolean> = {
  NOT_FOUND: false,
  ALREADY_EXISTS: false,
  NOT_A_FILE: false,
  NOT_A_DIRECTORY: false,
  PATH_OUTSIDE_VAULT: false,
  EXTENSION_NOT_ALLOWED: false,
  HIDDEN_PATH: false,
  INVALID_ARGUMENT: false,
  NO_MATCH: false,
  AMBIGUOUS_MATCH: false,
  STALE_FILE: false,
  NOT_TEXT: false,
  FILE_TOO_LARGE: false,
  PERMISSION_DENIED: false,
  TIMEOUT: true,
  IO_ERROR: true,
};

/**
 * A tool error as an MCP tool result: `isError`, the code first in the text, and the code in
 * `_meta` for programs (`retryable` the code's, unless the error's `details.retryable` says). Anything that is not a `VaultError` becomes `IO_ERROR`, with no stack
 * trace and no host path.
 */
export function toolErrorResult(error: unknown): CallToolResult {
  const [code, message] = isVaultError(error)
    ? [error.code, error.message]
    : (['IO_ERROR', 'The tool failed unexpectedly. Retry; if it keeps failing, check the server log.'] as const);
  return {
    isError: true,
    content: [{ type: 'text', text: `${code}: ${message}` }],
    _meta: { errorCode: code, retryable: isVaultError(error) && typeof error.details?.retryable === 'boolean' ? error.details.retryable : retryable[code] },
  };
}
