import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small fake KoboToolbox (API v2) and ODK Central (REST + OData) servers on 127.0.0.1 for the
 * connector tests and journey: the documented shapes, token checks and paging (a page holds at
 * most `pageSize` records whatever the client asks, as the real services cap it).
 */
export interface FakeService {
  url: string;
  /** the submissions the service holds now (tests add to it between pulls) */
  records: Array<Record<string, unknown>>;
  /** paths asked, in order */
  requests: string[];
  close(): Promise<void>;
  /** let the process end while the server still listens (a fixture shared by a whole run) */
  unref(): void;
}

export const KOBO_TOKEN = 'kobo-token-5f1c2e';
export const ODK_EMAIL = 'field@example.org';
export const ODK_PASSWORD = 'odk-password-77ab';
export const ODK_PROJECT = 7;

function listen(
  handler: (req: http.IncomingMessage, url: URL, body: string) => [number, unknown],
  records: Array<Record<string, unknown>>,
): Promise<FakeService> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(`${req.method} ${url.pathname}${url.search}`);
      const [status, json] = handler(req, url, body);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        records,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
        unref: () => void server.unref(),
      });
    }),
  );
}

const koboRecords = (): Array<Record<string, unknown>> => [
  {
    _id: 101,
    _uuid: 'a1',
    'household/size': 4,
    'household/head': 'Amina',
    water_source: 'borehole',
    _submission_time: '2026-11-01T09:00:00',
  },
  {
    _id: 102,
    _uuid: 'a2',
    'household/size': 6,
    'household/head': 'Bako',
    water_source: 'river',
    _submission_time: '2026-11-02T10:30:00',
  },
  {
    _id: 103,
    _uuid: 'a3',
    'household/size': 2,
    'household/head': 'Chidi',
    _submission_time: '2026-11-03T11:45:00',
  },
];

/** KoboToolbox: /api/v2/assets/ and /api/v2/assets/{uid}/data/ with limit/start, "Token" auth */
export function fakeKobo(pageSize = 2): Promise<FakeService> {
  const records = koboRecords();
  return listen((req, url) => {
    if (req.headers.authorization !== `Token ${KOBO_TOKEN}`)
      return [401, { detail: 'Invalid token.' }];
    const base = `http://127.0.0.1${url.pathname}`;
    if (url.pathname === '/api/v2/assets/')
      return [
        200,
        {
          count: 2,
          next: null,
          previous: null,
          results: [
            {
              uid: 'aHouseholds1',
              name: 'Household survey',
              asset_type: 'survey',
              deployment__submission_count: records.length,
            },
            { uid: 'qBlock', name: 'A question block', asset_type: 'block' },
          ],
        },
      ];
    const m = /^\/api\/v2\/assets\/([^/]+)\/data\/$/.exec(url.pathname);
    if (!m || m[1] !== 'aHouseholds1') return [404, { detail: 'Not found.' }];
    const limit = Math.min(Number(url.searchParams.get('limit') ?? 100), pageSize);
    const start = Number(url.searchParams.get('start') ?? 0);
    const page = records.slice(start, start + limit);
    const more = start + limit < records.length;
    return [
      200,
      {
        count: records.length,
        next: more ? `${base}?format=json&limit=${limit}&start=${start + limit}` : null,
        previous: null,
        results: page,
      },
    ];
  }, records);
}

const odkRecords = (): Array<Record<string, unknown>> => [
  {
    __id: 'uuid:0a1',
    meta: { instanceID: 'uuid:0a1' },
    name: 'Dara',
    age: 31,
    village: { name: 'Kaya', district: 'North' },
    __system: { submissionDate: '2026-11-04T08:00:00.000Z', reviewState: null },
  },
  {
    __id: 'uuid:0a2',
    meta: { instanceID: 'uuid:0a2' },
    name: 'Esi',
    age: 27,
    village: { name: 'Tamale', district: 'South' },
    __system: { submissionDate: '2026-11-05T08:00:00.000Z', reviewState: 'approved' },
  },
  {
    __id: 'uuid:0a3',
    meta: { instanceID: 'uuid:0a3' },
    name: 'Femi',
    age: 45,
    village: { name: 'Kaya', district: 'North' },
    __system: { submissionDate: '2026-11-06T08:00:00.000Z', reviewState: null },
  },
];

/** ODK Central: POST /v1/sessions, GET /v1/projects/{id}/forms and the OData Submissions feed */
export function fakeOdk(pageSize = 2): Promise<FakeService> {
  const records = odkRecords();
  const session = 'odk-session-token';
  return listen((req, url, body) => {
    if (req.method === 'POST' && url.pathname === '/v1/sessions') {
      const b = JSON.parse(body || '{}') as { email?: string; password?: string };
      return b.email === ODK_EMAIL && b.password === ODK_PASSWORD
        ? [200, { token: session, expiresAt: '2026-12-01T00:00:00.000Z' }]
        : [401, { code: 401.2, message: 'Could not authenticate with the provided credentials.' }];
    }
    if (req.headers.authorization !== `Bearer ${session}`)
      return [401, { code: 401.2, message: 'Could not authenticate.' }];
    const project = `/v1/projects/${ODK_PROJECT}`;
    if (url.pathname === `${project}/forms`)
      return [
        200,
        [
          {
            projectId: ODK_PROJECT,
            xmlFormId: 'registration',
            name: 'Registration',
            state: 'open',
          },
        ],
      ];
    if (url.pathname !== `${project}/forms/registration.svc/Submissions`)
      return [404, { code: 404.1, message: 'Could not find the resource you were looking for.' }];
    const top = Math.min(Number(url.searchParams.get('$top') ?? 100), pageSize);
    const skip = Number(url.searchParams.get('$skip') ?? 0);
    const page = records.slice(skip, skip + top);
    const more = skip + top < records.length;
    return [
      200,
      {
        '@odata.context': `http://127.0.0.1${project}/forms/registration.svc/$metadata#Submissions`,
        ...(url.searchParams.get('$count') === 'true' ? { '@odata.count': records.length } : {}),
        value: page,
        ...(more
          ? {
              '@odata.nextLink': `http://127.0.0.1${url.pathname}?%24top=${top}&%24skip=${skip + top}`,
            }
          : {}),
      },
    ];
  }, records);
}
