import { describe, expect, it } from 'vitest';
import { pageArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { doctype } from './doctype';

const run = (html: string) =>
  doctype.evaluate({ page: pageArtifact('https://example.com/', html) }, { format });

const XHTML_TRANSITIONAL =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';
const HTML401_TRANSITIONAL = '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN"';

describe('doctype', () => {
  it('passes <!DOCTYPE html> in any case, after a BOM, whitespace and comments', () => {
    expect(run('<!doctype html><html></html>')).toEqual({
      status: 'passed',
      message: 'The page starts with <!DOCTYPE html>: browsers render it in standards mode.',
      data: { doctype: '<!doctype html>' },
    });
    expect(run('\uFEFF\n<!-- built 2026 -->\n<!DOCTYPE HTML>\n<html>')).toMatchObject({
      status: 'passed',
      data: { doctype: '<!DOCTYPE HTML>' },
    });
    expect(run('<!DOCTYPE html SYSTEM "about:legacy-compat"><html>').status).toBe('passed');
  });

  it('warns about a legacy doctype that gives limited-quirks mode', () => {
    expect(run(`${XHTML_TRANSITIONAL}\n<html>`)).toEqual({
      status: 'warning',
      message: `The page uses an old doctype (${XHTML_TRANSITIONAL}); browsers render it in limited-quirks mode, where images in table cells are laid out the old way.`,
      data: { doctype: XHTML_TRANSITIONAL },
    });
    expect(run(`${HTML401_TRANSITIONAL} "http://www.w3.org/TR/html4/loose.dtd"><html>`).message).toContain(
      'limited-quirks mode',
    );
  });

  it('warns about an old strict doctype that still gives standards mode', () => {
    const strict =
      '<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN" "http://www.w3.org/TR/html4/strict.dtd">';
    expect(run(`${strict}<html>`)).toMatchObject({
      status: 'warning',
      message: `The page uses an old doctype (${strict}); browsers still render it in standards mode, but <!DOCTYPE html> is the current one.`,
    });
  });

  it('fails a missing doctype', () => {
    expect(run('<html><body>Hi</body></html>')).toEqual({
      status: 'failed',
      message: 'The page has no doctype, so browsers render it in quirks mode, emulating 1990s layout bugs.',
      data: { doctype: null },
    });
  });

  it('fails doctypes that trigger quirks mode', () => {
    expect(run(`${HTML401_TRANSITIONAL}><html>`)).toMatchObject({
      status: 'failed',
      message: `The doctype ${HTML401_TRANSITIONAL}> puts browsers in quirks mode, where they emulate 1990s layout bugs.`,
    });
    expect(run('<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 3.2 Final//EN"><html>').status).toBe('failed');
    expect(run('<!DOCTYPE><html>').status).toBe('failed');
    expect(run('<!DOCTYPE svg><html>').status).toBe('failed');
  });

  it('fails a doctype that comes after other content', () => {
    expect(run('Warning: headers already sent\n<!DOCTYPE html><html>')).toMatchObject({
      status: 'failed',
      message:
        'The doctype comes after other content, so browsers ignore it and render the page in quirks mode, emulating 1990s layout bugs.',
      data: { doctype: '<!DOCTYPE html>' },
    });
  });
});
