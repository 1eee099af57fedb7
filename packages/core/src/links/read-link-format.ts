import type { Vault } from '../vault/vault.js';
import type { LinkFormat } from './write-link-path.js';

/** Obsidian's settings file; its `newLinkFormat` says how new links name their target. */
export const obsidianSettingsPath = '.obsidian/app.json';
const maxSettingsSize = 1 << 20;

/** The vault's `newLinkFormat` from `.obsidian/app.json`; `shortest` (Obsidian's default) when the file is missing, too large or unreadable. */
export async function readLinkFormat(vault: Vault): Promise<LinkFormat> {
  try {
    const stat = await vault.fs.stat(obsidianSettingsPath);
    if (stat?.kind !== 'file' || stat.target !== undefined || stat.size > maxSettingsSize) return 'shortest';
    const settings: unknown = JSON.parse(new TextDecoder().decode(await vault.fs.readFile(obsidianSettingsPath)));
    const format = (settings as { newLinkFormat?: unknown } | null)?.newLinkFormat;
    return format === 'relative' || format === 'absolute' ? format : 'shortest';
  } catch {
    return 'shortest';
  }
}
