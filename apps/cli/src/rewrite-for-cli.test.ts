import type { ToolName } from '@vault/core';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { rewriteForCli } from './rewrite-for-cli.js';
import { addToolCommands } from './tool-commands.js';

// The real commands: the table of flags is their options.
const program = new Command();
addToolCommands(program, async () => {});
const rewrite = (tool: ToolName, text: string) => rewriteForCli(text, program.commands, tool);

describe('rewriteForCli', () => {
  it.each<[ToolName, string, string]>([
    ['TextRead', 'more: call again with `offset: 501`', 'more: call again with --offset 501'],
    ['TextRead', 'Use an `offset` from 1 to 3, and a `limit`.', 'Use an --offset from 1 to 3, and a --limit.'],
    ['TextCreate', 'Pass `overwrite: true` to replace it.', 'Pass --overwrite to replace it.'],
    ['TextCreate', 'Call again with `createDirectories: false`.', 'Call again with --no-create-directories.'],
    ['TextCreate', 'Create it by calling again with `createDirectories: true`.', 'Create it by calling again without --no-create-directories.'],
    ['TextEdit', 'Add text to `oldString`, or set `replaceAll: true`.', 'Add text to --old, or set --replace-all.'],
    ['TextEdit', 'Leave `replaceAll: false`, or pass `expectedHash`.', 'Leave without --replace-all, or pass --expected-hash.'],
    ['TextSearch', 'raise `maxResults`, or `contextLines: 2`', 'raise --max-results, or --context 2'],
    ['TextSearch', '`caseSensitive: false` ignores case; `caseSensitive: true` keeps it', '--ignore-case ignores case; --case-sensitive keeps it'],
    ['TextSearch', 'Fix it, or set `regex: false`; `regex: true` reads it as a regex.', 'Fix it, or set --fixed-strings; --regex reads it as a regex.'],
    ['TextSearch', 'Pass a `filePattern` (or `directoryPath`), or `filePath`.', 'Pass a --glob (or --dir), or --file.'],
    ['TextSearch', 'Use `outputMode: "files_only"`.', 'Use --files-only.'],
    [
      'ListFiles',
      "raise `maxResults`, or find files by name with TextSearch's `filePattern`",
      'raise --max-results, or find files by name with vtx search --glob',
    ],
    ['ListDirectories', 'list a subfolder, or raise `maxDepth`', 'list a subfolder, or raise --max-depth'],
    [
      'TextSearch',
      '1: abc … [line cut: 9000 characters; TextRead `offset: 1`, `limit: 1`, `column: 2001` reads on]',
      '1: abc … [line cut: 9000 characters; vtx read --offset 1 --limit 1 --column 2001 reads on]',
    ],
    [
      'FindNotes',
      'PARTIAL: 3 notes not read within the time budget; narrow it with `directoryPath` or `filePattern`',
      'PARTIAL: 3 notes not read within the time budget; narrow it with --dir or --glob',
    ],
    [
      'FindNotes',
      "PARTIAL: 3 notes not read: either the index is still being built (ask again in a few seconds), or past FindNotes' memory bound",
      "PARTIAL: 3 notes not read: either the index is still being built (raise --timeout: vtx reads every note at each run), or past FindNotes' memory bound",
    ],
    [
      'FindNotes',
      'Invalid input: ✖ Too small: expected number to be >=1\n  → at maxResults. Fix it.',
      'Invalid input: ✖ Too small: expected number to be >=1\n  → at --max-results. Fix it.',
    ],
    ['Undo', '✖ a change id is 7 to 64 hex characters\n  → at change. Fix it.', '✖ a change id is 7 to 64 hex characters\n  → at change. Fix it.'],
    ['TextEdit', 'Read it with TextRead, or call again with `overwrite: true`.', 'Read it with vtx read, or call again with `overwrite: true`.'],
  ])('%s: %s', (tool, text, expected) => {
    expect(rewrite(tool, text)).toBe(expected);
  });

  it('leaves a parameter that no option sets, or a value the flags cannot give, as core wrote it', () => {
    expect(rewrite('TextRead', 'Pass `filePath`, not `path: x`.')).toBe('Pass `filePath`, not `path: x`.');
    expect(rewrite('TextSearch', 'Use `outputMode: "content"` or `outputMode`.')).toBe('Use `outputMode: "content"` or `outputMode`.');
    expect(rewrite('ListFiles', "TextSearch's `query` finds lines")).toBe("vtx search's `query` finds lines");
    expect(rewrite('TextSearch', 'TextRead `column: 1`, `query: 2` reads on')).toBe('vtx read `column: 1`, `query: 2` reads on');
  });

  it('names each tool by its command, but not inside a path', () => {
    expect(rewrite('TextRead', 'notes/x.md does not exist. Check the path with ListFiles or TextSearch.')).toBe(
      'notes/x.md does not exist. Check the path with vtx ls or vtx search.',
    );
    expect(rewrite('Move', 'b.md already exists, and Move never replaces anything; RemoveFile it, or TextCreate, TextEdit, TextRead or ListDirectories.')).toBe(
      'b.md already exists, and vtx mv never replaces anything; vtx rm it, or vtx create, vtx edit, vtx read or vtx tree.',
    );
    expect(rewrite('TextRead', 'notes/TextRead.md and TextEdit.md and my-Move.md and TextSearch/x.md')).toBe(
      'notes/TextRead.md and TextEdit.md and my-Move.md and TextSearch/x.md',
    );
  });
});
