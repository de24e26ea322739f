import { describe, expect, it } from 'vitest';
import { parseDocument } from '../gather/document';
import { format } from './define-check';
import { linksCount } from './links-count';

const run = (body: string) =>
  linksCount.evaluate(
    { document: parseDocument(`<html><body>${body}</body></html>`, 'https://www.example.com/shop/') },
    { format },
  );
const links = (n: number, external = 0) =>
  Array.from({ length: n }, (_, i) =>
    i < external ? `<a href="https://other${i}.example/">O${i}</a>` : `<a href="/p${i}">P${i}</a>`,
  ).join('');

describe('links-count', () => {
  it('counts internal and external web links, not jump, mailto, tel or javascript links', () => {
    expect(
      run(
        '<a href="/a">A</a><a href="https://example.com/b">B</a><a href="b#reviews">R</a><a href="https://other.example/">O</a><map><area href="/c"></map><a href="#top">T</a><a href="mailto:x@y.z">M</a><a href="tel:+1">P</a><a href="javascript:void(0)">J</a><a>none</a>',
      ),
    ).toEqual({
      status: 'passed',
      message: 'The page has 5 links (4 internal, 1 external).',
      data: { links: { internal: 4, external: 1, total: 5 } },
    });
  });

  it('passes exactly 100 links', () => {
    expect(run(links(100)).status).toBe('passed');
  });

  it('warns from 101 to 300 links', () => {
    const result = run(links(101, 1));
    expect(result).toMatchObject({
      status: 'warning',
      data: { links: { internal: 100, external: 1, total: 101 } },
    });
    expect(result.message).toBe(
      'The page has 101 links (100 internal, 1 external); beyond 100, each link passes less value and the important ones get lost.',
    );
    expect(run(links(300)).status).toBe('warning');
  });

  it('fails above 300 links', () => {
    const result = run(links(301));
    expect(result).toMatchObject({ status: 'failed', data: { links: { total: 301 } } });
    expect(result.message).toContain('more than 300');
  });
});
