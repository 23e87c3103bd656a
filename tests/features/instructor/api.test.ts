import { describe, expect, it, vi } from 'vitest';

const getSupabase = vi.fn();
vi.mock('../../../src/backend/supabaseClient', () => ({ getSupabase: () => getSupabase() }));
const { fetchCourse, fetchProfiles } = await import('../../../src/features/instructor/api');

describe('instructor reads', () => {
  it('an address that is not a UUID names no course and no instructor, without asking the server', async () => {
    await expect(fetchCourse('abc')).resolves.toBeNull();
    await expect(fetchProfiles(['abc', '../x'])).resolves.toEqual(new Map());
    expect(getSupabase).not.toHaveBeenCalled();
  });
});
