import { Link } from '@tanstack/react-router';
import { useAuth } from '../../app/auth/authStore';
import { SettingsSection, type SettingsSectionSpec } from './SettingsSection';
import { SETTINGS_SECTIONS } from './sections';
import './settings.css';

/**
 * Settings (docs/product.md § Around the practice): one place for the theme, motion, cues,
 * countdown and navigation, for guests too. Display and navigation stay on this device;
 * cues and countdown sync to a member's other devices.
 */
export function SettingsScreen({ sections = SETTINGS_SECTIONS }: { sections?: readonly SettingsSectionSpec[] }) {
  const { user } = useAuth();
  return (
    <div className="page settings">
      <h1>Settings</h1>
      <p className="muted">
        {user
          ? 'Changes apply at once. Sound, vibration and countdown follow you to your other devices; display and navigation stay on this one.'
          : 'Changes apply at once and are kept on this device.'}{' '}
        {user ? null : (
          <Link to="/auth" className="settings__inline-link">
            Sign in to take them to your other devices
          </Link>
        )}
      </p>
      {sections.map(({ id, title, description, Component, ownHeading }) =>
        ownHeading ? (
          <div key={id} id={id} className="card settings-section">
            <Component />
          </div>
        ) : (
          <SettingsSection key={id} id={id} title={title} description={description}>
            <Component />
          </SettingsSection>
        ),
      )}
    </div>
  );
}
