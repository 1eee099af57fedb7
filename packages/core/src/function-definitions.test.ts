import { describe, expect, it } from 'vitest';
import { functionDefinitions } from './function-definitions.js';
import { createMemoryFs } from './memory-fs.js';
import { tools } from './tools.js';
import { createVault } from './vault.js';

describe('functionDefinitions', () => {
  it('gives each tool its name, description and input as JSON Schema', () => {
    const definitions = functionDefinitions(tools);
    expect(definitions.map((definition) => definition.name)).toEqual(tools.map((tool) => tool.name));
    const read = definitions[0]!;
    expect(read.description).toBe(tools[0].description);
    expect(read.parameters).toMatchObject({
      type: 'object',
      required: ['filePath'],
      properties: {
        filePath: { type: 'string', description: expect.stringContaining('vault-relative') },
        offset: { type: 'integer', minimum: 1 },
        limit: { type: 'integer', minimum: 1 },
      },
    });
    expect(JSON.parse(JSON.stringify(definitions))).toEqual(definitions);
  });

  it('offers only the read tools of a read-only vault', () => {
    const vault = createVault(createMemoryFs(), { readOnly: true });
    expect(functionDefinitions(vault.tools).map((definition) => definition.name)).toEqual(['TextRead', 'TextSearch', 'ListDirectories', 'ListFiles']);
  });
});
