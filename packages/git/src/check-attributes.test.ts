import { describe, expect, it } from 'vitest';
import { convertingAttribute } from './check-attributes.js';

const extensions = ['.md', '.txt'];

describe('convertingAttribute', () => {
  it('finds what converts the vault files: text, eol, filter, ident, working-tree-encoding', () => {
    expect(convertingAttribute('* text=auto', extensions)).toBe('text=auto');
    expect(convertingAttribute('*.md eol=crlf', extensions)).toBe('eol=crlf');
    expect(convertingAttribute('notes/** filter=lfs diff=lfs', extensions)).toBe('filter=lfs');
    expect(convertingAttribute('*.txt ident', extensions)).toBe('ident');
    expect(convertingAttribute('*.MD working-tree-encoding=UTF-16', extensions)).toBe('working-tree-encoding=UTF-16');
  });

  it('leaves comments, unset attributes, other attributes and patterns of other files alone', () => {
    expect(convertingAttribute('# * text=auto', extensions)).toBeUndefined();
    expect(convertingAttribute('*.md -text', extensions)).toBeUndefined();
    expect(convertingAttribute('*.md diff=markdown linguist-documentation', extensions)).toBeUndefined();
    expect(convertingAttribute('*.png filter=lfs diff=lfs merge=lfs -text', extensions)).toBeUndefined();
    expect(convertingAttribute('   ', extensions)).toBeUndefined();
  });
});
