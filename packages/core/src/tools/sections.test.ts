import { describe, expect, it } from 'vitest';
import { createMemoryFs, createVault, fileHash, type VaultFs } from '../index.js';
import { open } from './__fixtures__/open.js';
import { textRead } from './text-read.js';

const note = [
  '---', // 1
  'title: "# Not a heading"',
  '---',
  '# Guide',
  '## Settings', // 5
  'Intro to settings.',
  '### Installed plugins',
  'Turn it on.',
  '```md',
  '## Example heading in a fence', // 10
  '```',
  '### Core plugins',
  'Turn it on.',
  '## Usage',
  '### Installed plugins', // 15
  'Turn it on.',
  '',
].join('\n');

describe('TextRead of a section', () => {
  it('gives the lines under a heading path with their real numbers, subsections included, and the file hash', async () => {
    const { vault } = open({ 'guide.md': note });
    const output = await vault.call('TextRead', { filePath: 'guide.md', heading: 'Settings > Installed plugins' });
    expect(textRead.render(output)).toMatch(
      /^7: ### Installed plugins\n8: Turn it on\.\n9: ```md\n10: ## Example heading in a fence\n11: ```\n\[guide\.md \| totalLines: 16 \| fileHash: [0-9a-f]{16} \| section: # Guide > ## Settings > ### Installed plugins \(lines 7-11\) \| shown: 7-11\]$/,
    );
    expect(textRead.structure(output)).toMatchObject({ section: '# Guide > ## Settings > ### Installed plugins (lines 7-11)' });
    const whole = await vault.call('TextRead', { filePath: 'guide.md' });
    expect(output.fileHash).toBe(whole.fileHash);
    const settings = await vault.call('TextRead', { filePath: 'guide.md', heading: '## settings' });
    expect(settings.lines.map((line) => line.number)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    const last = await vault.call('TextRead', { filePath: 'guide.md', heading: 'Usage  >  installed   PLUGINS' });
    expect(last.lines.map((line) => line.text)).toEqual(['### Installed plugins', 'Turn it on.']);
  });

  it('pages inside the section: offset and limit count real lines, and stop at its end', async () => {
    const { vault } = open({ 'guide.md': note });
    const first = await vault.call('TextRead', { filePath: 'guide.md', heading: 'Settings', limit: 3 });
    expect(first.lines.map((line) => line.number)).toEqual([5, 6, 7]);
    expect(first.nextOffset).toBe(8);
    const rest = await vault.call('TextRead', { filePath: 'guide.md', heading: 'Settings', offset: 8 });
    expect(rest.lines.map((line) => line.number)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(rest.nextOffset).toBeUndefined();
    await expect(vault.call('TextRead', { filePath: 'guide.md', heading: 'Settings', offset: 14 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('lines 5-13'),
    });
  });

  it('says which heading it meant when one appears twice, lists the headings when none matches, and sees none in a fence or front matter', async () => {
    const { vault } = open({ 'guide.md': note, 'plain.md': 'no headings\n```\n# fenced\n```\n' });
    await expect(vault.call('TextRead', { filePath: 'guide.md', heading: 'Installed plugins' })).rejects.toMatchObject({
      code: 'AMBIGUOUS_MATCH',
      message: [
        'guide.md has 2 headings "Installed plugins". Name an outer heading too, as in "Outer > Inner", so that `heading` picks one:',
        'line 7: # Guide > ## Settings > ### Installed plugins',
        'line 15: # Guide > ## Usage > ### Installed plugins',
      ].join('\n'),
      details: { count: 2, lines: [7, 15] },
    });
    for (const hidden of ['Example heading in a fence', 'Not a heading']) {
      await expect(vault.call('TextRead', { filePath: 'guide.md', heading: hidden })).rejects.toMatchObject({
        code: 'NO_MATCH',
        message: expect.stringContaining('line 5: ## Settings\nline 7: ### Installed plugins\nline 12: ### Core plugins\nline 14: ## Usage'),
      });
    }
    await expect(vault.call('TextRead', { filePath: 'plain.md', heading: 'fenced' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message: 'plain.md has no heading (none outside code), so no section "fenced". Read it without `heading`.',
    });
    await expect(vault.call('TextRead', { filePath: 'guide.md', heading: 'Settings >' })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('finds a heading whose own text holds " > ", and a section on a CRLF file', async () => {
    const { vault } = open({ 'odd.md': '# A > B\nx\n# C\r\ny\r\n' });
    expect((await vault.call('TextRead', { filePath: 'odd.md', heading: 'A > B' })).lines.map((line) => line.text)).toEqual(['# A > B', 'x']);
    expect((await vault.call('TextRead', { filePath: 'odd.md', heading: 'C' })).lines.map((line) => line.number)).toEqual([3, 4]);
  });
});

describe('TextEdit scoped to a section', () => {
  it('edits a string that is ambiguous in the file but unique in the section, there and nowhere else', async () => {
    const { fs, vault } = open({ 'guide.md': note });
    const output = await vault.call('TextEdit', {
      filePath: 'guide.md',
      heading: 'Usage > Installed plugins',
      oldString: 'Turn it on.',
      newString: 'Switch it on.',
    });
    expect(output).toMatchObject({ replacements: 1, startLine: 16, endLine: 16 });
    expect(fs.toJSON()['guide.md']).toBe(`${note.slice(0, note.lastIndexOf('Turn it on.'))}Switch it on.\n`);
  });

  it('replaces every occurrence inside the section only, with replaceAll', async () => {
    const { fs, vault } = open({ 'guide.md': note });
    const output = await vault.call('TextEdit', { filePath: 'guide.md', heading: 'Settings', oldString: 'Turn it on.', newString: 'On.', replaceAll: true });
    expect(output.replacements).toBe(2);
    expect((fs.toJSON()['guide.md'] as string).split('\n').filter((line) => line.startsWith('Turn') || line === 'On.')).toEqual(['On.', 'On.', 'Turn it on.']);
  });

  it('refuses an edit ambiguous inside the section, and says where the string is when it is only outside it; nothing written', async () => {
    const { fs, vault } = open({ 'guide.md': note });
    await expect(vault.call('TextEdit', { filePath: 'guide.md', heading: 'Settings', oldString: 'Turn it on.', newString: 'x' })).rejects.toMatchObject({
      code: 'AMBIGUOUS_MATCH',
      message: expect.stringMatching(/^`oldString` occurs 2 times in guide\.md \(in its section # Guide > ## Settings\), at lines 8, 13\./),
    });
    await expect(
      vault.call('TextEdit', { filePath: 'guide.md', heading: 'Core plugins', oldString: 'Intro to settings.', newString: 'x' }),
    ).rejects.toMatchObject({
      code: 'NO_MATCH',
      message:
        '`oldString` is not in the section # Guide > ## Settings > ### Core plugins of guide.md (lines 12-13), but occurs once outside it, at line 6. Name the section that holds it as `heading`, or leave `heading` out.',
      details: { lines: [6] },
    });
    await expect(vault.call('TextEdit', { filePath: 'guide.md', heading: 'Nope', oldString: 'Turn', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
    });
    expect(fs.toJSON()['guide.md']).toBe(note);
  });

  it('says when the string is nowhere in the file, and counts every occurrence outside the section, overlapping ones too', async () => {
    const { fs, vault } = open({ 'guide.md': note, 'aa.md': '# A\nb\n# B\naaa\n', 'many.md': `# A\nb\n# B\n${'x\n'.repeat(25)}` });
    await expect(vault.call('TextEdit', { filePath: 'guide.md', heading: 'Core plugins', oldString: 'Not anywhere', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
      message:
        '`oldString` was not found in guide.md, in its section # Guide > ## Settings > ### Core plugins or anywhere else. Copy the exact current text from TextRead (with the same `heading`) and retry.',
      details: { lines: [] },
    });
    await expect(vault.call('TextEdit', { filePath: 'aa.md', heading: 'A', oldString: 'aa', newString: 'x' })).rejects.toMatchObject({
      message:
        '`oldString` is not in the section # A of aa.md (lines 1-2), but occurs 2 times outside it, at line 4, 4. Name the section that holds it as `heading`, or leave `heading` out.',
      details: { lines: [4, 4] },
    });
    const twenty = Array.from({ length: 20 }, (_, index) => index + 4);
    await expect(vault.call('TextEdit', { filePath: 'many.md', heading: 'A', oldString: 'x', newString: 'y' })).rejects.toMatchObject({
      message: `\`oldString\` is not in the section # A of many.md (lines 1-2), but occurs 25 times outside it, at line ${twenty.join(', ')}, .... Name the section that holds it as \`heading\`, or leave \`heading\` out.`,
      details: { lines: twenty },
    });
    expect(fs.toJSON()['aa.md']).toBe('# A\nb\n# B\naaa\n');
  });

  it('does not let an occurrence that runs past the section count, and keeps CRLF line endings', async () => {
    const { fs, vault } = open({ 'crlf.md': '# A\r\nend\r\n# B\r\nend\r\n' });
    await expect(vault.call('TextEdit', { filePath: 'crlf.md', heading: 'A', oldString: 'end\n# B', newString: 'x' })).rejects.toMatchObject({
      code: 'NO_MATCH',
    });
    await vault.call('TextEdit', { filePath: 'crlf.md', heading: 'B', oldString: 'end\n', newString: 'fin\nal\n' });
    expect(fs.toJSON()['crlf.md']).toBe('# A\r\nend\r\n# B\r\nfin\r\nal\r\n');
  });
});

describe('TextRead of a section while the file changes', () => {
  it('gives the section and its lines from one read, though lines are put above it right after that read', async () => {
    const inner = createMemoryFs({ 'guide.md': note });
    let reads = 0;
    const fs: VaultFs = {
      ...inner,
      async readFile(path) {
        const bytes = await inner.readFile(path);
        reads += 1;
        // Another program puts two lines at the top as soon as the file was read.
        await inner.writeFile(path, new TextEncoder().encode(`new line\nnew line\n${new TextDecoder().decode(bytes)}`));
        return bytes;
      },
    };
    const output = await createVault(fs).call('TextRead', { filePath: 'guide.md', heading: 'Usage' });
    expect(reads).toBe(1);
    expect(output.lines.map((line) => line.text)).toEqual(['## Usage', '### Installed plugins', 'Turn it on.']);
    expect(output.fileHash).toBe(await fileHash(new TextEncoder().encode(note), inner));
  });
});
