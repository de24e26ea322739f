import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { domSize } from './dom-size';

const run = (body: string) =>
  domSize.evaluate(
    {
      document: parseDocument(
        `<!doctype html><html><head><!-- c --></head><body>${body}</body></html>`,
        'https://example.com/',
      ),
    },
    { format },
  );

describe('dom-size', () => {
  it('passes a small page and reports its shape, counting elements only', () => {
    expect(run('<main><p>One</p><p>Two <!-- note --></p><script>x</script></main>')).toEqual({
      status: 'passed',
      message: 'The page has 7 elements, 4 levels deep.',
      data: { dom: { nodes: 7, depth: 4, max_children: 3, max_children_parent: 'main' } },
    });
  });

  it('warns above 1,500 elements', () => {
    const result = run('<div><span></span></div>'.repeat(800));
    expect(result).toMatchObject({ status: 'warning', data: { dom: { nodes: 1603 } } });
    expect(result.message).toBe(
      'The page has 1603 elements; above 1500 the browser spends more time on style and layout, especially on phones.',
    );
  });

  it('fails above 3,000 elements', () => {
    const result = run('<div><span></span></div>'.repeat(1600));
    expect(result).toMatchObject({ status: 'failed', data: { dom: { nodes: 3203 } } });
    expect(result.message).toContain('more than 3000');
  });

  it('warns about nesting deeper than 32 levels', () => {
    const result = run(`${'<div>'.repeat(40)}${'</div>'.repeat(40)}`);
    expect(result).toMatchObject({ status: 'warning', data: { dom: { depth: 42 } } });
    expect(result.message).toContain('42 levels deep (over 32)');
  });

  it('warns about a parent with more than 60 children and names it', () => {
    const result = run(`<ul id="all" class="items long extra">${'<li>x</li>'.repeat(70)}</ul>`);
    expect(result).toMatchObject({
      status: 'warning',
      data: { dom: { max_children: 70, max_children_parent: 'ul#all.items.long' } },
    });
    expect(result.message).toBe(
      'The element ul#all.items.long has 70 children (over 60); long flat lists are slow to lay out.',
    );
  });
});
