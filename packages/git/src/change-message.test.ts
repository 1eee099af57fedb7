import { describe, expect, it } from 'vitest';
import { identityOf, outsideMessage, toolMessage } from './change-message.js';

describe('commit messages and identities', () => {
  it('a tool change: the subject on one line, then the tool and agent trailers', () => {
    expect(toolMessage('TextEdit: a\nb.md', { tool: 'TextEdit' }, 'bot\r\n1.0')).toBe('TextEdit: a b.md\n\nVault-Tool: TextEdit\nVault-Agent: bot 1.0\n');
  });

  it('an outside change names its first path and how many more', () => {
    expect(outsideMessage(['a.md', 'b.md', 'c.md'])).toBe('Outside change: a.md (+2 more)\n\nVault-Change: outside\n');
  });

  it('an identity from "Name <email>", or a name with an address made from it; nothing can break the header', () => {
    expect(identityOf('Ada L <ada@example.com>')).toEqual({ name: 'Ada L', email: 'ada@example.com' });
    expect(identityOf('claude-ai 0.1.0')).toEqual({ name: 'claude-ai 0.1.0', email: 'claude-ai-0.1.0@vault-text-tools.invalid' });
    expect(identityOf('evil <x>\n<y> name')).toEqual({ name: 'evil x y name', email: 'evil-x-y-name@vault-text-tools.invalid' });
    expect(identityOf('')).toEqual({ name: 'agent', email: 'agent@vault-text-tools.invalid' });
  });
});
