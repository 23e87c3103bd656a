/**
 * Analytics of the user's own posts (docs/product.md § Sharing and community): what
 * others gave each post, and whether posts made at the optimal posting times did better.
 * Counted from the posts the server returns; nothing estimated.
 */
import { isOptimalPostingTime } from './postingTimes';

interface OwnPost {
  id: string;
  content: string;
  createdAt: string;
  reactions: number;
  comments: number;
}

interface PostAnalytics {
  posts: number;
  reactions: number;
  comments: number;
  /** Reactions plus comments per post, one decimal; undefined without posts. */
  perPost?: number;
  best?: OwnPost;
  atOptimalTimes: { posts: number; perPost?: number };
  otherTimes: { posts: number; perPost?: number };
}

const responses = (p: OwnPost) => p.reactions + p.comments;
const oneDecimal = (n: number) => Math.round(n * 10) / 10;

function average(posts: readonly OwnPost[]): number | undefined {
  return posts.length ? oneDecimal(posts.reduce((s, p) => s + responses(p), 0) / posts.length) : undefined;
}

export function postAnalytics(posts: readonly OwnPost[]): PostAnalytics {
  const optimal = posts.filter((p) => isOptimalPostingTime(new Date(p.createdAt)));
  const other = posts.filter((p) => !optimal.includes(p));
  const best = [...posts].sort((a, b) => responses(b) - responses(a) || b.createdAt.localeCompare(a.createdAt))[0];
  return {
    posts: posts.length,
    reactions: posts.reduce((s, p) => s + p.reactions, 0),
    comments: posts.reduce((s, p) => s + p.comments, 0),
    perPost: average(posts),
    best: best && responses(best) > 0 ? best : undefined,
    atOptimalTimes: { posts: optimal.length, perPost: average(optimal) },
    otherTimes: { posts: other.length, perPost: average(other) },
  };
}
