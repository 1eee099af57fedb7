import type { z } from 'zod';
import type { Vault } from '../../vault/vault.js';
import { VaultError } from '../../vault/vault-error.js';
import { defineTool } from '../define-tool.js';
import { createTextDecoder } from '../../text/text-codec.js';
import { findSection } from '../find-section.js';
import { readOfBytes, sectionWindow, type TextReadOutput, textReadDefinition } from '../text-read.js';
import { changeId, historyOf } from './change-id.js';

const inputSchema = textReadDefinition.inputSchema.extend({
  at: changeId.optional().describe('A change id from History: read the file as it was right after that change (a removed file too). Default: as it is now.'),
});

/** TextRead as a vault with history offers it: with `at`, a file as it was right after a change. */
export const textReadAt = defineTool({
  ...textReadDefinition,
  description: `${textReadDefinition.description}\nWith at (a change id from History), reads the file as it was right after that change.`,
  inputSchema,
  example: { filePath: 'notes/todo.md', at: '3f2a9c1b0d4e' },
  async run(input, vault): Promise<TextReadOutput> {
    const { at, ...now } = input;
    return at === undefined ? textReadDefinition.run(now, vault) : readAt(vault, input, at);
  },
});

async function readAt(
  vault: Vault,
  { filePath, offset: asked, limit: wanted, column, heading }: z.output<typeof inputSchema>,
  at: string,
): Promise<TextReadOutput> {
  const path = vault.resolveFile(filePath, { trash: 'read' });
  vault.checkExtension(path);
  const bytes = await historyOf(vault).fileAt(path, at, vault.options.maxFileSize);
  if (bytes === undefined) {
    throw new VaultError('NOT_FOUND', `${path} did not exist right after change ${at}. Pick a change from History with filePath ${path}.`);
  }
  const section = heading === undefined ? undefined : findSection(createTextDecoder(path).decode(bytes, true), heading, path);
  const { offset, limit } = section ? sectionWindow(section, asked, wanted, path) : { offset: asked, limit: wanted };
  return readOfBytes(vault, path, bytes, { offset, limit, column }, section);
}
