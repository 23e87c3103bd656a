// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PostEditor } from '../../../src/features/share/PostEditor';
import { ShareButton } from '../../../src/features/share/ShareButton';

afterEach(cleanup);

function Editor({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  return <PostEditor text={text} onChange={setText} />;
}

describe('the post box', () => {
  it('shows N/280, says how far over the limit a post is, and copies', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Editor initial="Hello" />);
    expect(screen.getByTestId('post-counter').textContent).toBe('5/280');
    const box = screen.getByLabelText('Your post');
    expect(box.getAttribute('aria-describedby')).toContain('hint');
    fireEvent.change(box, { target: { value: 'x'.repeat(283) } });
    expect(screen.getByTestId('post-counter').textContent).toBe('283/280');
    expect(screen.getByRole('alert').textContent).toBe('Your post is 3 characters over the limit of 280.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to the clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('x'.repeat(283));
    fireEvent.change(box, { target: { value: '   ' } });
    expect((screen.getByRole('button', { name: 'Copy' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the Share button', () => {
  it('is disabled, with the reason, while sharing, with blank text or no platform', () => {
    const onShare = vi.fn();
    const { rerender } = render(<ShareButton blockers={[]} sharing={false} onShare={onShare} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    expect(onShare).toHaveBeenCalledTimes(1);
    rerender(<ShareButton blockers={['blank', 'noPlatform']} sharing={false} onShare={onShare} />);
    const button = screen.getByRole('button', { name: 'Share' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Write something to share. Choose at least one platform.')).toBeTruthy();
    rerender(<ShareButton blockers={['sharing']} sharing onShare={onShare} />);
    expect((screen.getByRole('button', { name: 'Sharing…' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
