import { Tabs } from '../../ui/Tabs';
import { CommunityList } from './CommunityLists';
import { Feed } from './Feed';

/**
 * The community's three views of posts: the feed (you and the people you follow first, then
 * everyone), the week's highlights and posts to explore. Only the open one is loaded.
 */
export function CommunityFeedTabs({ userId }: { userId: string }) {
  return (
    <Tabs
      label="Community posts"
      className="community__tabs"
      items={[
        { value: 'feed', label: 'Feed', content: <Feed userId={userId} /> },
        {
          value: 'highlights',
          label: 'Highlights',
          content: <CommunityList userId={userId} kind="highlights" />,
        },
        {
          value: 'explore',
          label: 'Explore',
          content: <CommunityList userId={userId} kind="explore" />,
        },
      ]}
    />
  );
}
