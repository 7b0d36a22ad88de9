/**
 * Pusher channel names used across the app (server publishes, browser listens).
 * Prefixes carry meaning in the Pusher protocol: `private-` and `presence-` channels need a
 * signature from POST /broadcasting/auth; anything else is public.
 */
export const channels = {
  user: (userId: string) => `private-user.${userId}`,
  team: (teamId: string) => `private-team.${teamId}`,
  teamPresence: (teamId: string) => `presence-team.${teamId}`,
  /** a community's members (threads, responses, replies) */
  community: (communityId: string) => `private-community.${communityId}`,
};

/** Pusher's limits: channel names of 1-164 of these characters; socket ids "digits.digits". */
export const CHANNEL_NAME_RE = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
export const SOCKET_ID_RE = /^\d+\.\d+$/;

export type ChannelKind = 'public' | 'private' | 'presence';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('presence-')) return 'presence';
  if (name.startsWith('private-')) return 'private';
  return 'public';
}
