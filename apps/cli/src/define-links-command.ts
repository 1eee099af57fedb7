import type { Command } from 'commander';
import { noMatchExitCode } from './exit-codes.js';
import type { RunTool } from './tool-commands.js';
import { wholeNumber } from './whole-number.js';

interface LinksOptions {
  broken?: boolean;
  backlinksOnly?: boolean;
  maxResults?: number;
  offset?: number;
}

/**
 * Gives `vtx links [path]` its options and action: a note's links and backlinks, or with --broken
 * the broken and ambiguous links below a folder (the whole vault by default), exiting with 1 when
 * there are any, so a script can check a vault.
 */
export function defineLinksCommand(command: Command, runTool: RunTool): Command {
  return command
    .option('--broken', 'list the broken and ambiguous links below the folder given (default: the whole vault)')
    .option('--backlinks-only', "list only the links to the note, not the note's own")
    .option('-m, --max-results <n>', 'the most links to print (default: 50)', wholeNumber)
    .option('--offset <n>', 'how many links to skip, to page on (default: 0)', wholeNumber)
    .action(function (this: Command, path: string | undefined, { broken, ...options }: LinksOptions) {
      return runTool(this, 'Links', {
        input: async ({ usage }) => {
          if (!broken && path === undefined)
            usage('Give a note to list its links and backlinks, or --broken to check the links of the vault (or of a folder).');
          return broken ? { directoryPath: path ?? '', ...options } : { filePath: path, ...options };
        },
        settle: (output) =>
          output.mode === 'folder' && output.total > 0
            ? { exitCode: noMatchExitCode, hint: `${output.total} link${output.total === 1 ? '' : 's'} to fix.` }
            : { exitCode: 0 },
      });
    });
}
