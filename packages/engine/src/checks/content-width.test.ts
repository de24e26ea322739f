import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { contentWidth } from './content-width';
import { format } from './define-check';

const run = (documentWidth: number, overflowingNodes: string[] = []) =>
  contentWidth.evaluate(
    {
      browser: browserArtifact({
        layout: { documentWidth, overflowingNodes, smallTextPct: 0, smallTargets: [] },
      }),
    },
    { format },
  );

describe('content-width', () => {
  it('passes a page as wide as the screen', () => {
    expect(run(412)).toEqual({
      status: 'passed',
      message: 'The page fits the phone screen: no sideways scrolling.',
      data: { overflow_px: 0, offending_nodes: [] },
    });
  });

  it('allows a pixel of rounding', () => {
    expect(run(413).status).toBe('passed');
    expect(run(414)).toMatchObject({
      status: 'failed',
      message: 'The page is 2 px wider than the phone screen, so it scrolls sideways.',
      data: { overflow_px: 2, offending_nodes: [] },
    });
  });

  it('fails a page that scrolls sideways and names the culprits', () => {
    expect(run(1400, ['div.banner', 'table'])).toEqual({
      status: 'failed',
      message:
        'The page is 988 px wider than the phone screen, so it scrolls sideways; too wide: div.banner, table.',
      data: { overflow_px: 988, offending_nodes: ['div.banner', 'table'] },
    });
  });
});
