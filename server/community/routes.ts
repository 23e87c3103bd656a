import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiError } from '../api/respond';
import { unseenActivity } from './activity';
import { addComment, deleteComment, listComments } from './comments';
import { community } from './community';
import type { CallerDeps } from '../api/respond';
import { follow, unfollow } from './follows';
import { COMMUNITY_API, COMMUNITY_PREFIX, SOCIAL_LIMITS } from '../../src/contracts/community';
import { explore, highlights } from './lists';
import { deletePost, myPosts, recordLensPost, sharePost, timeline } from './posts';
import { react, unreact } from './reactions';
import { unseenReplies } from './replies';
import { reportPost } from './reports';
import { trendingPatterns } from './trending';

/**
 * The community API, mounted at /api (docs/product.md § Sharing and community): every
 * endpoint needs a signed-in user and runs as that user, so the row-level-security
 * policies of supabase/migrations/20261123020000_social.sql decide who may write what.
 */
export function communityRoutes(deps: CallerDeps): Hono {
  const app = new Hono();
  app.use(
    `${COMMUNITY_PREFIX}/*`,
    bodyLimit({
      maxSize: SOCIAL_LIMITS.bodyBytes,
      onError: (c) => apiError(c, 413, 'payload_too_large', `The body is larger than ${SOCIAL_LIMITS.bodyBytes} bytes`),
    }),
  );
  app.on(COMMUNITY_API.share.method, COMMUNITY_API.share.path, (c) => sharePost(c, deps));
  app.on(COMMUNITY_API.timeline.method, COMMUNITY_API.timeline.path, (c) => timeline(c, deps));
  app.on(COMMUNITY_API.highlights.method, COMMUNITY_API.highlights.path, (c) => highlights(c, deps));
  app.on(COMMUNITY_API.explore.method, COMMUNITY_API.explore.path, (c) => explore(c, deps));
  app.on(COMMUNITY_API.myPosts.method, COMMUNITY_API.myPosts.path, (c) => myPosts(c, deps));
  app.on(COMMUNITY_API.deletePost.method, COMMUNITY_API.deletePost.path, (c) => deletePost(c, deps));
  app.on(COMMUNITY_API.recordLensPost.method, COMMUNITY_API.recordLensPost.path, (c) => recordLensPost(c, deps));
  app.on(COMMUNITY_API.comments.method, COMMUNITY_API.comments.path, (c) => listComments(c, deps));
  app.on(COMMUNITY_API.addComment.method, COMMUNITY_API.addComment.path, (c) => addComment(c, deps));
  app.on(COMMUNITY_API.deleteComment.method, COMMUNITY_API.deleteComment.path, (c) => deleteComment(c, deps));
  app.on(COMMUNITY_API.react.method, COMMUNITY_API.react.path, (c) => react(c, deps));
  app.on(COMMUNITY_API.unreact.method, COMMUNITY_API.unreact.path, (c) => unreact(c, deps));
  app.on(COMMUNITY_API.follow.method, COMMUNITY_API.follow.path, (c) => follow(c, deps));
  app.on(COMMUNITY_API.unfollow.method, COMMUNITY_API.unfollow.path, (c) => unfollow(c, deps));
  app.on(COMMUNITY_API.report.method, COMMUNITY_API.report.path, (c) => reportPost(c, deps));
  app.on(COMMUNITY_API.unseenReplies.method, COMMUNITY_API.unseenReplies.path, (c) => unseenReplies(c, deps));
  app.on(COMMUNITY_API.unseenActivity.method, COMMUNITY_API.unseenActivity.path, (c) => unseenActivity(c, deps));
  app.on(COMMUNITY_API.community.method, COMMUNITY_API.community.path, (c) => community(c, deps));
  app.on(COMMUNITY_API.trending.method, COMMUNITY_API.trending.path, (c) => trendingPatterns(c, deps));
  return app;
}
