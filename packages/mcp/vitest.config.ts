import { defineConfig } from 'vitest/config';

// Timeouts are only a safety net against a hung test, never a speed check: generous enough that the
// tests pass on a loaded machine (see AGENTS.md, "Speed budgets live in benchmarks").
//
// Every test runs twice: on the SDK this package depends on, and on the lowest SDK it supports
// (`mcp-sdk-lowest`, the first that speaks the protocol revision with titles, output schemas and
// structured content), with every import of `@modelcontextprotocol/sdk` in the tests and in the
// source pointed at it. See docs/decisions/0010-mcp-server-handlers-of-its-own.md.
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sdk' } },
      {
        extends: true,
        test: { name: 'lowest sdk' },
        resolve: { alias: [{ find: /^@modelcontextprotocol\/sdk\/(.*)$/, replacement: 'mcp-sdk-lowest/$1' }] },
      },
    ],
  },
});
