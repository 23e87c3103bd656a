// @vitest-environment happy-dom
import { cleanup, fireEvent, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StarRadioGroup } from '../../src/ui/StarRadioGroup';

afterEach(cleanup);

describe('StarRadioGroup', () => {
  it('has one tab stop on the first star when unrated; a click chooses', () => {
    const onChoose = vi.fn();
    const { getByRole } = render(<StarRadioGroup label="Rate Box" value={0} onChoose={onChoose} />);
    const radios = within(getByRole('radiogroup', { name: 'Rate Box' })).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(radios.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1, -1]);
    expect(radios.every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
    fireEvent.click(radios[3]!);
    expect(onChoose).toHaveBeenCalledWith(4);
  });

  it('marks the chosen star checked, lights the stars up to it, and the arrow keys move and choose within 1-5', () => {
    const onChoose = vi.fn();
    const { getAllByRole, getByRole } = render(
      <StarRadioGroup label="Rate Box" value={5} onChoose={onChoose} busy />,
    );
    const radios = getAllByRole('radio');
    expect(radios[4]!.getAttribute('aria-checked')).toBe('true');
    expect(radios[4]!.tabIndex).toBe(0);
    expect(radios.filter((r) => r.classList.contains('stars__star--on'))).toHaveLength(5);
    expect(getByRole('radiogroup').getAttribute('aria-busy')).toBe('true');
    fireEvent.keyDown(radios[4]!, { key: 'ArrowRight' });
    expect(onChoose).toHaveBeenLastCalledWith(5);
    fireEvent.keyDown(radios[4]!, { key: 'ArrowLeft' });
    expect(onChoose).toHaveBeenLastCalledWith(4);
    expect(document.activeElement).toBe(radios[3]);
    fireEvent.keyDown(radios[0]!, { key: 'ArrowDown' });
    expect(onChoose).toHaveBeenLastCalledWith(1);
    fireEvent.keyDown(radios[0]!, { key: 'Enter' });
    expect(onChoose).toHaveBeenCalledTimes(3);
  });
});
