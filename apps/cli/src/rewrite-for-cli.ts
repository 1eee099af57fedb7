import type { ToolName } from '@vault/core';
import type { Command, Option } from 'commander';
import { toolCommands } from './tool-commands.js';

// Not in a path, nor in a plural's possessive (`FindNotes' memory bound`: the tool's, not the command's).
const toolName = `(?<![\\w/.-])(${Object.keys(toolCommands).join('|')})(?![\\w/-]|\\.\\w|'(?!s\\b))`;
/** A parameter as core names it: `maxResults`, or with a value, `offset: 501`. */
const parameter = '`(\\w+)(?:: ([^`\\n]+))?`';
/** Parameters one after the other, as core gives a call: `offset: 12`, `limit: 1`, `column: 2001`. */
const parameterList = '`\\w+(?:: [^`\\n]+)?`(?:, `\\w+(?:: [^`\\n]+)?`)*';

/**
 * Core's words in the command line's: a backticked parameter becomes the flag of the option that
 * sets it (`offset: 501` -> --offset 501, `maxResults` -> --max-results, `overwrite: true` ->
 * --overwrite, `createDirectories: false` -> --no-create-directories, `createDirectories: true` -> without
 * --no-create-directories), in the command of the tool that says it, or of the tool named before
 * it (TextSearch's `filePattern` -> vtx search --glob; TextRead `offset: 12`, `limit: 1` -> vtx
 * read --offset 12 --limit 1); and a tool's name becomes its command (TextRead -> vtx read). A
 * parameter no option sets is left as core wrote it. The parameter an invalid input names is taken
 * too (`→ at maxResults` -> `→ at --max-results`). A tool's name is only taken as one outside a
 * path (notes/TextRead.md stays).
 */
export function rewriteForCli(text: string, commands: readonly Command[], tool: ToolName): string {
  const optionsOf = (name: ToolName) => commands.find((command) => command.name() === toolCommands[name])?.options ?? [];
  return (
    text
      .replace(new RegExp(`${toolName}(?:'s)? (${parameterList})`, 'g'), (whole, named: ToolName, list: string) => {
        const flags = [...list.matchAll(new RegExp(parameter, 'g'))].map(([, name, value]) => flagFor(optionsOf(named), name!, value));
        return flags.every((flag) => flag !== undefined) ? `vtx ${toolCommands[named]} ${flags.join(' ')}` : whole;
      })
      .replace(new RegExp(`(\\bwith )?${parameter}`, 'g'), (whole, before = '', name: string, value?: string) => {
        const flag = flagFor(optionsOf(tool), name, value);
        if (flag === undefined) return whole;
        // "with `createDirectories: true`" reads "without --no-create-directories", not "with without".
        return flag.startsWith('without ') && before ? flag : `${before}${flag}`;
      })
      // A command that reads the vault anew at each run (its index gone with it) asks for more time, not again: `--timeout`.
      .replace(/ask again in a few seconds/g, (whole) =>
        optionsOf(tool).some((option) => option.long === '--timeout') ? 'raise --timeout: vtx reads every note at each run' : whole,
      )
      // Where an invalid input names its parameter: `→ at maxResults` -> `→ at --max-results`.
      .replace(/(→ at )(\w+)/g, (whole, at: string, name: string) => {
        const flag = flagFor(optionsOf(tool), name, undefined);
        return flag === undefined ? whole : `${at}${flag}`;
      })
      .replace(new RegExp(toolName, 'g'), (name) => `vtx ${toolCommands[name as ToolName]}`)
  );
}

/** The flag that sets `name` (to `written`, when given), or undefined when no option does. */
function flagFor(options: readonly Option[], name: string, written: string | undefined): string | undefined {
  const setting = options.filter((option) => option.attributeName() === name);
  const withValue = setting.find((option) => option.required || option.optional);
  if (written === undefined) return flagOf(withValue ?? setting.find((option) => flagValue(option) === true));
  if (withValue) return `${flagOf(withValue)} ${written}`;
  const value = parseValue(written);
  const exact = setting.find((option) => flagValue(option) === value);
  if (exact) return flagOf(exact);
  const opposite = typeof value === 'boolean' ? setting.find((option) => flagValue(option) === !value) : undefined;
  return opposite && `without ${flagOf(opposite)}`;
}

/** What a flag without a value sets its parameter to. */
const flagValue = (option: Option): unknown => option.presetArg ?? !option.negate;

const flagOf = (option: Option | undefined) => option && (option.long ?? option.short);

/** A value as core writes it: JSON (`true`, `501`, `"files_only"`), else the text itself. */
function parseValue(written: string): unknown {
  try {
    return JSON.parse(written);
  } catch {
    return written;
  }
}
