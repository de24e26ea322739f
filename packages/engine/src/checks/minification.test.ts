import { transformSync } from 'esbuild';
import { describe, expect, it, vi } from 'vitest';
import { resource } from '../testing/artifacts';
import { format } from './define-check';
import { cachedMinifiedSize, minification, minifiedSize } from './minification';

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
  it('minifies a file the pages share once, and judges every page the same', () => {
    const shared = `${longhand}\n// shared by every page`;
    const pages = Array.from({ length: 5 }, () =>
      minification.evaluate({ resources: [js('site.js', shared)] }, { format }),
    );
    expect(new Set(pages.map((page) => JSON.stringify(page))).size).toBe(1);
    expect(pages[0]!.status).toBe('warning');
    // Known by its content now: not minified again, and esbuild not started again.
    const minify = vi.fn(minifiedSize);
    expect(cachedMinifiedSize(shared, 'js', minify)).toMatchObject({ fresh: false });
    expect(cachedMinifiedSize(`${shared}\n// one page's own`, 'js', minify)).toMatchObject({ fresh: true });
    expect(minify).toHaveBeenCalledTimes(1);
  });

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
