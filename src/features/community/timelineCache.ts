import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page, Post } from '../../backend/api/communityApi';

/** Query keys of the community's server state (one cache for every screen). */
export const socialKeys = {
  all: ['social'] as const,
  timeline: (userId: string) => ['social', 'timeline', userId] as const,
  highlights: (userId: string) => ['social', 'highlights', userId] as const,
  explore: (userId: string) => ['social', 'explore', userId] as const,
  community: (userId: string) => ['social', 'community', userId] as const,
  comments: (postId: string) => ['social', 'comments', postId] as const,
  trending: ['social', 'trending'] as const,
};

type Timeline = InfiniteData<Page<Post>, string | null>;

function mapPosts(qc: QueryClient, key: QueryKey, fn: (items: Post[]) => Post[]): void {
  qc.setQueryData<Timeline>(key, (data) =>
    data ? { ...data, pages: data.pages.map((pg) => ({ ...pg, items: fn(pg.items) })) } : data,
  );
}

/** Changes one post wherever the cached timeline holds it (optimistic updates). */
export function patchPost(qc: QueryClient, key: QueryKey, postId: string, patch: (p: Post) => Post): void {
  mapPosts(qc, key, (items) => items.map((p) => (p.id === postId ? patch(p) : p)));
}

/** Changes every post by one author (follow and unfollow). */
export function patchAuthor(qc: QueryClient, key: QueryKey, authorId: string, patch: (p: Post) => Post): void {
  mapPosts(qc, key, (items) => items.map((p) => (p.author.id === authorId ? patch(p) : p)));
}

/** Takes a post out of the cached timeline (deleted, or reported by this viewer). */
export function removePost(qc: QueryClient, key: QueryKey, postId: string): void {
  mapPosts(qc, key, (items) => items.filter((p) => p.id !== postId));
}
