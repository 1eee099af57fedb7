import { describe, expect, it } from 'vitest';
import { isSafeWorkTreePath } from './is-safe-work-tree-path.js';

// The names git's checkout refuses (verify_path with core.protectHFS and core.protectNTFS): each could
// write into `.git` on some file system, or outside the work tree.
const refused = [
  '.git/hooks/pre-commit',
  'notes/.git/config',
  '.GIT/hooks/pre-commit',
  '.Git',
  '.g\u200cit/hooks/post-checkout',
  '.git\ufeff/config',
  '.git./config',
  '.git  /config',
  'GIT~1/config',
  'git~1',
  '.git::$INDEX_ALLOCATION/config',
  '..',
  '../evil.md',
  'notes/../../evil.md',
  './a.md',
  'a//b.md',
  '/etc/passwd',
  'notes/',
  '..\\evil.md',
  'notes\\.git\\config',
];
const kept = ['a.md', '.gitignore', '.github/workflows/ci.yml', 'notes/.gitkeep', '...md', 'git~2', 'my.git/x.md', 'a..b.md', ':(glob)*.md', 'ünïcödé 日本.md'];

describe('a path from a remote tree, judged as git checkout judges it', () => {
  it.each(refused)('refuses %j', (file) => {
    expect(isSafeWorkTreePath(file)).toBe(false);
  });
  it.each(kept)('writes %j', (file) => {
    expect(isSafeWorkTreePath(file)).toBe(true);
  });
});
