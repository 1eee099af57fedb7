// CommonJS at run time: require() of the ESM packages (Node 20.19 and later).
const { createMemoryFs, createVault } = require('@vault/core');
const { createNodeFs } = require('@vault/node');
const { createVaultMcpServer } = require('@vault/mcp');
const { createVaultTools } = require('@vault/ai-sdk');
const { withGitHistory } = require('@vault/git');

const vault = createVault(createMemoryFs({ 'a.md': 'a\n' }));
vault.call('TextRead', { filePath: 'a.md' }).then((read) => {
  console.log(read.totalLines, typeof createNodeFs, typeof createVaultMcpServer, typeof withGitHistory, Object.keys(createVaultTools(vault)).length);
});
