import { describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { charsetDeclaration } from './charset-declaration';
import { format } from './define-check';

const run = (html: string, contentType?: string) =>
  charsetDeclaration.evaluate(
    {
      page: pageArtifact('https://example.com/', html, {
        headers: contentType ? { 'content-type': contentType } : {},
      }),
    },
    { format },
  );

describe('charset-declaration', () => {
  it('passes UTF-8 in the header and the meta tag', () => {
    expect(run('<!doctype html><head><meta charset="UTF-8">', 'text/html; charset=utf-8')).toEqual({
      status: 'passed',
      message: 'The character encoding is declared as UTF-8 (Content-Type header and <meta> tag).',
      data: { charset_declaration: { source: 'both', value: 'utf-8' } },
    });
  });

  it('passes UTF-8 in the header alone, or in an early meta tag alone, in either form', () => {
    expect(run('<head><title>x</title>', 'text/html;charset="UTF-8"').data).toEqual({
      charset_declaration: { source: 'header', value: 'utf-8' },
    });
    expect(run('<meta http-equiv="Content-Type" content="text/html; charset=utf-8">', 'text/html')).toEqual({
      status: 'passed',
      message: 'The character encoding is declared as UTF-8 (<meta> tag).',
      data: { charset_declaration: { source: 'meta', value: 'utf-8' } },
    });
    expect(run('<meta charset=utf8 />').data).toEqual({
      charset_declaration: { source: 'meta', value: 'utf-8' },
    });
  });

  it('fails without any declaration, ignoring a commented-out tag', () => {
    expect(run('<head><!-- <meta charset="utf-8"> --><title>x</title>', 'text/html')).toEqual({
      status: 'failed',
      message:
        'The page declares no character encoding; browsers guess, and accented letters or symbols may turn into garbage.',
      data: { charset_declaration: { source: null, value: null } },
    });
  });

  it('warns about an encoding other than UTF-8', () => {
    expect(run('<meta charset="ISO-8859-1">')).toMatchObject({
      status: 'warning',
      message:
        'The page is declared as iso-8859-1; UTF-8 covers every language and is what browsers and crawlers expect.',
      data: { charset_declaration: { source: 'meta', value: 'iso-8859-1' } },
    });
  });

  it('warns about a meta tag that ends after the first 1024 bytes, counting bytes not characters', () => {
    // 500 “ö” are 500 characters but 1000 bytes: the tag starts before character 1024 but after byte 1024.
    const late = run(`<head><title>${'ö'.repeat(500)}</title><meta charset="utf-8">`);
    expect(late).toMatchObject({
      status: 'warning',
      message:
        'The page declares its encoding only in a <meta> tag after the first 1024 bytes, where browsers no longer look for it before guessing.',
      data: { charset_declaration: { source: 'meta', value: 'utf-8' } },
    });
    expect(run(`<head><title>${'o'.repeat(500)}</title><meta charset="utf-8">`).status).toBe('passed');
    expect(
      run(`<head><title>${'ö'.repeat(500)}</title><meta charset="utf-8">`, 'text/html; charset=utf-8').status,
    ).toBe('passed');
  });

  it('warns when the header and the meta tag disagree', () => {
    expect(run('<meta charset="utf-8">', 'text/html; charset=windows-1252')).toMatchObject({
      status: 'warning',
      message:
        'The Content-Type header says windows-1252 but the page’s <meta> says utf-8; the header wins, and the text may be misread.',
      data: { charset_declaration: { source: 'both', value: 'windows-1252' } },
    });
  });
});
