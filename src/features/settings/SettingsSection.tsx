import { useId, type ComponentType, type ReactNode } from 'react';

/**
 * One section of the Settings screen: a heading and its controls. Another feature adds its
 * own settings as a section (a component of its own folder) by one line in ./sections.ts.
 */
export interface SettingsSectionSpec {
  /** Stable id, also the section's anchor (/settings#id). */
  id: string;
  title: string;
  /** One sentence under the heading: what these settings change. */
  description?: string;
  /** The section's controls; it renders inside the section, below the heading. */
  Component: ComponentType;
  /**
   * The component is a titled panel of its own (a section with its h2, as on Profile before
   * Settings existed): the screen gives it the card and the anchor, not a second heading.
   */
  ownHeading?: boolean;
}

export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} className="card settings-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {description ? <p className="muted settings-section__description">{description}</p> : null}
      <div className="settings-section__body">{children}</div>
    </section>
  );
}
