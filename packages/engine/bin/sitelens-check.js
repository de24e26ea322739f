#!/usr/bin/env node
// Runs the TypeScript sources through tsx's loader, like the server's CLI: no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2), {
  out: process.stdout,
  err: process.stderr,
  env: process.env,
});
