import { transformSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { minification } from './minification';

const longhand = Array.from(
  { length: 80 },
  (_, i) => `
/* Formats price number ${i} for the catalogue, written long-hand. */
function formatPrice${i} ( amount , currency ) {
    var rounded   =   Math.round( amount * 100 ) / 100 ;
    return currency + ' ' + rounded.toFixed( 2 ) ;
}`,
).join('\n');
const js = (name: string, text: string) =>
  resource(`https://example.com/${name}`, { type: 'script', text, bytes: text.length });

describe('minification', () => {
  it('passes files that are already minified', () => {
    const min = transformSync(longhand, { loader: 'js', minify: true }).code;
    expect(minification.evaluate({ resources: [js('app.min.js', min)] }, { format })).toEqual({
      status: 'passed',
      message: 'The one script or stylesheet is minified.',
      data: { minified: ['https://example.com/app.min.js'], not_minified: [] },
    });
  });

  it('warns about a long-hand file and says what minifying saves', () => {
    const result = minification.evaluate({ resources: [js('app.js', longhand)] }, { format });
    expect(result.status).toBe('warning');
    const [file] = result.data!.not_minified as { url: string; size: number; savings: number }[];
    expect(file?.url).toBe('https://example.com/app.js');
    expect(file!.savings / file!.size).toBeGreaterThan(0.3);
  });

  it('skips files it cannot parse, and does not apply without readable files', () => {
    expect(minification.evaluate({ resources: [js('broken.js', 'function (')] }, { format }).status).toBe(
      'skipped',
    );
  });
});
