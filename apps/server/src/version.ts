import { readFileSync } from 'node:fs';

/** The product version: the root package's, so the API, the CLI and the web app agree. */
export const VERSION: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version;
