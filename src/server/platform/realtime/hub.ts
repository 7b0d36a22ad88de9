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

/** Who authorized a private/presence subscription (at /broadcasting/auth): it lasts as long as they may still listen. */
export interface Principal {
  userId: string;
  sessionId: string;
}

/** One private/presence subscription (or a signed grant not yet used) and who authorized it. */
export interface Binding {
  socket: HubSocket;
  channel: string;
  principal: Principal;
  pending: boolean;
}

/** grants one socket may hold before subscribing (pusher-js asks once per channel) */
const MAX_PENDING_GRANTS = 200;

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
  /** socket -> channel -> who authorized the subscription */
  private bound = new Map<HubSocket, Map<string, Principal>>();
  /** socket -> channel -> a signature handed out by /broadcasting/auth, not yet used */
  private grants = new Map<HubSocket, Map<string, Principal>>();

  add(socket: HubSocket) {
    this.sockets.set(socket.id, socket);
  }

  has(socketId: string) {
    return this.sockets.has(socketId);
  }

  /** /broadcasting/auth signed `channel` for this socket on behalf of `principal` (ignored for sockets not connected here). */
  grant(socketId: string, channel: string, principal: Principal) {
    const socket = this.sockets.get(socketId);
    if (!socket) return;
    let g = this.grants.get(socket);
    if (!g) this.grants.set(socket, (g = new Map()));
    if (g.size >= MAX_PENDING_GRANTS && !g.has(channel)) g.delete(g.keys().next().value!);
    g.set(channel, principal);
  }

  /** The grant for this socket and channel, used up. */
  takeGrant(socket: HubSocket, channel: string): Principal | undefined {
    const g = this.grants.get(socket);
    const p = g?.get(channel);
    if (p) g!.delete(channel);
    if (g?.size === 0) this.grants.delete(socket);
    return p;
  }

  /** Every private/presence subscription and unused grant with who authorized it. */
  bindings(): Binding[] {
    const out: Binding[] = [];
    for (const [socket, m] of this.bound)
      for (const [channel, principal] of m)
        out.push({ socket, channel, principal, pending: false });
    for (const [socket, m] of this.grants)
      for (const [channel, principal] of m) out.push({ socket, channel, principal, pending: true });
    return out;
  }

  hasBindings() {
    return this.bound.size > 0 || this.grants.size > 0;
  }

  /**
   * End a subscription (or drop a grant) whose principal may no longer listen: the socket leaves
   * the channel (presence members see member_removed) and is told why on the channel, as pusher-js
   * reports a refused subscription (Echo's .error() callback). Only if the binding is still `b`'s.
   */
  revoke(b: Binding, message: string) {
    const map = (b.pending ? this.grants : this.bound).get(b.socket);
    if (map?.get(b.channel) !== b.principal) return false;
    if (b.pending) {
      map.delete(b.channel);
      if (map.size === 0) this.grants.delete(b.socket);
      return true;
    }
    this.unsubscribe(b.socket, b.channel);
    b.socket.send({ event: 'pusher:error', channel: b.channel, data: { code: 4009, message } });
    b.socket.send({
      event: 'pusher:subscription_error',
      channel: b.channel,
      data: JSON.stringify({ type: 'AuthError', error: message, status: 403 }),
    });
    return true;
  }

  /** Subscribe; for presence channels returns the member list to send back (after adding the joiner). */
  subscribe(
    socket: HubSocket,
    channel: string,
    member?: PresenceMember,
    principal?: Principal,
  ): { ids: string[]; hash: Record<string, unknown>; count: number } | null {
    let state = this.channels.get(channel);
    if (!state) {
      state = { sockets: new Set(), members: new Map() };
      this.channels.set(channel, state);
    }
    state.sockets.add(socket);
    socket.channels.set(channel, member?.user_id);
    if (principal) {
      let m = this.bound.get(socket);
      if (!m) this.bound.set(socket, (m = new Map()));
      m.set(channel, principal);
    }
    if (channelKind(channel) !== 'presence' || !member) return null;
    const existing = state.members.get(member.user_id);
    if (existing) existing.sockets.add(socket);
    else {
      state.members.set(member.user_id, {
        info: member.user_info ?? null,
        sockets: new Set([socket]),
      });
      const added: ServerMessage = {
        event: 'pusher_internal:member_added',
        channel,
        data: JSON.stringify({ user_id: member.user_id, user_info: member.user_info ?? null }),
      };
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
    const b = this.bound.get(socket);
    if (b?.delete(channel) && b.size === 0) this.bound.delete(socket);
    if (!state) return;
    state.sockets.delete(socket);
    if (userId !== undefined) {
      const m = state.members.get(userId);
      if (m) {
        m.sockets.delete(socket);
        if (m.sockets.size === 0) {
          state.members.delete(userId);
          const removed: ServerMessage = {
            event: 'pusher_internal:member_removed',
            channel,
            data: JSON.stringify({ user_id: userId }),
          };
          for (const s of state.sockets) s.send(removed);
        }
      }
    }
    if (state.sockets.size === 0) this.channels.delete(channel);
  }

  remove(socket: HubSocket) {
    for (const channel of [...socket.channels.keys()]) this.unsubscribe(socket, channel);
    this.bound.delete(socket);
    this.grants.delete(socket);
    this.sockets.delete(socket.id);
  }

  /** Deliver an event to every socket on the channel (but the excluded one). Returns how many got it. */
  publish(
    channel: string,
    event: string,
    data: string,
    excludeSocketId?: string,
    extra?: { user_id?: string },
  ): number {
    const state = this.channels.get(channel);
    if (!state) return 0;
    const msg: ServerMessage = {
      event,
      channel,
      data,
      ...(extra?.user_id !== undefined ? { user_id: extra.user_id } : {}),
    };
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
