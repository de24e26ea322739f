#!/usr/bin/env node
// The CLI runs the TypeScript sources through tsx's loader, so there is no server build step to forget.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
