/**
 * The one interface the server publishes live events through. The embedded Pusher-protocol
 * endpoint implements it by default; an external Pusher-compatible service when configured.
 */
export interface Publisher {
  publish(channels: string | string[], event: string, data: unknown, opts?: { excludeSocketId?: string }): Promise<void>;
}

/** Channel names used across the app. */
export const channels = {
  user: (userId: string) => `private-user.${userId}`,
  team: (teamId: string) => `private-team.${teamId}`,
  teamPresence: (teamId: string) => `presence-team.${teamId}`,
};
