import { describe, expect, it } from 'vitest';
import { createMemoryFs, createVault } from '../index.js';
import { analyzeNote } from './analyze-note.js';
import { bestLines, sectionBestLines } from './note-lines.js';
import { readShownText } from './read-notes.js';
import { createTermDictionary } from './term-dictionary.js';

const ascii = ['---', 'title: Plan', '---', '# Plan', 'intro line', '', '## Setup', 'install the index', 'then plan', '', '## Use', 'query the index'].join(
  '\n',
);

async function shown(analysed: string, now: string, section: number) {
  const vault = createVault(createMemoryFs({ 'note.md': now }));
  const note = analyzeNote('note.md', analysed, createTermDictionary());
  const text = await readShownText(vault, 'note.md', { note, section });
  return { note, text };
}

describe('readShownText: a shown note, its section decoded alone when that is exact', () => {
  it('decodes only the section of an ASCII note as analysed, and its best lines are those of the whole text', async () => {
    for (let section = 0; section < 3; section += 1) {
      const { note, text } = await shown(ascii, ascii, section);
      expect(text?.section).toBe(true);
      const at = note.sections[section]!;
      expect(text?.text).toBe(ascii.slice(at.offset, note.sections[section + 1]?.offset ?? ascii.length));
      expect(sectionBestLines(text!.text, at, ['index', 'plan'])).toEqual(bestLines(ascii, at, ['index', 'plan']));
    }
  });

  it('decodes the whole note when it is not ASCII, or its length changed, or its section no longer starts a line', async () => {
    const accented = ascii.replace('intro', 'intró');
    expect((await shown(accented, accented, 1)).text).toEqual({ text: accented, section: false });
    const longer = `${ascii}\nmore`;
    expect((await shown(ascii, longer, 1)).text).toEqual({ text: longer, section: false });
    const shifted = `x${ascii.slice(0, -1)}`;
    expect((await shown(ascii, shifted, 1)).text).toEqual({ text: shifted, section: false });
  });

  it('refuses a note that is no longer text, as the whole read does, even where the section alone would decode', async () => {
    const binary = `${ascii.slice(0, -1)}\0`;
    expect((await shown(ascii, binary, 1)).text).toBeUndefined();
  });
});
