import { expect, it } from 'vitest';
import { readEveryFile } from './read-every-file.js';

it('splits what read_multiple_files gives into each file text, front matter and missing final newline included', async () => {
  const answers: Record<string, string> = {
    search_files: '/v/a.md\n/v/b.md',
    read_multiple_files: '/v/a.md:\n---\ntitle: a\n---\nbody\n\n\n---\n/v/b.md:\nB\n',
  };
  const structured = async (tool: string) => JSON.stringify({ content: answers[tool] });
  const texts = await readEveryFile({ call: structured, folder: '/v' }, '/v');
  expect(texts).toEqual(
    new Map([
      ['/v/a.md', '---\ntitle: a\n---\nbody\n'],
      ['/v/b.md', 'B'],
    ]),
  );
});
