import type { OutboundPolicy } from '../../platform/net/outbound.js';
import {
  CONNECTOR_MAX_RECORDS,
  CONNECTOR_PAGE_SIZE,
  type ConnectorKind,
} from '../../../shared/connectors/connectors.constants.js';
import { ConnectorError, requestJson } from './connectors.http.js';
import { formatNumber } from '../../../shared/format/number.js';

/** What a remote client needs: the connector's address and its opened credential */
export interface RemoteSpec {
  kind: ConnectorKind;
  url: string;
  odkProjectId: number | null;
  email: string | null;
  secret: string;
}

interface RemoteForm {
  id: string;
  name: string;
  submissions: number | null;
}

/** A flat record: nested groups joined with "/", lists and objects kept as JSON text */
export type FlatRecord = Record<string, string | number | boolean | null>;

export interface RemoteClient {
  forms(): Promise<RemoteForm[]>;
  /** every submission of a form, page after page; `onPage` hears the running count */
  records(
    formId: string,
    onPage?: (done: number, total: number | null) => Promise<void>,
  ): AsyncGenerator<{ id: string; record: FlatRecord }>;
}

const base = (url: string) => url.replace(/\/+$/, '');
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

function shapeError(what: string): never {
  throw new ConnectorError('protocol', `The service’s answer is not a ${what} list as expected.`);
}

/** Flatten nested objects (ODK groups, Kobo's "group/question" keys stay as they are) */
function flatten(input: Record<string, unknown>, prefix = '', out: FlatRecord = {}) {
  for (const [k, v] of Object.entries(input)) {
    const key = prefix ? `${prefix}/${k}` : k;
    if (v === null || v === undefined) out[key] = null;
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
    else if (!Array.isArray(v) && typeof v === 'object')
      flatten(v as Record<string, unknown>, key, out);
    else out[key] = JSON.stringify(v);
  }
  return out;
}

function tooMany(n: number) {
  if (n > CONNECTOR_MAX_RECORDS)
    throw new ConnectorError(
      'protocol',
      `The form has more than ${formatNumber(CONNECTOR_MAX_RECORDS)} submissions: too many to import.`,
    );
}

/** KoboToolbox API v2 with an API token */
function kobo(spec: RemoteSpec, policy: OutboundPolicy): RemoteClient {
  const headers = { authorization: `Token ${spec.secret}` };
  const get = (path: string) => requestJson(`${base(spec.url)}${path}`, policy, { headers });
  return {
    async forms() {
      const forms: RemoteForm[] = [];
      for (let page = 0; page < 50; page++) {
        const body = obj(
          await get(
            `/api/v2/assets/?format=json&limit=${CONNECTOR_PAGE_SIZE}&start=${page * CONNECTOR_PAGE_SIZE}`,
          ),
        );
        if (!Array.isArray(body.results)) shapeError('form');
        for (const a of body.results.map(obj)) {
          if (a.asset_type !== undefined && a.asset_type !== 'survey') continue;
          if (typeof a.uid !== 'string') continue;
          forms.push({
            id: a.uid,
            name: typeof a.name === 'string' && a.name ? a.name : a.uid,
            submissions:
              typeof a.deployment__submission_count === 'number'
                ? a.deployment__submission_count
                : null,
          });
        }
        if (!body.next || body.results.length < CONNECTOR_PAGE_SIZE) break;
      }
      return forms;
    },
    async *records(formId, onPage) {
      const uid = encodeURIComponent(formId);
      for (let start = 0; ;) {
        const body = obj(
          await get(
            `/api/v2/assets/${uid}/data/?format=json&limit=${CONNECTOR_PAGE_SIZE}&start=${start}`,
          ),
        );
        if (!Array.isArray(body.results)) shapeError('submission');
        const total = typeof body.count === 'number' ? body.count : null;
        if (total !== null) tooMany(total);
        for (const r of body.results.map(obj)) {
          const id = r._id;
          if (typeof id !== 'number' && typeof id !== 'string')
            throw new ConnectorError('protocol', 'A submission has no “_id”.');
          yield { id: String(id), record: flatten(r) };
        }
        tooMany(start + body.results.length);
        start += body.results.length;
        await onPage?.(start, total);
        if (!body.next || body.results.length === 0) return;
      }
    },
  };
}

/** ODK Central: a session from an account's email and password, then its REST and OData APIs */
function odk(spec: RemoteSpec, policy: OutboundPolicy): RemoteClient {
  let token: string | null = null;
  const project = `/v1/projects/${spec.odkProjectId ?? 0}`;
  const session = async () => {
    if (token) return token;
    const body = obj(
      await requestJson(`${base(spec.url)}/v1/sessions`, policy, {
        method: 'POST',
        body: JSON.stringify({ email: spec.email, password: spec.secret }),
      }),
    );
    if (typeof body.token !== 'string')
      throw new ConnectorError('protocol', 'ODK Central did not give a session token.');
    token = body.token;
    return token;
  };
  const get = async (path: string) =>
    requestJson(`${base(spec.url)}${path}`, policy, {
      headers: { authorization: `Bearer ${await session()}` },
    });
  return {
    async forms() {
      const list = await get(`${project}/forms`);
      if (!Array.isArray(list)) shapeError('form');
      return list.map(obj).flatMap((f) =>
        typeof f.xmlFormId === 'string'
          ? [
              {
                id: f.xmlFormId,
                name: typeof f.name === 'string' && f.name ? f.name : f.xmlFormId,
                submissions: typeof f.submissions === 'number' ? f.submissions : null,
              },
            ]
          : [],
      );
    },
    async *records(formId, onPage) {
      const form = encodeURIComponent(formId);
      for (let skip = 0; ;) {
        const body = obj(
          await get(
            `${project}/forms/${form}.svc/Submissions?%24top=${CONNECTOR_PAGE_SIZE}&%24skip=${skip}&%24count=true`,
          ),
        );
        if (!Array.isArray(body.value)) shapeError('submission');
        const total = typeof body['@odata.count'] === 'number' ? body['@odata.count'] : null;
        if (total !== null) tooMany(total);
        for (const r of body.value.map(obj)) {
          if (typeof r.__id !== 'string')
            throw new ConnectorError('protocol', 'A submission has no “__id”.');
          yield { id: r.__id, record: flatten(r) };
        }
        tooMany(skip + body.value.length);
        skip += body.value.length;
        await onPage?.(skip, total);
        if (!body['@odata.nextLink'] || body.value.length === 0) return;
      }
    },
  };
}

export function remoteOf(spec: RemoteSpec, policy: OutboundPolicy): RemoteClient {
  return spec.kind === 'kobo' ? kobo(spec, policy) : odk(spec, policy);
}
