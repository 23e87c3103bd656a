// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, TextAreaField } from '../../src/ui/Field';

/**
 * A text field at its maxLength says so (issue 31: text cut at a field limit says so), tied
 * to the field by aria-describedby. Not proven here: a real browser's paste truncation (the
 * browser cuts to maxLength; this test sets the cut value as the browser would leave it).
 */
afterEach(cleanup);

function Name({ initial }: { initial: string }) {
  const [v, setV] = useState(initial);
  return <Field label="Name" maxLength={5} value={v} onChange={(e) => setV(e.target.value)} />;
}

describe('Field at its limit', () => {
  it('is silent below the limit and speaks at it, described by the note', () => {
    render(<Name initial="Ada" />);
    const input = screen.getByLabelText('Name');
    expect(screen.queryByText(/That is the limit/)).toBeNull();
    cleanup();
    render(<Name initial="Adaly" />);
    const note = screen.getByText('That is the limit: 5 characters. Anything longer is cut.');
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toContain(note.id);
    expect(input).toBeTruthy();
  });

  it('a text area does the same', () => {
    render(<TextAreaField label="About" maxLength={3} value="abc" onChange={() => undefined} />);
    expect(screen.getByText('That is the limit: 3 characters. Anything longer is cut.')).toBeTruthy();
  });
});
