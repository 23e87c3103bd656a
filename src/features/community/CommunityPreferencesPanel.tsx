import { Link } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { onPracticeRemindersChange, readPracticeReminders } from '../../app/practiceReminders';
import { loadLocalData } from '../../data/loadLocalData';
import { useCommunityPreferences } from '../../data/useCommunityPreferences';
import {
  COMMUNITY_PREFERENCES_KEY,
  DEFAULT_COMMUNITY_PREFERENCES,
  type CommunityNotificationSettings,
  type CommunityPreferences,
  type PrivacyLevel,
} from '../../domain/communityPreferences';
import { PATTERNS } from '../../domain/patterns';
import { SelectField } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import { notify } from '../../ui/toast';

const PRIVACY_OPTIONS: readonly { value: PrivacyLevel; label: string }[] = [
  { value: 'public', label: 'Public: every member' },
  { value: 'followers', label: 'Followers only' },
  { value: 'private', label: 'Only me' },
];

const NOTIFICATION_LABELS: Record<keyof CommunityNotificationSettings, string> = {
  comments: 'Comments on my posts',
  reactions: 'Reactions to my posts',
  follows: 'New followers',
};

const reminderCount = () => readPracticeReminders().length;

/**
 * Community preferences (docs/product.md § Sharing and community): kept with the person's
 * other preferences on this device and synced to a signed-in person's other devices. Who
 * sees my posts is applied by the server; the share screen starts from the default pattern
 * and the share choice; the Community tab's badge counts only the notifications left on.
 * Session reminders are the practice reminders on Settings, shown here with a link.
 */
export function CommunityPreferencesPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const prefs = useCommunityPreferences() ?? DEFAULT_COMMUNITY_PREFERENCES;
  const reminders = useSyncExternalStore(onPracticeRemindersChange, reminderCount, () => 0);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const save = (patch: Partial<CommunityPreferences>) => {
    const next = { ...prefs, ...patch };
    loadLocalData()
      .then((d) => d.setPersonPreference(COMMUNITY_PREFERENCES_KEY, next))
      .catch(() => void notify.error('Could not save your community preferences. Try again.'));
  };

  return (
    <section className="stack" aria-labelledby="community-prefs-heading">
      <Heading id="community-prefs-heading">Community preferences</Heading>
      <SelectField
        label="Default pattern to share"
        hint="The share screen starts from your newest session of this pattern."
        value={prefs.defaultPattern ?? ''}
        onChange={(e) => save({ defaultPattern: e.target.value || null })}
        options={[{ value: '', label: 'The one I just practised' }, ...PATTERNS.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <SelectField
        label="Who sees my posts"
        value={prefs.privacyLevel}
        onChange={(e) => save({ privacyLevel: e.target.value as PrivacyLevel })}
        hint="Applies to all your posts, those already shared too."
        options={PRIVACY_OPTIONS}
      />
      <Switch
        label="Share to the community by default"
        description="The share screen starts with the Pneuma Community chosen."
        checked={prefs.shareByDefault}
        onCheckedChange={(v) => save({ shareByDefault: v })}
      />
      <p data-testid="community-session-reminders">
        Session reminders: {reminders === 0 ? 'none set' : `${reminders} set on this device`}.{' '}
        <Link to="/settings" hash="reminders">
          Set them in Settings
        </Link>
      </p>
      <fieldset className="stack">
        <legend>Count on the bottom bar’s Community tab</legend>
        {(Object.keys(NOTIFICATION_LABELS) as (keyof CommunityNotificationSettings)[]).map((k) => (
          <Switch
            key={k}
            label={NOTIFICATION_LABELS[k]}
            checked={prefs.notificationSettings[k]}
            onCheckedChange={(v) => save({ notificationSettings: { ...prefs.notificationSettings, [k]: v } })}
          />
        ))}
      </fieldset>
    </section>
  );
}
