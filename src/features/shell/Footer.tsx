import { parseSocialLinks, type SocialLink } from '../../domain/socialLinks';

/**
 * Footer: the project's social profiles (set at build time with VITE_SOCIAL_LINKS as
 * "Label|https://url,Label|https://url"; src/domain/socialLinks.ts; none are invented)
 * and the copyright line.
 */
function socialLinks(): SocialLink[] {
  return parseSocialLinks(import.meta.env.VITE_SOCIAL_LINKS as string | undefined);
}

export function Footer() {
  const links = socialLinks();
  return (
    <footer className="app-footer">
      {links.length > 0 ? (
        <ul className="row" aria-label="Pneuma on social media">
          {links.map((l) => (
            <li key={l.href}>
              <a href={l.href} rel="noopener noreferrer" target="_blank">
                {l.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p className="muted">© {new Date().getFullYear()} Pneuma. Breathe well.</p>
    </footer>
  );
}
