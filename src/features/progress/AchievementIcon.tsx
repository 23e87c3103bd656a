import type { AchievementIcon as IconName } from '../../domain/achievements';

/** Small line icons for achievements (drawn, so they look the same on every system). */
const PATHS: Record<IconName, string> = {
  sprout: 'M12 21v-8m0 0c0-4-3-6-7-6 0 4 3 6 7 6Zm0-2c0-4 3-7 7-7 0 4-3 7-7 7Z',
  leaf: 'M5 19c0-9 6-14 15-14 0 9-5 15-14 15M5 19l7-7',
  tree: 'M12 22v-6m0 0-5 0 5-7 5 7h-5Zm0-7-4 0 4-6 4 6h-4Z',
  star: 'm12 3 2.8 5.8 6.2.9-4.5 4.4 1 6.3L12 17.5 6.5 20.4l1-6.3L3 9.7l6.2-.9L12 3Z',
  flame: 'M12 22c4 0 7-3 7-7 0-5-4-7-5-12-2 3-3 5-3 7-1-1-2-2-2-4-2 2-4 5-4 9 0 4 3 7 7 7Z',
  clock: 'M12 7v5l3 2m6-2a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z',
  breath: 'M3 9h11a3 3 0 1 0-3-3M3 13h15a3 3 0 1 1-3 3M3 17h7',
};

export function AchievementIcon({ name }: { name: IconName }) {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
