import { describe, expect, it } from 'vitest';
import { createChangeLog } from './create-change-log.js';

describe('createChangeLog: what changed since a cursor', () => {
  it('gives everything at first, then each path changed since, once', () => {
    const log = createChangeLog();
    const first = log.since(0);
    expect(first).toEqual({ cursor: 1, everything: true });
    log.add('a.md');
    log.add('b/c.md');
    log.add('a.md');
    expect(log.since(first.cursor)).toEqual({ cursor: 4, paths: ['a.md', 'b/c.md'] });
    expect(log.since(4)).toEqual({ cursor: 4, paths: [] });
    log.add('d.md');
    expect(log.since(3)).toEqual({ cursor: 5, paths: ['a.md', 'd.md'] });
  });

  it('gives everything to a cursor from before a loss, and to one it never gave', () => {
    const log = createChangeLog();
    log.add('a.md');
    const before = log.cursor;
    log.lose();
    log.add('b.md');
    expect(log.since(before)).toEqual({ cursor: log.cursor, everything: true });
    expect(log.since(log.cursor - 1)).toEqual({ cursor: log.cursor, paths: ['b.md'] });
    expect(log.since(log.cursor + 1)).toEqual({ cursor: log.cursor, everything: true });
  });

  it('keeps at most its bound: a reader left behind gets everything', () => {
    const log = createChangeLog(4);
    const start = log.cursor;
    for (const name of ['a', 'b', 'c', 'd', 'e']) log.add(name);
    expect(log.since(start)).toEqual({ cursor: start + 5, everything: true });
    expect(log.since(start + 4)).toEqual({ cursor: start + 5, paths: ['e'] });
  });
});
