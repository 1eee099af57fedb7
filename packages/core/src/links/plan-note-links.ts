import type { LinkResolver } from './create-link-resolver.js';
import { createLineCounter } from './create-line-counter.js';
import { editsBreakingAlone, editsNotReadBack, type LinkEdit } from './edits-not-read-back.js';
import { linkOffsets } from './link-pattern.js';
import { parseLinks } from './parse-links.js';
import { type LinkFormat, writeLinkPath } from './write-link-path.js';

/** What a move changes, as link rewriting sees it. */
export interface MovePlanContext {
  /** Every moved file: its path before -> its path after. */
  moved: ReadonlyMap<string, string>;
  /** The vault's files before the move, and after it. */
  before: LinkResolver;
  after: LinkResolver;
  format: LinkFormat;
  /**
   * Which links of a note that did not move may concern the move, so that the others are neither
   * parsed nor resolved: those in a paragraph where `pattern` (global, from `linkPattern`) matches,
   * whose path holds one of `names` (lower-case). Default: every link may.
   */
  concerns?: { pattern: RegExp; names: readonly string[] };
}

/** A link rewritten: the note (its path after the move), the 1-based line, and the whole link before and after. */
export interface LinkChange {
  file: string;
  line: number;
  before: string;
  after: string;
}

/** A link left as it is although it may concern what moved: several files it could mean, or no way to write it. */
export interface LinkIssue {
  file: string;
  line: number;
  link: string;
  reason: string;
}

export interface NoteLinkPlan {
  /** The note's new text: its old text with the rewritten link paths replaced, every other character kept. */
  text: string;
  changes: LinkChange[];
  issues: LinkIssue[];
}

/**
 * The links of one note (at `path` before the move) to rewrite so that each still leads where it
 * led: a link is rewritten only when it led to one file before and would not lead to that file
 * (moved or not) from where the note is after. A link that could mean several files, a moved one
 * among them, is reported, not judged. Every rewrite is read back with the same parser from the
 * new text (`editsNotReadBack`); one that would not lead to its target, or would change another link or
 * break the front matter's YAML, is reported and left as it is.
 */
export function planNoteLinks(path: string, text: string, context: MovePlanContext): NoteLinkPlan {
  const source = context.moved.get(path) ?? path;
  const planned = rewriteLinks(path, text, context, new Set());
  const whole = editsNotReadBack(text, planned.edits, context.after, source);
  if (whole?.size === 0) return withoutEdits(planned);
  const refused = whole ?? editsBreakingAlone(text, planned.edits, context.after, source);
  const again = rewriteLinks(path, text, context, refused);
  if (editsNotReadBack(text, again.edits, context.after, source)?.size === 0) return withoutEdits(again);
  return withoutEdits(rewriteLinks(path, text, context, new Set(again.edits.map((edit) => edit.link.pathStart).concat([...refused]))));
}

function withoutEdits({ text, changes, issues }: NoteLinkPlan): NoteLinkPlan {
  return { text, changes, issues };
}

function rewriteLinks(path: string, text: string, context: MovePlanContext, refused: ReadonlySet<number>): NoteLinkPlan & { edits: LinkEdit[] } {
  const source = context.moved.get(path) ?? path;
  const lines = createLineCounter(text);
  const changes: LinkChange[] = [];
  const issues: LinkIssue[] = [];
  const edits: LinkEdit[] = [];
  const pieces: string[] = [];
  let copied = 0;
  const concerns = context.moved.has(path) ? undefined : context.concerns;
  const links = concerns ? parseLinks(text, linkOffsets(text, concerns.pattern)) : parseLinks(text);
  for (const link of links) {
    if (concerns && !concerns.names.some((name) => link.path.toLowerCase().includes(name))) continue;
    const before = context.before.resolve(link, path);
    // A path inside another link's path (`[x]([[y]])`) is left to the outer one.
    if (before.kind === 'none' || link.pathStart < copied) continue;
    const whole = detached(text.slice(link.linkStart, link.linkEnd));
    if (before.kind === 'ambiguous') {
      if (context.moved.has(path) || before.candidates.some((candidate) => context.moved.has(candidate))) {
        issues.push({
          file: source,
          line: lines(link.pathStart),
          link: whole,
          reason: `could mean ${before.candidates.length} files: ${before.candidates.slice(0, 3).join(', ')}${before.candidates.length > 3 ? ', ...' : ''}`,
        });
      }
      continue;
    }
    const target = context.moved.get(before.path) ?? before.path;
    const after = context.after.resolve(link, source);
    if (after.kind === 'file' && after.path === target) continue;
    const written = refused.has(link.pathStart) ? undefined : writeLinkPath(link, text, target, source, context.after, context.format);
    if (written === undefined) {
      const reason = refused.has(link.pathStart)
        ? `written to lead to ${target}, it would not read back as that link here`
        : `no link of this kind can name ${target}`;
      issues.push({ file: source, line: lines(link.pathStart), link: whole, reason });
      continue;
    }
    pieces.push(text.slice(copied, link.pathStart), written);
    copied = link.pathEnd;
    edits.push({ link, written, target });
    const changed = whole.slice(0, link.pathStart - link.linkStart) + written + whole.slice(link.pathEnd - link.linkStart);
    changes.push({ file: source, line: lines(link.pathStart), before: whole, after: detached(changed) });
  }
  pieces.push(text.slice(copied));
  return { text: changes.length === 0 ? text : pieces.join(''), changes, issues, edits };
}

/**
 * A copy of `text` that keeps no larger string alive: V8 keeps the whole of a string a slice of 13
 * characters or more was cut from, and a Move keeps the changes and issues after it let a note's
 * text go. Joined to another string and cut again, it is copied flat.
 */
export function detached(text: string): string {
  return ` ${text}`.slice(1);
}
