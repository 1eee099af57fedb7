import { tools as allTools, createMemoryFs, createVault, functionDefinitions } from '@vault/core';
import { describe, expect, it } from 'vitest';
import { connectTestClient } from './__fixtures__/test-client.js';

describe('tools/list', () => {
  it("gives each tool core's name, title, description, schemas and annotations, and nothing more", async () => {
    const { client } = await connectTestClient(createMemoryFs({}));
    const { tools } = await client.listTools();
    const definitions = functionDefinitions(allTools);
    expect(tools.map((tool) => Object.keys(tool).sort())).toEqual(
      allTools.map(() => ['annotations', 'description', 'inputSchema', 'name', 'outputSchema', 'title']),
    );
    for (const [index, tool] of tools.entries()) {
      expect(tool.inputSchema).toEqual(definitions[index]!.parameters);
      expect(tool.title).toBe(allTools[index]!.title);
    }
  });

  it('gives draft-07 schemas without their $schema line, the output schema as the output is (defaults required)', async () => {
    const { client } = await connectTestClient(createMemoryFs({}));
    const read = (await client.listTools()).tools.find((tool) => tool.name === 'TextRead')!;
    expect(JSON.stringify(read)).not.toContain('$schema');
    expect(read.inputSchema).toMatchObject({ type: 'object', required: ['filePath'], additionalProperties: false });
    expect(read.inputSchema.properties?.offset).toMatchObject({ type: 'integer', minimum: 1 });
    expect(read.outputSchema).toMatchObject({ type: 'object', properties: { path: { type: 'string' }, totalLines: { type: 'number' } } });
    expect(read.outputSchema?.required).toEqual(expect.arrayContaining(['path', 'lines', 'totalLines', 'lineEnding', 'bom']));
    // No fileHash for a file too large to edit (decision 0012): present, not required.
    expect(read.outputSchema?.properties).toMatchObject({ fileHash: { type: 'string' } });
    expect(read.outputSchema?.required).not.toContain('fileHash');
  });

  it("is the same list for every server of a vault, and each vault's own", async () => {
    const writable = createVault(createMemoryFs({}));
    const readOnly = createVault(createMemoryFs({}), { readOnly: true });
    const names = async (vault: typeof writable) =>
      (await (await connectTestClient(vault.fs, vault.options)).client.listTools()).tools.map((tool) => tool.name);
    expect(await names(writable)).toEqual([
      'TextRead',
      'TextEdit',
      'TextCreate',
      'TextSearch',
      'FindNotes',
      'ListDirectories',
      'ListFiles',
      'Move',
      'RemoveFile',
      'Links',
      'RenameHeading',
    ]);
    expect(await names(readOnly)).toEqual(['TextRead', 'TextSearch', 'FindNotes', 'ListDirectories', 'ListFiles', 'Links']);
  });
});
