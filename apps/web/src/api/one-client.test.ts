import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A download that called `fetch` with a hand-added token skipped the client's renewal of an expired
// token: after 15 minutes on a report, "Download PDF" failed silently. Every request goes through
// the API client; the one exception is signing out, which must not try to renew a session.

const SRC = path.resolve(import.meta.dirname, '..');
const ALLOWED: Record<string, number> = { 'api/client.ts': 2, 'session/session-context.tsx': 2 };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [file] : [];
  });
}

describe('requests', () => {
  it('are sent by the API client only', () => {
    const callers = Object.fromEntries(
      sourceFiles(SRC)
        .map((file) => [
          path.relative(SRC, file),
          readFileSync(file, 'utf8').match(/(?<![\w.])fetch\(/g)?.length ?? 0,
        ])
        .filter(([, calls]) => calls !== 0),
    );
    expect(callers).toEqual(ALLOWED);
  });
});
