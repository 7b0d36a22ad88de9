import { channelKind } from '../../../shared/realtime/channels.js';
import type { ServerMessage } from './protocol.js';

/** One open websocket as the hub sees it. */
export interface HubSocket {
  readonly id: string;
  /** channel name -> the presence user id it joined as (undefined for public/private) */
  readonly channels: Map<string, string | undefined>;
  send(msg: ServerMessage): void;
}

export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

interface ChannelState {
  sockets: Set<HubSocket>;
  /** presence only: user id -> info and the sockets that user joined with */
  members: Map<string, { info: unknown; sockets: Set<HubSocket> }>;
}

/**
 * Subscriptions and presence of the sockets connected to THIS process. With several web
 * processes each would hold its own sockets, so scaled deployments use an external
 * Pusher-compatible service instead (config.pusher.external) and this hub stays empty.
 */
export class Hub {
  private channels = new Map<string, ChannelState>();
  readonly sockets = new Map<string, HubSocket>();

  add(socket: HubSocket) {
    this.sockets.set(socket.id, socket);
  }

  has(socketId: string) {
    return this.sockets.has(socketId);
  }

  /** Subscribe; for presence channels returns the member list to send back (after adding the joiner). */
  subscribe(socket: HubSocket, channel: string, member?: PresenceMember): { ids: string[]; hash: Record<string, unknown>; count: number } | null {
    let state = this.channels.get(channel);
    if (!state) {
      state = { sockets: new Set(), members: new Map() };
      this.channels.set(channel, state);
    }
    state.sockets.add(socket);
    socket.channels.set(channel, member?.user_id);
    if (channelKind(channel) !== 'presence' || !member) return null;
    const existing = state.members.get(member.user_id);
    if (existing) existing.sockets.add(socket);
    else {
      state.members.set(member.user_id, { info: member.user_info ?? null, sockets: new Set([socket]) });
      const added: ServerMessage = { event: 'pusher_internal:member_added', channel, data: JSON.stringify({ user_id: member.user_id, user_info: member.user_info ?? null }) };
      for (const s of state.sockets) if (s !== socket) s.send(added);
    }
    const hash: Record<string, unknown> = {};
    for (const [id, m] of state.members) hash[id] = m.info;
    return { ids: Object.keys(hash), hash, count: state.members.size };
  }

  unsubscribe(socket: HubSocket, channel: string) {
    const state = this.channels.get(channel);
    const userId = socket.channels.get(channel);
    socket.channels.delete(channel);
    if (!state) return;
    state.sockets.delete(socket);
    if (userId !== undefined) {
      const m = state.members.get(userId);
      if (m) {
        m.sockets.delete(socket);
        if (m.sockets.size === 0) {
          state.members.delete(userId);
          const removed: ServerMessage = { event: 'pusher_internal:member_removed', channel, data: JSON.stringify({ user_id: userId }) };
          for (const s of state.sockets) s.send(removed);
        }
      }
    }
    if (state.sockets.size === 0) this.channels.delete(channel);
  }

  remove(socket: HubSocket) {
    for (const channel of [...socket.channels.keys()]) this.unsubscribe(socket, channel);
    this.sockets.delete(socket.id);
  }

  /** Deliver an event to every socket on the channel (but the excluded one). Returns how many got it. */
  publish(channel: string, event: string, data: string, excludeSocketId?: string, extra?: { user_id?: string }): number {
    const state = this.channels.get(channel);
    if (!state) return 0;
    const msg: ServerMessage = { event, channel, data, ...(extra?.user_id !== undefined ? { user_id: extra.user_id } : {}) };
    let n = 0;
    for (const s of state.sockets) {
      if (s.id === excludeSocketId) continue;
      s.send(msg);
      n += 1;
    }
    return n;
  }

  subscriberCount(channel: string) {
    return this.channels.get(channel)?.sockets.size ?? 0;
  }
}
