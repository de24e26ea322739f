import { describe, expect, it } from 'vitest';
import { browserArtifact } from '../testing/artifacts';
import { format } from './define-check';
import { mobileLegibility } from './mobile-legibility';

const run = (smallTextPct: number, smallTargets: string[] = []) =>
  mobileLegibility.evaluate(
    {
      browser: browserArtifact({
        layout: { documentWidth: 412, overflowingNodes: [], smallTextPct, smallTargets },
      }),
    },
    { format },
  );

describe('mobile-legibility', () => {
  it('passes legible text and large targets', () => {
    expect(run(5)).toMatchObject({ status: 'passed', data: { small_text_pct: 5, small_targets: [] } });
  });

  it('warns about small text or small tap targets', () => {
    expect(run(70).message).toBe('70 % of the text is smaller than 12 px on a phone.');
    expect(run(0, ['a.icon (16×16)']).message).toContain(
      '1 link(s) or button(s) are smaller than 24×24 px, hard to tap (a.icon (16×16))',
    );
  });
});
