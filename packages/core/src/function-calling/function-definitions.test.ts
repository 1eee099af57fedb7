import { describe, expect, it } from 'vitest';
import { functionDefinitions } from './function-definitions.js';
import { createMemoryFs } from '../vault/memory-fs.js';
import { tools } from '../tools/tools.js';
import { createVault } from '../vault/vault.js';

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
    expect(functionDefinitions(vault.tools).map((definition) => definition.name)).toEqual([
      'TextRead',
      'TextSearch',
      'FindNotes',
      'ListDirectories',
      'ListFiles',
      'Links',
    ]);
  });

  it('gives schemas for OpenAI strict mode: every parameter required, the optional ones nullable, no default, no $schema', () => {
    const search = functionDefinitions(tools, { strict: true }).find((definition) => definition.name === 'TextSearch')!;
    expect(search.strict).toBe(true);
    const { parameters } = search;
    expect(parameters).not.toHaveProperty('$schema');
    expect(parameters.additionalProperties).toBe(false);
    expect(parameters.required).toEqual([
      'query',
      'caseSensitive',
      'regex',
      'filePath',
      'filePattern',
      'directoryPath',
      'maxResults',
      'offset',
      'contextLines',
      'outputMode',
    ]);
    expect(parameters.properties.regex).toEqual({ type: ['boolean', 'null'], description: expect.stringContaining('Default false') });
    expect(parameters.properties.outputMode).toEqual({ type: ['string', 'null'], enum: ['content', 'files_only', null], description: expect.any(String) });
    const read = functionDefinitions(tools, { strict: true })[0]!.parameters;
    expect(read.properties.filePath).toEqual({ type: 'string', description: expect.stringContaining('vault-relative') });
    for (const definition of functionDefinitions(tools, { strict: true })) {
      expect(Object.keys(definition.parameters.properties), definition.name).toEqual(definition.parameters.required);
      expect(JSON.stringify(definition.parameters), definition.name).not.toContain('"default"');
    }
  });

  it('keeps the MCP listing as it is without strict: optional parameters optional, defaults kept', () => {
    const search = functionDefinitions(tools).find((definition) => definition.name === 'TextSearch')!;
    expect(search.strict).toBe(false);
    expect(search.parameters.required).toBeUndefined();
    expect(search.parameters.properties.regex).toEqual({ type: 'boolean', default: false, description: expect.any(String) });
  });
});
