import { useState } from 'react';
import type { Post } from '../../backend/api/communityApi';
import { formatDuration } from '../../domain/duration';
import { linkedPatternOfShared } from '../../domain/links/linkedFrom';
import { sharedTimingLabel } from '../../domain/share/sharedPattern';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Dialog } from '../../ui/Dialog';
import { LineIcon } from '../../ui/LineIcon';
import { ShareLinkButton } from '../pattern-link';
import { AlsoOnLens } from '../wallet';
import { Comments } from './Comments';
import { ReportDialog } from './ReportDialog';
import { timeAgo } from './timeAgo';
import type { usePostActions } from './usePostActions';
import { useTryPattern } from './useTryPattern';

/** The measured figures of the shared session, in words. */
function sessionLine(post: Post): string | undefined {
  const s = post.session;
  if (!s) return undefined;
  const parts = [formatDuration(s.durationSeconds)];
  parts.push(s.targetCycles ? `${s.cycles}/${s.targetCycles} cycles` : `${s.cycles} cycles`);
  if (s.qualityScore !== undefined) parts.push(`quality ${s.qualityScore}/100`);
  return parts.join(' · ');
}

/**
 * One post of the feed. The member's text is shown as text (React escapes it), line
 * breaks kept; nothing a member writes becomes HTML.
 */
export function PostCard({ post, actions }: { post: Post; actions: ReturnType<typeof usePostActions> }) {
  const [showComments, setShowComments] = useState(false);
  const [commentCount, setCommentCount] = useState(post.stats.comments);
  const [reporting, setReporting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tryPattern = useTryPattern(post.pattern);
  const timings = sharedTimingLabel(post.pattern);
  const linked = linkedPatternOfShared(post.pattern);
  const session = sessionLine(post);
  const headingId = `post-${post.id}`;

  return (
    <Card as="article" className="post" aria-labelledby={headingId} data-testid="post">
      <header className="post__header">
        <h2 id={headingId} className="post__author">
          {post.author.name}
          {post.viewer.isOwn ? <span className="badge">You</span> : null}
        </h2>
        <time className="muted" dateTime={post.createdAt}>
          {timeAgo(post.createdAt)}
        </time>
        {!post.viewer.isOwn ? (
          <Button
            variant={post.viewer.followsAuthor ? 'secondary' : 'primary'}
            size="sm"
            aria-pressed={post.viewer.followsAuthor}
            onClick={() => void actions.toggleFollow(post)}
          >
            {post.viewer.followsAuthor ? 'Following' : 'Follow'}
          </Button>
        ) : null}
      </header>
      <p className="post__content">{post.content}</p>
      {post.lensPostId ? <AlsoOnLens lensPostId={post.lensPostId} /> : null}
      <div className="post__pattern">
        <span className="post__pattern-name">{post.pattern.name}</span>
        {timings ? <span className="muted"> {timings}</span> : null}
        {session ? <span className="muted"> · {session}</span> : null}
        {tryPattern ? (
          <Button variant="ghost" size="sm" onClick={tryPattern}>
            Try this pattern
          </Button>
        ) : null}
        {linked ? <ShareLinkButton pattern={linked} label="Copy pattern link" /> : null}
      </div>
      <div className="post__actions">
        <Button
          variant={post.viewer.reacted ? 'primary' : 'secondary'}
          size="sm"
          aria-pressed={post.viewer.reacted}
          onClick={() => void actions.toggleReaction(post)}
        >
          <LineIcon name="wind" size={18} /> <span data-testid="reaction-count">{post.stats.reactions}</span>
          <span className="visually-hidden">
            {post.stats.reactions === 1 ? ' reaction' : ' reactions'}: react to {post.author.name}&apos;s post
          </span>
        </Button>
        <Button variant="ghost" size="sm" aria-expanded={showComments} onClick={() => setShowComments((v) => !v)}>
          Comments ({commentCount})
        </Button>
        {post.viewer.isOwn ? (
          <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
            Delete
          </Button>
        ) : (
          <Button variant="ghost" size="sm" onClick={() => setReporting(true)}>
            Report
          </Button>
        )}
      </div>
      {showComments ? <Comments postId={post.id} onCountChange={(d) => setCommentCount((n) => n + d)} /> : null}
      <ReportDialog
        open={reporting}
        onOpenChange={setReporting}
        author={post.author.name}
        onReport={(reason, details) => void actions.report(post, reason, details)}
      />
      <Dialog open={confirmDelete} onOpenChange={setConfirmDelete} title="Delete this post?" description="It is removed for everyone, with its reactions and comments.">
        <div className="row">
          <Button
            variant="danger"
            onClick={() => {
              setConfirmDelete(false);
              void actions.remove(post);
            }}
          >
            Delete post
          </Button>
          <Button variant="ghost" onClick={() => setConfirmDelete(false)}>
            Keep it
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
