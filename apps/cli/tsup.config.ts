import { defineConfig } from 'tsup';
import { nodeBin } from '../../tsup.node-bin.js';

export default defineConfig(nodeBin('src/vtx.ts'));
