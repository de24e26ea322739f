import { describe, expect, it } from 'vitest';
import type { IndexNowArtifact } from '../artifacts';
import { format } from './define-check';
import { indexnow } from './indexnow';

const KEY = '3f2a8b9c0d1e2f3a';
const at = `https://example.com/${KEY}.txt`;
const run = (indexNow: Partial<IndexNowArtifact>) =>
  indexnow.evaluate(
    { indexNow: { key: KEY, keyLocation: at, status: 200, body: `${KEY}\n`, ...indexNow } },
    { format },
  );

describe('indexnow', () => {
  it('passes a key file that holds the key', () => {
    expect(run({})).toEqual({
      status: 'passed',
      message: `The IndexNow key file ${at} holds the key: changed pages can be submitted instantly.`,
      data: { indexnow: { key_location: at, valid: true } },
    });
  });

  it('is not checked without a key, and its advice names only settings that exist', () => {
    expect(run({ key: null, keyLocation: null, status: null, body: '' })).toMatchObject({
      status: 'skipped',
      message:
        'Not checked: an IndexNow key file can have any name, so it can only be found with the site’s key, and no key was given.',
    });
    expect(indexnow.howToFix).not.toContain('project settings');
    expect(indexnow.howToFix).toContain('sitelens-check --indexnow-key');
  });

  it('fails a missing, unreachable or wrong key file', () => {
    expect(run({ status: 404 }).message).toContain('answered 404');
    expect(run({ status: null }).status).toBe('failed');
    expect(run({ body: `  ${KEY}  \r\n` }).status).toBe('passed');
    expect(run({ body: `${KEY}-old` }).status).toBe('failed');
    expect(run({ body: 'another-key' })).toMatchObject({
      status: 'failed',
      message: `The IndexNow key file ${at} does not contain the project’s key; submissions will be refused.`,
      data: { indexnow: { valid: false } },
    });
  });
});
