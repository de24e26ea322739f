import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { viewport } from './viewport';

const run = (head: string) =>
  viewport.evaluate(
    { document: parseDocument(`<html><head>${head}</head><body></body></html>`, 'https://example.com/') },
    { format },
  );
const meta = (content: string) => `<meta name="viewport" content="${content}">`;

describe('viewport', () => {
  it('passes width=device-width with initial-scale=1', () => {
    const result = run(meta('width=device-width, initial-scale=1'));
    expect(result.status).toBe('passed');
    expect(result.message).toBe(
      'The viewport is set to width=device-width with initial-scale=1 and zoom allowed.',
    );
    expect(result.data).toEqual({ viewport: 'width=device-width, initial-scale=1' });
  });

  it('accepts other separators, case and a generous maximum-scale', () => {
    expect(
      run('<meta name="Viewport" content="WIDTH=device-width;initial-scale=1.0 maximum-scale=5">').status,
    ).toBe('passed');
  });

  it('fails without a meta viewport', () => {
    const result = run('<meta name="description" content="x">');
    expect(result.status).toBe('failed');
    expect(result.data).toEqual({ viewport: null });
  });

  it('warns when zoom is disabled or capped', () => {
    const noZoom = run(meta('width=device-width, initial-scale=1, user-scalable=no'));
    expect(noZoom.status).toBe('warning');
    expect(noZoom.message).toContain('user-scalable=no');
    const capped = run(meta('width=device-width, initial-scale=1, maximum-scale=1'));
    expect(capped.message).toBe('The viewport limits zoom to maximum-scale=1; allow at least 5.');
  });

  it('warns about a fixed width', () => {
    expect(run(meta('width=1024')).message).toBe(
      'The viewport fixes the width at 1024 px instead of width=device-width.',
    );
  });

  it('warns without initial-scale=1 or without a width', () => {
    expect(run(meta('width=device-width')).message).toContain('does not set initial-scale=1');
    expect(run(meta('initial-scale=1')).message).toContain('does not set width=device-width');
  });

  it('warns about several viewport tags and reports the last one', () => {
    const result = run(meta('width=1024') + meta('width=device-width, initial-scale=1'));
    expect(result.status).toBe('warning');
    expect(result.message).toBe('The page has 2 meta viewport tags; browsers use only the last one.');
    expect(result.data).toEqual({ viewport: 'width=device-width, initial-scale=1' });
  });
});
