// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { GateView, type GateViewProps } from '../../../src/features/gates/GateView';

afterEach(cleanup);

function setup(patch: Partial<GateViewProps>) {
  const props: GateViewProps = {
    outcome: 'show',
    requirement: 'account',
    feature: 'Your progress',
    children: <p>Secret stats</p>,
    promptOpen: false,
    onPromptOpenChange: vi.fn(),
    canSkip: true,
    onProceed: vi.fn(),
    onSkip: vi.fn(),
    ...patch,
  };
  render(<GateView {...props} />);
  return props;
}

describe('GateView: the four gate fallbacks', () => {
  it('show: renders the content', () => {
    setup({ outcome: 'show' });
    expect(screen.getByText('Secret stats')).toBeTruthy();
  });

  it('hide: renders nothing at all', () => {
    setup({ outcome: 'hide' });
    expect(screen.queryByText('Secret stats')).toBeNull();
    expect(document.body.textContent).toBe('');
  });

  it('redirect: says so and shows no content', () => {
    setup({ outcome: 'redirect' });
    expect(screen.getAllByText('Redirecting for authentication...').length).toBeGreaterThan(0);
    expect(screen.queryByText('Secret stats')).toBeNull();
  });

  it('disable: content dimmed and unreachable, with an Enable Feature button that opens the prompt', () => {
    const p = setup({ outcome: 'disable' });
    const content = screen.getByText('Secret stats');
    const wrapper = content.closest('.gate__dimmed')!;
    expect(wrapper.getAttribute('aria-hidden')).toBe('true');
    expect(wrapper.hasAttribute('inert')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Enable Feature' }));
    expect(p.onPromptOpenChange).toHaveBeenCalledWith(true);
  });

  it('prompt: dialog with the tier benefits, proceed and skip', () => {
    const p = setup({ outcome: 'prompt', promptOpen: true });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Your progress needs a free account');
    for (const b of ['Cloud sync', 'Analytics', 'Custom patterns', 'Achievements'])
      expect(dialog.textContent).toContain(b);
    expect(screen.queryByText('Secret stats')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue to sign in' }));
    expect(p.onProceed).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(p.onSkip).toHaveBeenCalledTimes(1);
  });

  it('prompt elsewhere: Escape closes it', () => {
    const p = setup({ outcome: 'prompt', promptOpen: true, canSkip: true });
    // Esc: the browser sends the modal <dialog> a cancelable 'cancel' event (happy-dom does not).
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(p.onPromptOpenChange).toHaveBeenCalledWith(false);
  });

  it('prompt in the progress context: no skip button, and Escape cannot close it', () => {
    const p = setup({ outcome: 'prompt', promptOpen: true, canSkip: false });
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    // Esc: the browser sends the modal <dialog> a cancelable 'cancel' event (happy-dom does not).
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(p.onPromptOpenChange).not.toHaveBeenCalledWith(false);
  });

  it("prompt for a wallet tier lists that tier's benefits", () => {
    setup({ outcome: 'prompt', promptOpen: true, requirement: 'flow', feature: 'Minting' });
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Minting needs a token wallet');
    expect(dialog.textContent).toContain('Pattern-token minting');
  });
});
