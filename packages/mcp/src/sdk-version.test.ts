import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';

// Which SDK a run of this package's tests uses, by the vitest project's name (see vitest.config.ts):
// the one this package depends on, or the lowest it supports (`mcp-sdk-lowest`, 1.13.0), told apart
// by the newest protocol revision each speaks.
describe('the SDK under test', () => {
  it('is the one its vitest project names', ({ task }) => {
    console.info(`${task.file.projectName}: the SDK speaks protocol revisions up to ${LATEST_PROTOCOL_VERSION}`);
    if (task.file.projectName === 'lowest sdk') expect(LATEST_PROTOCOL_VERSION).toBe('2025-06-18');
    else expect(LATEST_PROTOCOL_VERSION > '2025-06-18').toBe(true);
  });
});
