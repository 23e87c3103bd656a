// The community feature's public surface.
export { CommunityScreen } from './CommunityScreen';
export { useUnseenReplies } from './useUnseenReplies';
