import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiError } from '../api/respond';
import { unseenActivity } from './activity';
import { addComment, deleteComment, listComments } from './comments';
import { community } from './community';
import type { CommunityDeps } from './context';
import { follow, unfollow } from './follows';
import { SOCIAL_LIMITS } from '../../src/contracts/community';
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
export function communityRoutes(deps: CommunityDeps): Hono {
  const app = new Hono();
  app.use(
    '/social/*',
    bodyLimit({
      maxSize: SOCIAL_LIMITS.bodyBytes,
      onError: (c) => apiError(c, 413, 'payload_too_large', `The body is larger than ${SOCIAL_LIMITS.bodyBytes} bytes`),
    }),
  );
  app.post('/social/share', (c) => sharePost(c, deps));
  app.get('/social/timeline', (c) => timeline(c, deps));
  app.get('/social/highlights', (c) => highlights(c, deps));
  app.get('/social/explore', (c) => explore(c, deps));
  app.get('/social/posts/mine', (c) => myPosts(c, deps));
  app.delete('/social/posts/:id', (c) => deletePost(c, deps));
  app.put('/social/posts/:id/lens', (c) => recordLensPost(c, deps));
  app.get('/social/posts/:id/comments', (c) => listComments(c, deps));
  app.post('/social/comments', (c) => addComment(c, deps));
  app.delete('/social/comments/:id', (c) => deleteComment(c, deps));
  app.post('/social/react', (c) => react(c, deps));
  app.delete('/social/react/:postId', (c) => unreact(c, deps));
  app.post('/social/follow', (c) => follow(c, deps));
  app.delete('/social/follow/:userId', (c) => unfollow(c, deps));
  app.post('/social/report', (c) => reportPost(c, deps));
  app.get('/social/replies/unseen', (c) => unseenReplies(c, deps));
  app.get('/social/activity/unseen', (c) => unseenActivity(c, deps));
  app.get('/social/community', (c) => community(c, deps));
  app.get('/patterns/trending', (c) => trendingPatterns(c, deps));
  return app;
}
