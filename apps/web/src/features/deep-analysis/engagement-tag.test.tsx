import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EngagementTag } from './engagement-tag';

describe('the engagement tag', () => {
  it.each([
    ['very_low', 'Very low engagement', 'ant-tag-red'],
    ['low', 'Low engagement', 'ant-tag-volcano'],
    ['medium', 'Medium engagement', 'ant-tag-orange'],
    ['high', 'High engagement', 'ant-tag-cyan'],
    ['very_high', 'Very high engagement', 'ant-tag-green'],
  ])('shows %s as %s in its colour', (level, label, colour) => {
    render(<EngagementTag level={level} />);
    const tag = screen.getByText(label);
    expect(tag.closest('.ant-tag')?.className).toContain(colour);
    expect(screen.queryByRole('img', { name: /^Why/ })).toBeNull();
  });

  it('keeps the default colour for an unknown level', () => {
    render(<EngagementTag level="extreme" />);
    expect(screen.getByText('Extreme engagement').closest('.ant-tag')?.className).not.toMatch(
      /ant-tag-(red|volcano|orange|cyan|green)/,
    );
  });

  it('gives the reason in a tooltip of its info icon', async () => {
    render(<EngagementTag level="medium" reason="Visitors compare prices here." />);
    await userEvent.hover(screen.getByRole('img', { name: 'Why medium engagement' }));
    expect(await screen.findByRole('tooltip', { name: 'Visitors compare prices here.' })).toBeTruthy();
  });
});
