#!/usr/bin/env node
// Runs the TypeScript sources, like the server's CLI: no build step to remember. Each start through
// tsx's loader cost ~0.35 s and ~35 MB (a loader thread and an esbuild service answering hundreds
// of module requests), so the sources are bundled once with esbuild into node_modules/.cache and
// that bundle runs while no source file changes (the key is every source's size and mtime).
// Should the bundle not build or be written, tsx's loader runs the sources as before.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const PACKAGE = path.resolve(import.meta.dirname, '..');
const SOURCES = path.join(PACKAGE, 'src');
const CACHE = path.join(PACKAGE, 'node_modules/.cache/sitelens-check');

/** A key that changes with any source, the dependencies' versions or Node's. */
function sourcesKey() {
  const hash = createHash('sha256')
    .update(process.version)
    .update(readFileSync(path.join(PACKAGE, 'package.json')));
  const files = readdirSync(SOURCES, { recursive: true })
    .filter((file) => file.endsWith('.ts'))
    .sort();
  for (const file of files) {
    const { size, mtimeMs } = statSync(path.join(SOURCES, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex').slice(0, 16);
}

async function bundledCli() {
  const bundle = path.join(CACHE, `cli-${sourcesKey()}.mjs`);
  try {
    statSync(bundle);
  } catch {
    const { build } = await import('esbuild');
    mkdirSync(CACHE, { recursive: true });
    const partial = `${bundle}.${process.pid}.tmp`;
    await build({
      entryPoints: [path.join(SOURCES, 'cli.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Dependencies load from node_modules as usual; only our sources are bundled.
      packages: 'external',
      outfile: partial,
      logLevel: 'silent',
    });
    // Written whole or not at all, so a concurrent start never imports half a bundle.
    renameSync(partial, bundle);
    for (const old of readdirSync(CACHE))
      if (old !== path.basename(bundle) && old.startsWith('cli-'))
        rmSync(path.join(CACHE, old), { force: true });
  }
  return import(pathToFileURL(bundle).href);
}

async function sourceCli() {
  const { register } = await import('tsx/esm/api');
  register();
  return import('../src/cli.ts');
}

const { main } = await bundledCli().catch(sourceCli);
process.exitCode = await main(process.argv.slice(2), {
  out: process.stdout,
  err: process.stderr,
  env: process.env,
});
