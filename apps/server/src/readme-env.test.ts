import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from './config';

// The README's configuration tables against what the code reads, both ways.
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Variables every process inherits and passes on; not settings of the product. */
const SYSTEM = new Set(['PATH', 'TMPDIR', 'HOME']);

function filesUnder(relative: string): string[] {
  const full = path.join(ROOT, relative);
  if (!statSync(full, { throwIfNoEntry: false })) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full).flatMap((entry) =>
    entry === 'node_modules' || entry === 'dist' ? [] : filesUnder(path.join(relative, entry)),
  );
}

const isTestCode = (file: string) =>
  /\.(test|e2e)\.[cm]?[jt]sx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);

/** `process.env.X`, `process.env['X']` and `const { X } = process.env` reads (assignments excluded). */
function envReads(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(
    /process\.env(?:\.([A-Z][A-Z0-9_]*)\b|\[\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\])(?!\s*=[^=])/g,
  ))
    names.add((match[1] ?? match[2])!);
  for (const match of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g))
    for (const part of match[1]!.split(',')) {
      const name = part.trim().split(/[\s:=]/)[0]!;
      if (/^[A-Z][A-Z0-9_]*$/.test(name)) names.add(name);
    }
  return [...names];
}

function readsIn(roots: string[], keep: (file: string) => boolean): Set<string> {
  const names = new Set<string>();
  const self = path.relative(ROOT, import.meta.filename);
  const files = roots.flatMap(filesUnder).filter((f) => f !== self && /\.[cm]?[jt]sx?$/.test(f) && keep(f));
  for (const file of files)
    for (const name of envReads(readFileSync(path.join(ROOT, file), 'utf8')))
      if (!SYSTEM.has(name)) names.add(name);
  return names;
}

/** The backticked names in the first cell of each row of the README table under `heading`. */
function readmeTable(readme: string, heading: string): Set<string> {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.startsWith('| ') && line.slice(2).trim().startsWith(heading));
  if (start < 0) throw new Error(`No README table headed '${heading}'`);
  const names = new Set<string>();
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cell = line.split('|')[1] ?? '';
    for (const match of cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(match[1]!);
  }
  return names;
}

const sorted = (names: Iterable<string>) => [...names].sort();
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe("the README's environment tables", () => {
  it('list every variable the server, its CLI and scripts read, and nothing else', () => {
    const code = readsIn(
      ['apps/server/src', 'apps/server/bin', 'scripts', 'packages/engine/src'],
      (file) => !isTestCode(file),
    );
    for (const key of Object.keys(ConfigSchema.shape)) code.add(key);
    expect(sorted(readmeTable(readme, 'Variable'))).toEqual(sorted(code));
  });

  it('list every variable only the tests read, and nothing else', () => {
    const runtime = new Set(Object.keys(ConfigSchema.shape));
    const tests = readsIn(['apps/server/src', 'packages', 'e2e', 'bench'], (file) => {
      const inHarness = file.startsWith(`e2e${path.sep}`) || file.startsWith(`bench${path.sep}`);
      return inHarness || isTestCode(file);
    });
    // A test that sets up a server setting (FETCH_CONNECT_TO, ...) is covered by the first table,
    // except for CHROMIUM_PATH, which the harnesses read for themselves.
    for (const name of tests) if (runtime.has(name) && name !== 'CHROMIUM_PATH') tests.delete(name);
    expect(sorted(readmeTable(readme, 'Test variable'))).toEqual(sorted(tests));
  });

  it('finds reads in the forms the code uses', () => {
    expect(
      sorted(
        envReads(
          "const a = process.env.FOO_BAR; const b = process.env['BAZ']; process.env.SET_ONLY = '1'; const { QUX, Other } = process.env; if (process.env.EQ === 'x') {}",
        ),
      ),
    ).toEqual(['BAZ', 'EQ', 'FOO_BAR', 'QUX']);
  });
});
