/**
 * What an instructor tells students about themselves (docs/product.md § Instructors): the
 * onboarding form and the server check the same rules, from here.
 *
 * Pure (zod only). Imported by the onboarding screen and server/instructor, never by the
 * first screen.
 */
import { z } from 'zod';

export const PROFILE_LIMITS = Object.freeze({
  nameMin: 2,
  nameMax: 60,
  bioMin: 20,
  bioMax: 1000,
  credentialsMin: 10,
  credentialsMax: 1000,
  specialitiesMin: 1,
  specialitiesMax: 6,
  specialityMax: 40,
  /** Side of the square photo kept after resizing on the device, in pixels. */
  photoSide: 256,
  /** Characters of the photo's data URL the server accepts (a 256 px JPEG is ~15-40 kB). */
  photoMaxChars: 150_000,
});

const L = PROFILE_LIMITS;

/** Specialities offered as choices; an instructor may add their own. */
export const SUGGESTED_SPECIALITIES = [
  'Stress relief',
  'Sleep',
  'Focus',
  'Energy',
  'Breath-hold training',
  'Athletes',
  'Beginners',
  'Meditation',
] as const;

const PHOTO_PATTERN = /^data:image\/(jpeg|webp|png);base64,[A-Za-z0-9+/=]+$/;

export const profileSchema = z.object({
  displayName: z
    .string({ error: 'Display name is required' })
    .trim()
    .min(L.nameMin, `Display name needs at least ${L.nameMin} characters`)
    .max(L.nameMax, `Display name can be at most ${L.nameMax} characters`)
    .refine((name) => !/\p{Cc}/u.test(name), 'Display name cannot contain control characters'),
  bio: z
    .string({ error: 'Bio is required' })
    .trim()
    .min(L.bioMin, `Bio needs at least ${L.bioMin} characters`)
    .max(L.bioMax, `Bio can be at most ${L.bioMax} characters`),
  credentials: z
    .string({ error: 'Credentials are required' })
    .trim()
    .min(L.credentialsMin, `Describe your credentials and experience in at least ${L.credentialsMin} characters`)
    .max(L.credentialsMax, `Credentials can be at most ${L.credentialsMax} characters`),
  specialities: z
    .array(
      z
        .string()
        .trim()
        .min(1, 'A specialty cannot be blank')
        .max(L.specialityMax, `Each specialty can be at most ${L.specialityMax} characters`),
    )
    .min(L.specialitiesMin, 'Choose at least one specialty')
    .max(L.specialitiesMax, `Choose at most ${L.specialitiesMax} specialties`)
    .refine((list) => new Set(list.map((s) => s.toLowerCase())).size === list.length, 'Each specialty only once'),
  photo: z
    .string()
    .max(L.photoMaxChars, 'The photo is too large; choose another')
    .regex(PHOTO_PATTERN, 'The photo must be a JPEG, WebP or PNG image')
    .nullable(),
});

export type InstructorProfileInput = z.infer<typeof profileSchema>;

/** The profile as the server returns it. */
export interface InstructorProfile extends InstructorProfileInput {
  userId: string;
}

export type ProfileField = keyof InstructorProfileInput;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/** The first message per field, or null when the input is valid. */
export function profileErrors(input: unknown, fields?: readonly ProfileField[]): ProfileErrors | null {
  const r = profileSchema.safeParse(input);
  if (r.success) return null;
  const out: ProfileErrors = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] as ProfileField;
    if (fields && !fields.includes(field)) continue;
    out[field] ??= issue.message;
  }
  return Object.keys(out).length ? out : null;
}

/** public.instructor_profiles as the database and /rest/v1 return it. */
export interface ProfileRow {
  user_id: string;
  display_name: string;
  bio: string;
  credentials: string;
  specialities: string[];
  photo: string | null;
}

export const profileFromRow = (r: ProfileRow): InstructorProfile => ({
  userId: r.user_id,
  displayName: r.display_name,
  bio: r.bio,
  credentials: r.credentials,
  specialities: r.specialities,
  photo: r.photo,
});
