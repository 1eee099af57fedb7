import { once } from 'node:events';
import { createWriteStream } from 'node:fs';

/** The text of line `number` of a generated file. */
export const generatedLine = (number: number) => `${number}: The quick brown fox jumps over the lazy dog, and this is line ${number} of the file.`;

/** Writes a text file of about `bytes` bytes, numbered lines; resolves to its line count. */
export async function generateFile(path: string, bytes: number): Promise<number> {
  const stream = createWriteStream(path);
  let written = 0;
  let lines = 0;
  while (written < bytes) {
    let chunk = '';
    while (chunk.length < 1024 * 1024 && written + chunk.length < bytes) {
      lines += 1;
      chunk += `${generatedLine(lines)}\n`;
    }
    written += chunk.length;
    if (!stream.write(chunk)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
  return lines;
}
