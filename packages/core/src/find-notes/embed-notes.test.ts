import { describe, expect, it } from 'vitest';
import { createMemoryFs, createVault, type Embeddings } from '../index.js';
import { embedNotes } from './embed-notes.js';
import { readNotes } from './read-notes.js';

describe('embedNotes: the background embedding of the notes', () => {
  it('reads a note grown past the size FindNotes ranks no more than a call does: refused by its size, unread', async () => {
    const fs = createMemoryFs({ 'a-grown.md': '# Grown\n\nsmall now\n', 'b-small.md': '# Small\n\nsmall words\n' });
    let asked!: (texts: string[]) => void;
    const embedded = new Promise<string[]>((resolve) => (asked = resolve));
    const embeddings: Embeddings = {
      model: 'test-model',
      embed: async (texts) => {
        asked(texts);
        return texts.map(() => Float32Array.of(1));
      },
    };
    const vault = createVault(fs, { maxFileSize: 1024, embeddings });
    const files = ['a-grown.md', 'b-small.md'].map((path) => ({ path, source: path }));
    const read = await readNotes(vault, files, { wholeVault: false, afterSync: false, keepReading: () => true });
    await fs.writeFile('a-grown.md', new TextEncoder().encode(`# Grown\n\n${'large '.repeat(1000)}\n`));
    const readFile = fs.readFile.bind(fs);
    const reads: string[] = [];
    fs.readFile = async (path) => {
      reads.push(path);
      return readFile(path);
    };
    embedNotes(vault, read.notes, read.sources);
    // The pass reached the note after it.
    expect(await embedded).toEqual([expect.stringContaining('small words')]);
    expect(reads).toEqual(['b-small.md']);
  });
});
