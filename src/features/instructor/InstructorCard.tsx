import type { ReactNode } from 'react';
import type { InstructorProfile } from '../../domain/instructor/profile';
import { Badge } from '../../ui/Badge';

/** An instructor's face: photo, name, credentials and specialities (public facts only). */
export function InstructorCard({ profile, children, headingLevel = 2 }: { profile: InstructorProfile; children?: ReactNode; headingLevel?: 1 | 2 }) {
  const H = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="card teach-profile" aria-labelledby={`teach-profile-${profile.userId}`}>
      {profile.photo ? (
        <img src={profile.photo} alt={`Photo of ${profile.displayName}`} width={96} height={96} className="teach-avatar" />
      ) : (
        <div className="teach-avatar teach-avatar--empty" aria-hidden="true">
          {profile.displayName.slice(0, 1).toUpperCase()}
        </div>
      )}
      <div className="stack">
        <H id={`teach-profile-${profile.userId}`}>{profile.displayName}</H>
        <p>{profile.bio}</p>
        <h3 className="teach-label">Credentials and experience</h3>
        <p>{profile.credentials}</p>
        <ul className="list-reset row" aria-label="Specialties">
          {profile.specialities.map((s) => (
            <li key={s}>
              <Badge>{s}</Badge>
            </li>
          ))}
        </ul>
        {children}
      </div>
    </section>
  );
}
