import { describe, expect, inject, it } from 'vitest';
import { typeCheck } from './type-check.js';

const { project } = inject('installed');

describe(`a user's code against the installed declarations (Node ${process.version})`, () => {
  it('type-checks ESM and CommonJS consumers, and our declarations compile without the DOM library', () => {
    // The MCP SDK's and the AI SDK's own declarations use DOM types (HeadersInit, ...): a user of
    // those needs the DOM library anyway. Ours must not: no error may come from @vault/ or the consumer.
    const errors = typeCheck(project);
    expect(errors.filter((line) => !line.startsWith('node_modules/') || line.startsWith('node_modules/@vault/'))).toEqual([]);
  });
});
