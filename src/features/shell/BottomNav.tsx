import { Link, useRouterState } from '@tanstack/react-router';
import {
  bottomTabsA,
  bottomTabsB,
  isActiveLink,
  isBottomNavHidden,
  lastPractisedTarget,
  quickStartTarget,
  type BottomTab,
} from '../../domain/navigation';
import { DEFAULT_PATTERN_ID, getPattern } from '../../domain/patterns';
import { useAuth } from '../../app/auth/authStore';
import { useOnScreenPractice } from '../../app/onScreenPractice';
import { useBottomNavVariant } from './navPreference';
import { useHasHistory, useSelectedPattern, useSessions } from '../../data/hooks';
import { selectedPatternId } from '../../data/selectedPattern';
import { NavIcon } from './NavIcon';
import type { RepliesBadge } from '../../domain/community/unseenReplies';
import { useUnseenReplies } from './useUnseenReplies';

function Tab({ tab, path, replies }: { tab: BottomTab; path: string; replies?: RepliesBadge }) {
  const active = !tab.search && isActiveLink({ to: tab.to, label: tab.label }, path);
  const count = tab.label === 'Community' ? replies : undefined;
  return (
    <li>
      <Link
        to={tab.to}
        search={tab.search}
        aria-current={active ? 'page' : undefined}
        className="bottom-nav__tab"
      >
        <NavIcon name={tab.label} />
        <span>{tab.label}</span>
        {tab.badge ? <span className="badge badge--primary bottom-nav__badge">{tab.badge}</span> : null}
        {count ? (
          <>
            <span className="badge badge--primary bottom-nav__badge" aria-hidden="true" data-testid="replies-badge">
              {count.text}
            </span>
            <span className="visually-hidden">{count.label}</span>
          </>
        ) : null}
      </Link>
    </li>
  );
}

const PLAY_ICON = (
  <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
    <path d="M8 5v14l11-7z" fill="currentColor" />
  </svg>
);

/**
 * The play button, docked in the middle of the bar (it never covers the page): one tap
 * starts what the page shows (a pattern link, a program, a course day: the page's own start),
 * else on home and the library the pattern chosen there, else the last one practised
 * (a program starts that program), countdown and all.
 */
function PlayButton({ userId, path }: { userId: string | null; path: string }) {
  const shown = useOnScreenPractice();
  const selected = useSelectedPattern();
  const sessions = useSessions(userId);
  if (shown) {
    const label = `Practice now: ${shown.name}`;
    return (
      <li className="bottom-nav__play">
        <button
          type="button"
          className="bottom-nav__fab"
          aria-label={label}
          title={label}
          onClick={shown.start}
        >
          {PLAY_ICON}
        </button>
      </li>
    );
  }
  const target = quickStartTarget(
    path,
    selected
      ? { kind: 'pattern', id: selectedPatternId(selected), name: selected.name }
      : undefined,
    lastPractisedTarget(sessions),
  );
  const name = target?.name ?? getPattern(DEFAULT_PATTERN_ID)?.name ?? 'Box Breathing';
  const label = `Practice now: ${name}`;
  return (
    <li className="bottom-nav__play">
      {target?.kind === 'program' ? (
        <Link
          to="/programs/$programId"
          params={{ programId: target.id }}
          search={{ start: 'now' }}
          className="bottom-nav__fab"
          aria-label={label}
          title={label}
        >
          {PLAY_ICON}
        </Link>
      ) : (
        <Link
          to="/session/$mode"
          params={{ mode: 'classic' }}
          search={target ? { pattern: target.id, start: 'now' } : { start: 'now' }}
          className="bottom-nav__fab"
          aria-label={label}
          title={label}
        >
          {PLAY_ICON}
        </Link>
      )}
    </li>
  );
}

/** Touch/mobile bottom navigation, signed-in and guest variants; hidden on session and auth paths. */
export function BottomNav() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const { user } = useAuth();
  const variant = useBottomNavVariant();
  const hasHistory = useHasHistory();
  const replies = useUnseenReplies(user?.id ?? null, path);
  if (isBottomNavHidden(path)) return null;
  const tabs =
    variant === 'A' ? bottomTabsA() : bottomTabsB({ signedIn: Boolean(user), hasHistory });
  const half = Math.ceil(tabs.length / 2) - 1;

  return (
    <nav aria-label="Bottom" className="bottom-nav">
      <ul className={variant === 'B' ? 'bottom-nav__tabs--with-play' : undefined}>
        {tabs.slice(0, variant === 'B' ? half : tabs.length).map((tab) => (
          <Tab key={tab.label} tab={tab} path={path} replies={replies} />
        ))}
        {variant === 'B' ? <PlayButton userId={user?.id ?? null} path={path} /> : null}
        {variant === 'B'
          ? tabs.slice(half).map((tab) => <Tab key={tab.label} tab={tab} path={path} replies={replies} />)
          : null}
      </ul>
    </nav>
  );
}
