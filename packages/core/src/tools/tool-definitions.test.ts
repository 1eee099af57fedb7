import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { textReadAt } from './history/text-read-at.js';
import { historyTools, tools } from './tools.js';

// What an agent is told about each tool (tools/list, function definitions, the CLI's help) is part of
// the product: a changed word changes what models do. Each tool's definition is held whole in a file
// under __snapshots__/tool-definitions/; change it on purpose with `npx vitest run -u` and review the diff.
describe('the definition an agent is given', () => {
  const withFiles = [...[...tools, ...historyTools].map((tool) => ({ tool, file: tool.name })), { tool: textReadAt, file: 'TextRead-with-history' }];
  for (const { tool, file } of withFiles) {
    it(`of ${file} is the one reviewed`, async () => {
      const definition = {
        name: tool.name,
        title: tool.title,
        description: tool.description.split('\n'),
        effects: tool.effects,
        input: z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' }),
        output: z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' }),
      };
      await expect(`${JSON.stringify(definition, null, 2)}\n`).toMatchFileSnapshot(`__snapshots__/tool-definitions/${file}.json`);
    });
  }
});
