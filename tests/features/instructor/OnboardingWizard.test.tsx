// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../src/domain/errors/appErrors';

const submitProfile = vi.fn();
// The publishing step links to other screens; a plain link stands in for the router's.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: React.ReactNode }) => <a href={to}>{children}</a>,
}));
vi.mock('../../../src/features/instructor/api', () => ({ submitProfile: (...a: unknown[]) => submitProfile(...a) }));
const { OnboardingWizard } = await import('../../../src/features/instructor/OnboardingWizard');

afterEach(() => {
  cleanup();
  submitProfile.mockReset();
});

const PROFILE = {
  userId: 'u1',
  displayName: 'Ada Breath',
  bio: 'Breathing coach for ten years, calm and practical.',
  credentials: 'Certified breathwork facilitator.',
  specialities: ['Sleep'],
  photo: null,
};

const frame = () => new Promise((r) => requestAnimationFrame(() => r(undefined)));

describe('instructor onboarding form', () => {
  it('refuses a step with errors under their fields and the focus on the first; moves on when fixed', async () => {
    render(<OnboardingWizard initialStep={0} onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Display name needs at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Bio needs at least 20 characters')).toBeTruthy();
    await frame();
    expect(document.activeElement).toBe(screen.getByLabelText('Display name'));
    expect(screen.getByLabelText('Display name').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Ada Breath' } });
    expect(screen.queryByText('Display name needs at least 2 characters')).toBeNull();
    fireEvent.change(screen.getByLabelText(/^Bio/), { target: { value: PROFILE.bio } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const heading = screen.getByRole('heading', { name: 'Step 2 of 5: Credentials and experience' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    // Specialities: a suggestion and one of the instructor's own, removable.
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Choose at least one specialty')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Your own specialty'), { target: { value: 'Freedivers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('button', { name: 'Remove Freedivers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sleep' }));
    fireEvent.change(screen.getByLabelText('Credentials and experience'), { target: { value: PROFILE.credentials } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Step 3 of 5: Photo' })).toBeTruthy();
  });

  it('sends the profile from the last step; a server refusal of a field goes back to its step', async () => {
    const onDone = vi.fn();
    submitProfile.mockRejectedValueOnce(
      new HttpError(400, 'bio: too short', { body: { field: 'bio', message: 'bio: Bio needs at least 20 characters' } }),
    );
    render(<OnboardingWizard initialStep={4} existing={PROFILE} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByText('bio: Bio needs at least 20 characters')).toBeTruthy());
    expect(screen.getByRole('heading', { name: 'Step 1 of 5: About you' })).toBeTruthy();

    submitProfile.mockResolvedValueOnce({ role: 'instructor', profile: PROFILE });
    for (let i = 0; i < 4; i++) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(PROFILE));
    expect(submitProfile).toHaveBeenLastCalledWith({
      displayName: PROFILE.displayName,
      bio: PROFILE.bio,
      credentials: PROFILE.credentials,
      specialities: ['Sleep'],
      photo: null,
    });
  });

  it('keeps the answers and step of a new profile in this tab when the form is left and opened again; forgets them once sent', async () => {
    sessionStorage.clear();
    const first = render(<OnboardingWizard initialStep={0} draftOwner="u1" onDone={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: PROFILE.displayName } });
    fireEvent.change(screen.getByLabelText('Bio'), { target: { value: PROFILE.bio } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Credentials and experience' })).toBeTruthy();
    first.unmount();

    // Another account in the same tab starts empty.
    const other = render(<OnboardingWizard initialStep={0} draftOwner="u2" onDone={vi.fn()} />);
    expect((screen.getByLabelText('Display name') as HTMLInputElement).value).toBe('');
    other.unmount();

    const onDone = vi.fn();
    render(<OnboardingWizard initialStep={0} draftOwner="u1" onDone={onDone} />);
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Credentials and experience' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Credentials and experience'), { target: { value: PROFILE.credentials } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sleep' }));
    for (let i = 0; i < 3; i++) fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText(PROFILE.bio)).toBeTruthy();
    submitProfile.mockResolvedValueOnce({ role: 'instructor', profile: PROFILE });
    fireEvent.click(screen.getByRole('button', { name: 'Create instructor profile' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(PROFILE));
    expect(sessionStorage.getItem('pneuma.instructorDraft.u1')).toBeNull();
  });
});
