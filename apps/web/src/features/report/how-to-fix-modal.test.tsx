import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HowToFixModal } from './how-to-fix-modal';

const open = (video: string | null) =>
  render(<HowToFixModal open title="Meta Title" html="<p>Write one.</p>" video={video} onClose={() => {}} />);

describe('the How to fix modal', () => {
  it('plays a video file in place', async () => {
    open('https://cdn.example/fix-title.mp4');
    await screen.findByText('How to fix: Meta Title');
    expect(document.querySelector('video')?.getAttribute('src')).toBe('https://cdn.example/fix-title.mp4');
  });

  it('links to a video page it cannot play in place', async () => {
    open('https://videos.example/watch?v=abc');
    expect((await screen.findByRole('link', { name: 'Watch the video' })).getAttribute('href')).toBe(
      'https://videos.example/watch?v=abc',
    );
  });

  it('drops a javascript: address', async () => {
    open('javascript:alert(1)');
    await screen.findByText('Write one.');
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.querySelector('video')).toBeNull();
  });
});
