import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './rich-text';

describe('RichText', () => {
  it('keeps the catalogue markup: paragraphs, code and http(s) links', () => {
    const { container } = render(
      <RichText
        html={'<p>Add <code>&lt;title&gt;</code> — see <a href="https://web.dev/title">web.dev</a>.</p>'}
      />,
    );
    expect(container.querySelector('p code')?.textContent).toBe('<title>');
    const link = screen.getByRole('link', { name: 'web.dev' });
    expect(link.getAttribute('href')).toBe('https://web.dev/title');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('drops scripts, event handlers and javascript: links, keeping other text', () => {
    const { container } = render(
      <RichText
        html={
          '<p onclick="alert(1)">Safe</p><script>window.hacked = 1</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">click</a><span>kept</span>'
        }
      />,
    );
    expect(container.querySelector('script, img, [onclick], span')).toBeNull();
    expect(screen.getByText('click').getAttribute('href')).toBeNull();
    expect(container.textContent).toBe('Safeclickkept');
  });
});
