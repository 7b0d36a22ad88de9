import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { solidPng } from '../../../../test/helpers/png.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { runUseCase } from '../../platform/use-case/index.js';
import { formFiles, formResponses } from './forms.tables.js';
import { formFilePath, pruneUnattachedFiles } from './form-files.js';
import { purgeDeletedResponses } from './responses.purge.js';
import { formsTestKit } from './test-support.js';
import { multipartFile } from '../logframe/test-support.js';
import { liveDatasetOf } from '../datasets/index.js';

/** File / photo questions: the public upload, attach on submit, the team's download, purge, prune. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { setup, newForm, add, publish, openToken, publicClient, submit } = formsTestKit(() => t);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const upload = (
  c: TestClient,
  token: string,
  buffer: Buffer,
  o: { name?: string; type?: string; question?: string; lang?: string } = {},
) => {
  const { payload, headers } = multipartFile(buffer, {
    filename: o.name ?? 'pump.png',
    type: o.type ?? 'image/png',
  });
  return c.request(
    'POST',
    `/f/${token}/files?question=${o.question ?? 'photo'}&version=1${o.lang ? `&lang=${o.lang}` : ''}`,
    payload,
    { ...headers, accept: 'application/json' },
    false,
  );
};

async function buildForm() {
  const s = await setup();
  const f = await newForm(s);
  await add(s, f, { key: 'name', type: 'short_text', label: 'Name' });
  await add(s, f, {
    key: 'photo',
    type: 'file',
    label: 'Photo of the pump',
    validation: { fileKinds: 'photo', maxSizeMb: 1 },
  });
  await add(s, f, {
    key: 'receipt',
    type: 'file',
    label: 'Receipt',
    validation: { fileKinds: 'document' },
  });
  await publish(s, f);
  return { s, f, token: await openToken(f) };
}

describe('file questions', () => {
  it('uploads a photo, refuses over-size, a sniffed mismatch and another form’s question', async () => {
    const { token } = await buildForm();
    const c = publicClient();
    const ok = await upload(c, token, solidPng(4, 3));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'pump.png', type: 'image/png' });
    const big = await upload(c, token, Buffer.concat([solidPng(2, 2), Buffer.alloc(1024 * 1024)]));
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.photo).toMatch(/larger than 1 MB/);
    // a PDF where a photo is asked; a PNG claimed as a PDF where a PDF is asked
    const pdf = await upload(c, token, PDF, { name: 'x.pdf', type: 'application/pdf' });
    expect(pdf.json().errors.photo).toBe('Choose a JPEG, PNG or WebP photo.');
    const claimed = await upload(c, token, solidPng(2, 2), {
      name: 'r.pdf',
      type: 'application/pdf',
      question: 'receipt',
    });
    expect(claimed.statusCode).toBe(422);
    expect(claimed.json().errors.receipt).toBe('Choose a PDF.');
    const jpegClaim = await upload(c, token, solidPng(2, 2), { type: 'image/jpeg' });
    expect(jpegClaim.json().errors.photo).toMatch(/not what its type says/);
    expect(
      (await upload(c, token, PDF, { question: 'receipt', type: 'application/pdf' })).statusCode,
    ).toBe(201);
    // no such file question; another form's token cannot reach this form's question
    expect((await upload(c, token, solidPng(2, 2), { question: 'name' })).statusCode).toBe(422);
    const other = await buildForm();
    const res = await upload(c, other.token, solidPng(2, 2));
    expect(res.statusCode).toBe(201);
    const id = res.json().fileId as string;
    const [row] = await t.app.ctx.db.select().from(formFiles).where(eq(formFiles.id, id));
    expect(row.formId).toBe(other.f);
    // nothing of the refused uploads stays on disk
    const rows = await t.app.ctx.db.select().from(formFiles).where(eq(formFiles.formId, other.f));
    expect(rows).toHaveLength(1);
    expect((await upload(c, 'x'.repeat(30), solidPng(2, 2))).statusCode).toBe(404);
  });

  it('takes an audio recording, read from its bytes, and attaches it on submit', async () => {
    const s = await setup();
    const f = await newForm(s);
    await add(s, f, {
      key: 'voice',
      type: 'file',
      label: 'Record your story',
      validation: { fileKinds: 'audio' },
    });
    await publish(s, f);
    const token = await openToken(f);
    const c = publicClient();
    const wav = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([36, 0, 0, 0]),
      Buffer.from('WAVEfmt '),
      Buffer.alloc(64),
    ]);
    // iOS names a voice memo audio/x-m4a: the bytes decide, and say WAV here
    const ok = await upload(c, token, wav, {
      name: 'story.wav',
      type: 'audio/x-m4a',
      question: 'voice',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ name: 'story.wav', type: 'audio/wav' });
    // a photo is not a recording, whatever it is called
    const png = await upload(c, token, solidPng(2, 2), {
      name: 'story.mp3',
      type: 'audio/mpeg',
      question: 'voice',
    });
    expect(png.statusCode).toBe(422);
    expect(png.json().errors.voice).toBe('Choose an audio recording (MP3, M4A, Ogg, WAV or WebM).');
    const sent = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { voice: { ...ok.json(), type: 'audio/mpeg' } },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const [row] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.formId, f));
    // the stored type is the one read from the bytes
    expect(row.answers.voice).toMatchObject({ name: 'story.wav', type: 'audio/wav' });
    const dl = await s.client.get(`/form-responses/${row.id}/files/${ok.json().fileId}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('audio/wav');
  });

  it('answers the upload’s refusals in the respondent’s language (?lang=, as the submission’s lang)', async () => {
    const { s, f, token } = await buildForm();
    const c = publicClient();
    const fr = (buffer: Buffer, o: { name?: string; type?: string; question?: string } = {}) =>
      upload(c, token, buffer, { ...o, lang: 'fr-CA' });
    const errorOf = async (res: ReturnType<typeof upload>, key = 'photo') => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(422);
      return r.json().errors[key] as string;
    };
    const big = Buffer.concat([solidPng(2, 2), Buffer.alloc(1024 * 1024)]);
    expect(await errorOf(fr(big))).toBe('Le fichier dépasse 1 Mo : choisissez-en un plus petit.');
    expect(await errorOf(fr(PDF, { type: 'application/pdf' }))).toBe(
      'Choisissez une photo JPEG, PNG ou WebP.',
    );
    expect(await errorOf(fr(solidPng(2, 2), { type: 'image/jpeg' }))).toBe(
      'Le contenu du fichier ne correspond pas à son type (image/jpeg). Choisissez une photo JPEG, PNG ou WebP.',
    );
    // a decompression bomb: a small PNG whose header says 60,000 × 60,000 pixels
    const bomb = solidPng(2, 2);
    bomb.writeUInt32BE(60_000, 16);
    bomb.writeUInt32BE(60_000, 20);
    expect(await errorOf(fr(bomb))).toBe(
      'L’image est trop grande (60000 × 60000 pixels) : 10000 pixels au plus par côté et 40 mégapixels.',
    );
    expect(await errorOf(upload(c, token, bomb, { lang: 'ar' }))).toBe(
      'الصورة كبيرة جدًا (60000 × 60000 بكسل): الحد الأقصى 10000 بكسل لكل ضلع و40 ميغابكسل.',
    );
    // a PNG signature with no readable header
    const damaged = Buffer.concat([solidPng(2, 2).subarray(0, 8), Buffer.alloc(64, 7)]);
    expect(await errorOf(fr(damaged))).toBe(
      'L’image n’a pas pu être lue : le fichier est peut-être endommagé. Joignez-le à nouveau ou choisissez-en un autre.',
    );
    expect(await errorOf(fr(Buffer.alloc(0)))).toBe('Le fichier est vide : joignez-le à nouveau.');
    expect(await errorOf(fr(solidPng(2, 2), { question: 'name' }), 'question')).toBe(
      'Cette version du formulaire n’a pas cette question de fichier.',
    );
    // without ?lang=: the form's default language (English here)
    expect(await errorOf(upload(c, token, bomb))).toMatch(/^The image is too large/);
    // the form closed: the 409 in French too
    await s.client.put(`/forms/${f}`, { opensAt: '2020-01-01', closesAt: '2021-01-01' });
    const closed = await fr(solidPng(2, 2));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().detail).toBe('Ce formulaire a fermé le 1 janvier 2021.');
  });

  it('attaches on submit, idempotently; refuses another form’s file and a file already used', async () => {
    const { s, f, token } = await buildForm();
    const c = publicClient();
    const up = (await upload(c, token, solidPng(4, 3))).json();
    const id = randomUUID();
    // the sent name/size are replaced by the stored ones
    const body = { id, version: 1, answers: { photo: { ...up, name: 'forged.png' } } };
    const first = await submit(c, token, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await submit(c, token, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('duplicate');
    const [resp] = await t.app.ctx.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.clientId, id));
    expect(resp.answers.photo).toEqual({ ...up });
    const files = await t.app.ctx.db.select().from(formFiles).where(eq(formFiles.formId, f));
    expect(files).toHaveLength(1);
    expect(files[0].responseId).toBe(resp.id);
    // the same file in a second response: refused on the question
    const reuse = await submit(c, token, { id: randomUUID(), version: 1, answers: { photo: up } });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().errors.photo).toMatch(/not received/);
    // another form's upload
    const other = await buildForm();
    const foreign = (await upload(c, other.token, solidPng(2, 2))).json();
    const cross = await submit(c, token, {
      id: randomUUID(),
      version: 1,
      answers: { photo: foreign },
    });
    expect(cross.statusCode).toBe(422);
    // the dataset column holds the file name
    const datasetId = await liveDatasetOf(t.app.ctx.db, s.team.id, 'form', f);
    expect(datasetId).toBeTruthy();

    // the team downloads it; another team gets a 404
    const url = `/form-responses/${resp.id}/files/${up.fileId}`;
    const dl = await s.client.request('GET', url, undefined, {}, false);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="pump.png"/);
    expect(dl.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    const stranger = await signedInUser(t.app);
    await createTeamFor(t.app, stranger.user.id);
    expect((await stranger.client.request('GET', url, undefined, {}, false)).statusCode).toBe(404);
    expect(
      (
        await s.client.request(
          'GET',
          `/form-responses/${resp.id}/files/${foreign.fileId}`,
          undefined,
          {},
          false,
        )
      ).statusCode,
    ).toBe(404);
    // the response page shows it
    const page = await s.client.page(`/form-responses/${resp.id}`);
    expect(
      (page.props as { response: { answers: Record<string, { fileId: string }> } }).response.answers
        .photo.fileId,
    ).toBe(up.fileId);

    // deleted, then purged: the file goes with the response
    const path = formFilePath(t.app.ctx.config.dataDir, f, up.fileId);
    expect(existsSync(path)).toBe(true);
    await t.app.ctx.db
      .update(formResponses)
      .set({ deletedAt: new Date(Date.now() - 86_400_000) })
      .where(eq(formResponses.id, resp.id));
    const actor = {
      userId: s.user.id,
      name: 'Owner',
      email: '',
      teamId: s.team.id,
      role: 'owner' as const,
      tokenId: null,
      ip: null,
      userAgent: 'test',
    };
    const n = await runUseCase(t.app.ctx, actor, async (uc) => {
      uc.unaudited('test');
      return purgeDeletedResponses(uc, s.team.id, new Date());
    });
    expect(n).toBe(1);
    expect(await t.app.ctx.db.select().from(formFiles).where(eq(formFiles.id, up.fileId))).toEqual(
      [],
    );
    expect(existsSync(path)).toBe(false);
  });

  it('prunes uploads never attached after a day', async () => {
    const { f, token } = await buildForm();
    const c = publicClient();
    const up = (await upload(c, token, solidPng(2, 2))).json();
    const path = formFilePath(t.app.ctx.config.dataDir, f, up.fileId);
    expect(await pruneUnattachedFiles(t.app.ctx, new Date())).toBe(0);
    await t.app.ctx.db
      .update(formFiles)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(formFiles.id, up.fileId));
    expect(await pruneUnattachedFiles(t.app.ctx, new Date())).toBeGreaterThanOrEqual(1);
    expect(existsSync(path)).toBe(false);
  });
});
