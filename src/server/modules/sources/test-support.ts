import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { createUser, signIn } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { projects } from '../projects/read-model.js';

/** A data dir of its own for a test file's uploads */
export const tempDataDir = () => mkdtempSync(path.join(tmpdir(), 'pw-sources-'));

/**
 * The file's test app with a data directory of its own (uploads, imports): started before the
 * file's tests, closed and its directory removed after them. Read `t.app` inside tests.
 */
export function appWithDataDir(): Pick<TestApp, 'app'> & { readonly dataDir: string } {
  const dataDir = tempDataDir();
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await createTestApp({ config: { dataDir } });
  });
  afterAll(async () => {
    await started?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    dataDir,
    get app() {
      if (!started) throw new Error('The test app starts in beforeAll: read it inside a test.');
      return started.app;
    },
  };
}

/** A user with a team, a project, and a signed-in client */
export async function sourcesWorld(app: FastifyInstance) {
  const owner = await createUser(app);
  const team = await createTeamFor(app, owner.id);
  const [project] = await app.ctx.db
    .insert(projects)
    .values({ teamId: team.id, name: 'Programme' })
    .returning();
  return { owner, team, project: project!, client: await signIn(app, owner) };
}

type Client = Awaited<ReturnType<typeof signIn>>;

/** A multipart/form-data body with one `file` part, as a browser sends it */
function multipartFile(buffer: Buffer, filename: string) {
  const boundary = `----sources${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    buffer,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST a file to sources.upload; the preview's URL (or the error answer) */
export async function uploadFile(
  client: Client,
  projectId: string,
  buffer: Buffer,
  filename: string,
  datasetId?: string,
) {
  const { payload, headers } = multipartFile(buffer, filename);
  const q = datasetId ? `?dataset=${datasetId}` : '';
  return client.request('POST', `/projects/${projectId}/sources/upload${q}`, payload, headers);
}

/** The upload id in a preview URL */
export const fileIdOf = (location: string) =>
  /source-files\/([0-9a-f-]{36})\/preview/.exec(location)![1];

type PreviewColumn = Record<string, unknown>;

/**
 * Through the routes, as a person does: upload the file, open its preview, take the suggested
 * columns (`change` applied) and start the import. The job is queued, not run. (Tests, the
 * import bench and the import durability test.)
 */
export async function startFileImport(
  client: Client,
  projectId: string,
  buffer: Buffer,
  filename: string,
  opts: {
    datasetId?: string;
    change?: (cols: PreviewColumn[]) => void;
    /** the index of the column holding the stakeholder id (none by default) */
    stakeholderColumn?: number;
  } = {},
) {
  const up = await uploadFile(client, projectId, buffer, filename, opts.datasetId);
  if (up.statusCode !== 303) throw new Error(`the upload answered ${up.statusCode}: ${up.body}`);
  const fileId = fileIdOf(up.headers.location as string);
  const page = await client.page(`/source-files/${fileId}/preview`);
  if (page.component !== 'survey-sources/preview')
    throw new Error(`the preview is ${page.component}`);
  const columns = page.props.columns.map((c: PreviewColumn) => ({
    index: c.index,
    label: c.label,
    type: c.type,
    include: true,
  }));
  opts.change?.(columns);
  const res = await client.post(`/source-files/${fileId}/import`, {
    name: page.props.suggestedName,
    sheet: page.props.upload.sheet,
    stakeholderColumn: opts.stakeholderColumn ?? null,
    columns,
  });
  if (res.statusCode !== 303) throw new Error(`the import answered ${res.statusCode}: ${res.body}`);
  const jobId = /\/jobs\/([0-9a-f-]{36})/.exec(res.headers.location as string)![1];
  return { page, jobId, fileId };
}

/** A CSV of `n` rows: id, name, amount, joined, member */
export function bigCsv(n: number): string {
  let s = 'id,name,amount,joined,member\n';
  for (let i = 1; i <= n; i++)
    s += `${i},Person ${i},${(i * 1.5).toFixed(2)},2026-01-${String((i % 28) + 1).padStart(2, '0')},${i % 2 ? 'yes' : 'no'}\n`;
  return s;
}

type Answer = { status?: number; headers?: Record<string, string>; body?: string | Buffer };

/**
 * A fake file host on 127.0.0.1 (the test config allows it): `set(path, answer)` decides what a
 * path answers; `hits` counts the requests per path.
 */
export async function fakeFileHost() {
  const { createServer } = await import('node:http');
  const answers = new Map<string, Answer | ((res: import('node:http').ServerResponse) => void)>();
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    const p = (req.url ?? '/').split('?')[0];
    hits.set(p, (hits.get(p) ?? 0) + 1);
    const a = answers.get(p);
    if (!a) return void res.writeHead(404).end('not here');
    if (typeof a === 'function') return a(res);
    res.writeHead(a.status ?? 200, { 'content-type': 'text/csv', ...a.headers });
    res.end(a.body ?? '');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    set: (path: string, a: Answer | ((res: import('node:http').ServerResponse) => void)) =>
      void answers.set(path, a),
    hits: (path: string) => hits.get(path) ?? 0,
    unref: () => void server.unref(),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
export type FakeFileHost = Awaited<ReturnType<typeof fakeFileHost>>;
