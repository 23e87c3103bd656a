import { useLocalQuery } from '../../data/useLocalQuery';
import { loadLocalData } from '../../data/loadLocalData';
import {
  COMMUNITY_PREFERENCES_KEY,
  parseCommunityPreferences,
  type CommunityNotificationSettings,
  type CommunityPreferences,
  type PrivacyLevel,
} from '../../domain/community/preferences';
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

/**
 * Community preferences (docs/product.md § Sharing and community): kept with the person's
 * other preferences on this device and synced to a signed-in person's other devices. A
 * self-contained panel: mount it on Settings.
 */
export function CommunityPreferencesPanel({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const stored = useLocalQuery((d) => d.getPersonPreference<unknown>(COMMUNITY_PREFERENCES_KEY), []);
  const prefs = parseCommunityPreferences(stored);
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
        value={prefs.defaultPattern ?? ''}
        onChange={(e) => save({ defaultPattern: e.target.value || null })}
        options={[{ value: '', label: 'The one I just practised' }, ...PATTERNS.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <SelectField
        label="Who sees my posts"
        value={prefs.privacyLevel}
        onChange={(e) => save({ privacyLevel: e.target.value as PrivacyLevel })}
        options={PRIVACY_OPTIONS}
      />
      <Switch
        label="Share sessions by default"
        checked={prefs.shareByDefault}
        onCheckedChange={(v) => save({ shareByDefault: v })}
      />
      <Switch
        label="Session reminders from the community"
        checked={prefs.sessionReminders}
        onCheckedChange={(v) => save({ sessionReminders: v })}
      />
      <fieldset className="stack">
        <legend>Tell me about</legend>
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
