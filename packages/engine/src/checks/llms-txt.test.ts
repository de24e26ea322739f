import { describe, expect, it } from 'vitest';
import { textFile } from '../testing/artifacts';
import { format } from './define-check';
import { llmsTxt } from './llms-txt';

const URL_ = 'https://example.com/llms.txt';
const run = (body: string, overrides = {}) =>
  llmsTxt.evaluate({ llmsTxt: textFile(URL_, body, overrides) }, { format });

describe('llms-txt', () => {
  it('passes a titled Markdown file with links', () => {
    const result = run(
      '# Woodline\n> Handmade oak furniture.\n\n- [Tables](https://example.com/tables): our tables\n',
    );
    expect(result.status).toBe('passed');
    expect(result.data).toMatchObject({ llms_txt: { url: URL_, status: 200, errors: [] } });
  });

  it('suggests one when absent, and fails a server error', () => {
    expect(run('', { status: 404 }).status).toBe('warning');
    expect(run('', { status: 502 }).status).toBe('failed');
  });

  it('warns about a file without a title, links or substance, or an HTML page', () => {
    const result = run('Woodline furniture');
    expect(result.status).toBe('warning');
    expect((result.data as { llms_txt: { errors: string[] } }).llms_txt.errors).toHaveLength(3);
    expect(run('<!doctype html><html></html>', { contentType: 'text/html' }).message).toContain('HTML page');
  });
});
