import { tools as allTools, createMemoryFs, type ErrorCode, functionDefinitions, type MemoryFs, type VaultOptions, VaultError } from '@vault/core';
import { textOf } from '@vault/testing';
import { describe, expect, it } from 'vitest';
import { connectTestClient } from './__fixtures__/test-client.js';

const seed = {
  'notes/a.md': '# A\n\nalpha line\nbeta line\n',
  'notes/twice.md': 'same\nsame\n',
  'notes/latin1.md': new Uint8Array([0x63, 0xe9]),
  'notes.md/inner.md': '',
  'big.md': 'x'.repeat(5000),
  'todo.txt': 'TODO: write tests\n',
};

function connect(fs: MemoryFs | ReturnType<typeof failingFs> = createMemoryFs(seed), options: VaultOptions = {}) {
  return connectTestClient(fs, options);
}

/** A memory vault whose writes are refused by the "disk" and whose reads of one file fail unexpectedly. */
function failingFs() {
  const fs = createMemoryFs(seed);
  return {
    ...fs,
    async writeFile() {
      throw new VaultError('PERMISSION_DENIED', 'notes/a.md is not writable. Fix the permissions.');
    },
    async readFile(path: string) {
      if (path === 'todo.txt') throw new Error('disk exploded at /home/secret/vault/todo.txt');
      return fs.readFile(path);
    },
  };
}

describe('the MCP server, in process', () => {
  it('lists the tools with titles, schemas and annotations', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
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
    const annotations = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(annotations.TextRead).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
    expect(annotations.TextEdit).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false });
    expect(annotations.Move).toMatchObject({ readOnlyHint: false, destructiveHint: false, openWorldHint: false });
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.outputSchema?.type).toBe('object');
      for (const [name, property] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((property as { description?: string }).description, `${tool.name}.${name}`).toBeTruthy();
        expect(['string', 'number', 'integer', 'boolean']).toContain((property as { type?: string }).type);
      }
    }
  });

  it("lists the same input schemas as core's function definitions, which other frameworks use", async () => {
    const { client } = await connect();
    const listed = (await client.listTools()).tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.inputSchema }));
    expect(listed).toEqual(functionDefinitions(allTools).map(({ name, description, parameters }) => ({ name, description, parameters })));
  });

  it('keeps descriptions and schemas consistent: every parameter described, no foreign parameter named', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const parametersOf = (tool: (typeof tools)[number]) => Object.keys(tool.inputSchema.properties ?? {});
    const camelCaseParameters = new Set(tools.flatMap(parametersOf).filter((name) => /[A-Z]/.test(name)));
    for (const tool of tools) {
      const own = parametersOf(tool);
      for (const parameter of own) expect(tool.description, `${tool.name} mentions ${parameter}`).toMatch(new RegExp(`\\b${parameter}\\b`));
      for (const parameter of camelCaseParameters) {
        if (!own.includes(parameter)) expect(tool.description, `${tool.name} names ${parameter}`).not.toMatch(new RegExp(`\\b${parameter}\\b`));
      }
      for (const [, key] of (tool.description ?? '').matchAll(/"(\w+)":/g)) expect(own, `${tool.name} example key ${key}`).toContain(key);
    }
  });

  it('runs every tool: compact text as content, the complete result as structuredContent', async () => {
    const { call, fs } = await connect();
    const read = await call('TextRead', { filePath: 'notes/a.md', limit: 2 });
    expect(textOf(read)).toMatch(
      /^1: # A\n2: \n\[notes\/a\.md \| totalLines: 4 \| fileHash: [0-9a-f]{16} \| shown: 1-2 \| more: call again with `offset: 3`\]$/,
    );
    const readHash = read.structuredContent?.fileHash;
    expect(read.structuredContent).toEqual({
      path: 'notes/a.md',
      lines: ['1: # A', '2: '],
      totalLines: 4,
      fileHash: readHash,
      lineEnding: 'lf',
      bom: false,
      nextOffset: 3,
    });

    const edit = await call('TextEdit', { filePath: 'notes/a.md', oldString: 'beta line', newString: 'gamma line', expectedHash: readHash });
    expect(textOf(edit)).toContain('4: gamma line');
    expect(edit.structuredContent).toEqual({
      path: 'notes/a.md',
      replacements: 1,
      startLine: 4,
      endLine: 4,
      fileHash: edit.structuredContent?.fileHash,
      snippet: ['2: ', '3: alpha line', '4: gamma line'],
    });

    const create = await call('TextCreate', { filePath: 'new/b.md', content: 'beta\n' });
    expect(create.structuredContent).toEqual({ path: 'new/b.md', action: 'created', totalLines: 1, fileHash: create.structuredContent?.fileHash });

    const search = await call('TextSearch', { query: 'line' });
    expect(textOf(search)).toBe('notes/a.md\n3: alpha line\n4: gamma line\n[2 matching lines in 1 file; 1 file skipped (notes/latin1.md: not UTF-8 text)]');
    expect(search.structuredContent).toEqual({
      outputMode: 'content',
      caseSensitive: false,
      totalMatches: 2,
      totalFiles: 1,
      truncated: false,
      files: [{ path: 'notes/a.md', matches: 2, lines: ['3: alpha line', '4: gamma line'] }],
      skipped: [{ path: 'notes/latin1.md', reason: 'not UTF-8 text' }],
      totalSkipped: 1,
    });

    const tree = await call('ListDirectories', {});
    expect(textOf(tree)).toBe('new/\nnotes/\nnotes.md/\n[3 folders below the vault root]');
    expect(tree.structuredContent).toEqual({ directory: '', directories: ['new', 'notes', 'notes.md'], truncated: false });
    const files = await call('ListFiles', { directoryPath: 'new' });
    expect(textOf(files)).toBe('b.md 5\n[1 file in new/, sizes in bytes]');
    expect(files.structuredContent).toEqual({ directory: 'new', files: ['b.md 5'], totalFiles: 1, folders: 0 });
    expect((await call('Move', { sourcePath: 'new/b.md', destinationPath: 'moved/b.md' })).structuredContent).toEqual({
      source: 'new/b.md',
      destination: 'moved/b.md',
      kind: 'file',
      dryRun: false,
      rewritten: [],
      rewrittenTotal: 0,
      notesChanged: 0,
      notJudged: [],
      notJudgedTotal: 0,
      notes: [],
    });
    expect((await call('RemoveFile', { filePath: 'moved/b.md' })).structuredContent).toEqual({
      path: 'moved/b.md',
      trashPath: '.trash/moved/b.md',
      linkedFrom: [],
      linkedFromTotal: 0,
    });

    expect(fs.toJSON()).toMatchObject({ 'notes/a.md': '# A\n\nalpha line\ngamma line\n', '.trash/moved/b.md': 'beta\n', 'new/': '' });
  });

  const errorCases: [ErrorCode, string, Record<string, unknown>, VaultOptions?][] = [
    ['NOT_FOUND', 'TextRead', { filePath: 'missing.md' }],
    ['ALREADY_EXISTS', 'TextCreate', { filePath: 'notes/a.md', content: 'x' }],
    ['NOT_A_FILE', 'RemoveFile', { filePath: 'notes.md' }],
    ['NOT_A_DIRECTORY', 'ListFiles', { directoryPath: 'todo.txt' }],
    ['PATH_OUTSIDE_VAULT', 'TextRead', { filePath: '../etc/passwd.md' }],
    ['EXTENSION_NOT_ALLOWED', 'TextCreate', { filePath: 'run.sh', content: 'x' }],
    ['HIDDEN_PATH', 'ListFiles', { directoryPath: '.obsidian' }],
    ['INVALID_ARGUMENT', 'TextSearch', { query: '(', regex: true }],
    ['NO_MATCH', 'TextEdit', { filePath: 'notes/a.md', oldString: 'ALPHA LINE', newString: 'x' }],
    ['AMBIGUOUS_MATCH', 'TextEdit', { filePath: 'notes/twice.md', oldString: 'same', newString: 'x' }],
    ['STALE_FILE', 'TextEdit', { filePath: 'notes/a.md', oldString: 'alpha', newString: 'x', expectedHash: '0000000000000000' }],
    ['NOT_TEXT', 'TextRead', { filePath: 'notes/latin1.md' }],
    ['FILE_TOO_LARGE', 'TextEdit', { filePath: 'big.md', oldString: 'x', newString: 'y', replaceAll: true }, { maxFileSize: 1000 }],
    ['TIMEOUT', 'TextSearch', { query: 'line' }, { searchTimeout: -1 }],
  ];

  it.each(errorCases)('turns %s into an isError result with the code', async (code, tool, args, options) => {
    const { call } = await connect(createMemoryFs(seed), options);
    const result = await call(tool, args);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(new RegExp(`^${code}: \\S`));
    expect(result._meta).toMatchObject({ errorCode: code });
  });

  it("passes a backend's PERMISSION_DENIED through, and hides unexpected errors behind IO_ERROR", async () => {
    const { call } = await connect(failingFs());
    expect(textOf(await call('TextCreate', { filePath: 'c.md', content: 'x' }))).toMatch(/^PERMISSION_DENIED: /);
    const unexpected = await call('TextRead', { filePath: 'todo.txt' });
    expect(unexpected).toMatchObject({ isError: true, _meta: { errorCode: 'IO_ERROR', retryable: true } });
    expect(textOf(unexpected)).not.toContain('/home/secret');
    expect(textOf(unexpected)).not.toContain('exploded');
  });

  it('reports arguments that fail the schema as an error result', async () => {
    const { call } = await connect();
    const result = await call('TextRead', { filePath: 'notes/a.md', offset: 'ten' });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('offset');
  });

  it('tells the client how to use the tools, and that the list never changes', async () => {
    const { client } = await connect();
    expect(client.getInstructions()).toContain('change with TextEdit');
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: false });
  });

  it('in read-only mode registers only the read tools, and says so', async () => {
    const { client, call, fs } = await connect(createMemoryFs(seed), { readOnly: true });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['TextRead', 'TextSearch', 'FindNotes', 'ListDirectories', 'ListFiles', 'Links']);
    expect(client.getInstructions()).toContain('read-only');
    expect(client.getInstructions()).not.toContain('TextEdit');
    expect((await call('TextCreate', { filePath: 'x.md', content: 'x' })).isError).toBe(true);
    expect(fs.toJSON()).toEqual(createMemoryFs(seed).toJSON());
  });
});
