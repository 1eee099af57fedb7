/** Code points HFS+ ignores in a name, so `.g\u200cit` opens `.git` there (git's `is_hfs_dotgit`). */
const hfsIgnorable = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * Whether a top-relative path a remote's tree names may be written in the work tree, as git's own
 * checkout judges it (`verify_path`): no empty, `.` or `..` part (nothing outside the work tree), and
 * no part that some file system opens as `.git` (any letter case, HFS+ ignorable code points, NTFS's
 * trailing dots and spaces, `git~1`, an `:` stream). A backslash counts as a separator (Windows).
 */
export function isSafeWorkTreePath(file: string): boolean {
  return file.split(/[/\\]/).every((part) => part !== '' && part !== '.' && part !== '..' && !opensDotGit(part));
}

function opensDotGit(part: string): boolean {
  const name = part
    .replace(hfsIgnorable, '')
    .toLowerCase()
    .replace(/:.*$/s, '')
    .replace(/[. ]+$/, '');
  return name === '.git' || name === 'git~1';
}

/**
 * Whether a name given as bytes is safe (`file`: its text when it is UTF-8): one that is not is judged
 * read both ways, byte by byte and as UTF-8 (which keeps a valid `\u200c` among invalid bytes), and must pass both.
 */
export function isSafeRawPath(file: string | undefined, bytes: Buffer): boolean {
  if (file !== undefined) return isSafeWorkTreePath(file);
  return isSafeWorkTreePath(bytes.toString('latin1')) && isSafeWorkTreePath(bytes.toString('utf8'));
}
