import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../../src/server/platform/routes/registry.js';
import { ABILITIES, type Ability } from '../../src/shared/permissions.js';
import type { TestUser } from '../helpers/auth.js';
import { TestClient } from '../helpers/client.js';
import { classify, describeResponse, fillUrl } from './probe.js';
import {
  expectedOutcome,
  SESSION_ACTORS,
  TOKEN_ACTORS,
  type ActorName,
  type Outcome,
  type RouteExpectation,
} from './route-expectations.js';
import { bodyFor } from './route-fixtures.js';
import {
  buildWorld,
  createToken,
  RotatingIpClient,
  setPasswordConfirmed,
  worldIntact,
  type World,
} from './world.js';

interface Caller {
  self: TestUser;
  send(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

const JSON_ACCEPT = { accept: 'application/json' };
export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function matches(expected: Outcome | Outcome[], got: Outcome, access: RouteEntry['access']) {
  const list = Array.isArray(expected) ? expected : [expected];
  if (list.includes(got)) return true;
  // the handler ran and refused the (empty or fixture) body: the access check let the caller in
  if (got === 'invalid' && list.includes('allowed')) return true;
  // a handler may itself send a signed-in user on to the dashboard (e.g. after a mutation): still allowed
  return got === 'dashboard' && list.includes('allowed') && access.kind !== 'guest';
}

/**
 * Runs routes as every kind of caller and reports where the outcome differs from what the declared
 * access implies. Mutations a route is allowed to make (delete team A, sign out, remove a member)
 * are detected after each request and the cast is rebuilt.
 */
export class Matrix {
  world!: World;
  rebuilds = 0;
  private tokens = new Map<string, string>();

  constructor(readonly app: FastifyInstance) {}

  async init() {
    this.world = await buildWorld(this.app);
    return this;
  }

  async ensureWorld() {
    if (await worldIntact(this.world)) return;
    this.world = await buildWorld(this.app);
    this.tokens = new Map();
    this.rebuilds += 1;
  }

  private async token(key: string, userId: string, teamId: string, abilities: readonly Ability[]) {
    let plain = this.tokens.get(key);
    if (!plain) {
      plain = (await createToken(this.app, userId, teamId, abilities, key)).key;
      this.tokens.set(key, plain);
    }
    return plain;
  }

  async caller(name: ActorName, route: RouteEntry): Promise<Caller> {
    const w = this.world;
    const m = w.members;
    const app = this.app;
    const viaToken = async (
      key: string,
      user: TestUser,
      teamId: string,
      abilities: readonly Ability[],
    ): Promise<Caller> => {
      const bearer = await this.token(key, user.id, teamId, abilities);
      const c = new RotatingIpClient(app, { inertia: false });
      return {
        self: user,
        send: (method, url, body) =>
          c.request(
            method,
            url,
            body,
            { ...JSON_ACCEPT, authorization: `Bearer ${bearer}` },
            false,
          ),
      };
    };
    switch (name) {
      case 'anonymous': {
        const c = new RotatingIpClient(app);
        return { self: m.owner, send: (method, url, body) => c.request(method, url, body) };
      }
      case 'anonymous-json':
      case 'no-token': {
        const c = new RotatingIpClient(app, { inertia: false });
        return {
          self: m.owner,
          send: (method, url, body) => c.request(method, url, body, JSON_ACCEPT, false),
        };
      }
      case 'session-cookie':
        return {
          self: m.owner,
          send: (method, url, body) =>
            m.owner.client.request(method, url, body, JSON_ACCEPT, false),
        };
      case 'unverified':
        return {
          self: m.owner,
          send: (method, url, body) => w.unverified.client.request(method, url, body),
        };
      case 'outsider':
        return {
          self: m.owner,
          send: (method, url, body) => w.outsider.client.request(method, url, body),
        };
      case 'owner':
      case 'admin':
      case 'editor':
      case 'viewer':
        return {
          self: m[name],
          send: (method, url, body) => m[name].client.request(method, url, body),
        };
      case 'token-owner':
      case 'token-admin':
      case 'token-editor':
      case 'token-viewer': {
        const role = name.slice('token-'.length) as 'owner' | 'admin' | 'editor' | 'viewer';
        return viaToken(`all:${role}`, m[role], w.teamA.id, ABILITIES);
      }
      case 'token-outsider':
        return {
          ...(await viaToken('all:outsider', w.outsider, w.teamB.id, ABILITIES)),
          self: m.owner,
        };
      case 'token-lacking-ability': {
        const needed = route.access.kind === 'api' ? route.access.ability : 'read';
        return viaToken(
          `lacking:${needed}`,
          m.owner,
          w.teamA.id,
          ABILITIES.filter((a) => a !== needed),
        );
      }
    }
  }

  /** Every method of the route as every caller (least privileged first); the mismatches. */
  async checkRoute(route: RouteEntry, exp: RouteExpectation): Promise<string[]> {
    const actors = route.access.kind === 'api' ? TOKEN_ACTORS : SESSION_ACTORS;
    const scoped = route.parameters.length > 0;
    const problems: string[] = [];
    for (const method of route.methods) {
      for (const actor of actors) {
        await this.ensureWorld();
        const c = await this.caller(actor, route);
        const url = await fillUrl(route, { world: this.world, self: c.self });
        const expected = exp.overrides?.[actor] ?? expectedOutcome(route.access, actor, scoped);
        const body = SAFE_METHODS.has(method)
          ? undefined
          : ((await bodyFor(route.name, method)?.({ world: this.world, self: c.self })) ?? {});
        const res = await c.send(method, url, body);
        const got = classify(res);
        if (!matches(expected, got, route.access)) {
          const hint =
            got === 'invalid' && [expected].flat().includes('not-found')
              ? ` - the input was refused before the record lookup, so scoping went unchecked: add a valid body for '${route.name}' to ROUTE_BODIES in test/security/route-fixtures.ts`
              : '';
          problems.push(
            `${method} ${url} as ${actor}: expected ${[expected].flat().join(' or ')}, got ${got} [${describeResponse(res)}]${hint}`,
          );
        }
      }
    }
    return problems;
  }

  /** confirmPassword routes send an otherwise allowed user to /user/confirm-password (423 for JSON). */
  async checkConfirmPassword(route: RouteEntry): Promise<string[]> {
    const problems: string[] = [];
    for (const method of route.methods) {
      await this.ensureWorld();
      await setPasswordConfirmed(this.world, false);
      try {
        const owner = this.world.members.owner;
        const url = await fillUrl(route, { world: this.world, self: owner });
        const body = SAFE_METHODS.has(method) ? undefined : {};
        const page = await owner.client.request(method, url, body);
        const api = await owner.client.request(method, url, body, JSON_ACCEPT, false);
        if (classify(page) !== 'confirm-password')
          problems.push(
            `${method} ${url} (Inertia): expected a redirect to /user/confirm-password, got ${describeResponse(page)}`,
          );
        if (api.statusCode !== 423)
          problems.push(`${method} ${url} (JSON): expected 423, got ${describeResponse(api)}`);
      } finally {
        await setPasswordConfirmed(this.world, true);
      }
    }
    return problems;
  }

  /** State-changing methods without / with a forged / with another browser's XSRF token: all 419. */
  async checkCsrf(route: RouteEntry): Promise<string[]> {
    const problems: string[] = [];
    for (const method of route.methods.filter((x) => !SAFE_METHODS.has(x))) {
      for (const who of ['anonymous', 'owner'] as const) {
        await this.ensureWorld();
        const client =
          who === 'owner' ? this.world.members.owner.client : new RotatingIpClient(this.app);
        if (!client.cookies.has('XSRF-TOKEN')) await client.get('/');
        const url = await fillUrl(route, { world: this.world, self: this.world.members.owner });
        const base = {
          'x-requested-with': 'XMLHttpRequest',
          'x-inertia': 'true',
          'x-inertia-version': 'test',
          cookie: client.cookieHeader(),
        };
        const send = (extra: Record<string, string>) =>
          this.app.inject({
            method: method as 'POST',
            url,
            headers: { ...base, ...extra },
            payload: {},
          });
        const cases: Array<[string, LightMyRequestResponse]> = [
          ['no token', await send({})],
          ['a forged token', await send({ 'x-xsrf-token': 'forged.token' })],
          ["another browser's token", await send({ 'x-xsrf-token': await this.foreignXsrf() })],
        ];
        for (const [label, res] of cases)
          if (res.statusCode !== 419)
            problems.push(
              `${method} ${url} as ${who} with ${label}: expected 419, got ${describeResponse(res)}`,
            );
      }
    }
    return problems;
  }

  /** A well-signed XSRF token issued to some other browser. */
  private async foreignXsrf() {
    const other = new TestClient(this.app);
    await other.get('/');
    return decodeURIComponent(other.cookies.get('XSRF-TOKEN')!);
  }
}
