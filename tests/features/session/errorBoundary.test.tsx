// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionErrorBoundary } from '../../../src/features/session/SessionErrorBoundary';

afterEach(cleanup);

describe('session error boundary', () => {
  it("shows 'Taking a Mindful Pause' and 'Continue Practice' resets to a fresh screen", () => {
    let fail = true;
    function Flaky() {
      if (fail) throw new Error('render failed');
      return <p>Setup screen</p>;
    }
    const onReset = vi.fn(() => {
      fail = false;
    });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <SessionErrorBoundary onReset={onReset}>
        <Flaky />
      </SessionErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Taking a Mindful Pause' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue Practice' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Setup screen')).toBeTruthy();
    spy.mockRestore();
  });
});
