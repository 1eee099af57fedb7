// `pnpm mcpb`: packs the MCP Bundle dist-mcpb/vault-text-mcp-<version>.mcpb, for Claude Desktop's
// double-click install: the bundled server (dist/, no node_modules needed) under server/, LICENSE,
// and mcpb/manifest.json with this package's version; @anthropic-ai/mcpb validates and packs it.
// Prints the bundle's path. Run it after the build (turbo's `mcpb` task builds first).
import { execFileSync } from 'node:child_process';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const app = fileURLToPath(new URL('..', import.meta.url));
const mcpb = path.join(app, 'node_modules/@anthropic-ai/mcpb/dist/cli/cli.js');
const { version } = JSON.parse(await readFile(path.join(app, 'package.json'), 'utf8'));
const manifest = { ...JSON.parse(await readFile(path.join(app, 'mcpb/manifest.json'), 'utf8')), version };

const stage = await mkdtemp(path.join(tmpdir(), 'vault-mcpb-'));
try {
  await cp(path.join(app, 'dist'), path.join(stage, 'server'), { recursive: true });
  await copyFile(path.join(app, 'LICENSE'), path.join(stage, 'LICENSE'));
  await writeFile(path.join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  execFileSync(process.execPath, [mcpb, 'validate', path.join(stage, 'manifest.json')], { stdio: ['ignore', 'ignore', 'inherit'] });
  const bundle = path.join(app, 'dist-mcpb', `vault-text-mcp-${version}.mcpb`);
  await mkdir(path.dirname(bundle), { recursive: true });
  execFileSync(process.execPath, [mcpb, 'pack', stage, bundle], { stdio: ['ignore', 'ignore', 'inherit'] });
  process.stdout.write(`${bundle}\n`);
} finally {
  await rm(stage, { recursive: true, force: true });
}
