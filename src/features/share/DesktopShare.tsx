import { useState } from 'react';
import { smartTemplates } from '../../domain/share/postTemplates';
import { Switch } from '../../ui/Switch';
import { Tabs, type TabItem } from '../../ui/Tabs';
import { AnalyticsTab } from './AnalyticsTab';
import { DownloadCardButton } from './DownloadCardButton';
import { LensOption } from './LensOption';
import { PlatformPicker } from './PlatformPicker';
import { PostEditor } from './PostEditor';
import { ScheduleTab } from './ScheduleTab';
import { SessionPicker } from './SessionPicker';
import { ShareButton } from './ShareButton';
import { ShareResults } from './ShareResults';
import { StatsSummary } from './StatsSummary';
import { TemplateList } from './TemplateList';
import { useShareComposer, type ComposerInput } from './useShareComposer';

/** The desktop share screen: progress, Smart Templates, the editor, platforms; Schedule and Analytics in Advanced Mode. */
export function DesktopShare(props: ComposerInput & { userId: string }) {
  const c = useShareComposer(props);
  const [tab, setTab] = useState('templates');
  const [advanced, setAdvanced] = useState(false);
  const templates = smartTemplates(props.stats);

  const items: TabItem[] = [
    {
      value: 'templates',
      label: 'Templates',
      content: (
        <>
          <h2>Smart Templates</h2>
          <p className="muted">Written from your own figures. Choose one, then change it as you like.</p>
          <TemplateList
            templates={templates}
            selectedText={c.text}
            onChoose={(t) => {
              c.setText(t.text);
              setTab('editor');
            }}
          />
        </>
      ),
    },
    {
      value: 'editor',
      label: 'Editor',
      content: (
        <>
          <PostEditor text={c.text} onChange={c.setText} />
          <SessionPicker sessions={props.sessions} value={c.session?.id} onChange={c.setSessionId} />
        </>
      ),
    },
    {
      value: 'platforms',
      label: 'Platforms',
      content: <PlatformPicker offered={c.offered} chosen={c.platforms} onToggle={c.togglePlatform} />,
    },
  ];
  if (advanced) {
    items.push(
      { value: 'schedule', label: 'Schedule', content: <ScheduleTab text={c.text} /> },
      { value: 'analytics', label: 'Analytics', content: <AnalyticsTab userId={props.userId} /> },
    );
  }

  return (
    <div className="share-desktop">
      <StatsSummary stats={props.stats} />
      <Switch
        label="Advanced Mode"
        description="Adds Schedule (best times to post, a reminder) and Analytics (how your posts did)."
        checked={advanced}
        onCheckedChange={(on) => {
          setAdvanced(on);
          if (!on && (tab === 'schedule' || tab === 'analytics')) setTab('templates');
        }}
      />
      <Tabs label="Share steps" items={items} value={tab} onValueChange={setTab} className="share-tabs" />
      <LensOption c={c} />
      <div className="share-actions">
        <ShareButton blockers={c.blockers} sharing={c.sharing} onShare={() => void c.share()} />
        <DownloadCardButton stats={props.stats} timeZone={props.timeZone} />
      </div>
      <ShareResults outcomes={c.outcomes} />
    </div>
  );
}
