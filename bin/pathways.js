#!/usr/bin/env node
// `pathways <command>` (npx pathways, or installed as a package bin): runs the TypeScript CLI
// through tsx in this same process.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/server/cli/index.ts', import.meta.url).href);
