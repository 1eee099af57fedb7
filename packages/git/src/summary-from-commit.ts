import type { ChangeSummary } from '@vault/core';
import { maxSummaryFiles } from './parse-log.js';

/** A trailer line: a key of letters, digits and dashes, a colon, its value. */
const trailerLine = /^([A-Za-z0-9-]+):[ \t]*(.*)$/;

/**
 * A change's summary read from its commit object as `git log` with `logFormat` gives it (`parseLog`),
 * with the vault paths it touched; `undefined` for a commit git would read with rules not repeated
 * here (a merge, an `encoding`, a subject of several lines or after blank lines, a last paragraph only
 * partly trailers, an odd author): `git log` says those.
 */
export function summaryFromCommit(id: string, bytes: Buffer, files: readonly string[]): ChangeSummary | undefined {
  const text = bytes.toString('utf8');
  const split = text.indexOf('\n\n');
  const header = split < 0 ? text : text.slice(0, split);
  const message = split < 0 ? '' : text.slice(split + 2);
  if (/^encoding /m.test(header) || header.split('\n').filter((line) => line.startsWith('parent ')).length > 1) return undefined;
  const author = /^author ([^<>\n]*) <[^<>\n]*> (\d+) ([+-])(\d\d)(\d\d)$/m.exec(header);
  if (!author || /^\s/.test(message)) return undefined;
  const paragraphs = message.replace(/\n+$/, '').split(/\n\n+/);
  const [subject = ''] = paragraphs;
  if (subject.includes('\n') || /^\s|\s$/.test(subject)) return undefined;
  const tool = paragraphs.length > 1 ? toolOf(paragraphs.at(-1)!) : '';
  if (tool === undefined) return undefined;
  const [, name = '', seconds = '', sign = '+', hours = '', minutes = ''] = author;
  return {
    id,
    time: isoTime(Number(seconds), sign, hours, minutes),
    author: name,
    ...(tool === '' ? {} : { tool }),
    subject,
    files: files.slice(0, maxSummaryFiles),
    filesTotal: files.length,
  };
}

/** The `Vault-Tool` trailers' values joined by commas (`''`: none), or `undefined` when the paragraph is only partly trailers. */
function toolOf(paragraph: string): string | undefined {
  const texts = paragraph.split('\n');
  const lines = texts.map((line) => trailerLine.exec(line));
  if (lines.every((line) => line === null) && !texts.some((line) => line.includes(':'))) return '';
  if (lines.some((line) => line === null)) return undefined;
  return lines
    .filter((line) => line![1]!.toLowerCase() === 'vault-tool')
    .map((line) => line![2]!.trim())
    .join(',');
}

/** A time as git's `%aI` gives it: the author's own offset, `YYYY-MM-DDTHH:MM:SS+HH:MM`. */
function isoTime(seconds: number, sign: string, hours: string, minutes: string): string {
  const offset = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60;
  return `${new Date((seconds + offset) * 1000).toISOString().slice(0, 19)}${sign}${hours}:${minutes}`;
}
