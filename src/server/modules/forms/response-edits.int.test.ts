import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.js';
import { solidPng } from '../../../../test/helpers/png.js';
import { signedInUser } from '../../../../test/helpers/auth.js';
import { addMember } from '../../../../test/helpers/team-membership.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { auditLogs } from '../../platform/audit/audit.tables.js';
import { multipartFile } from '../logframe/test-support.js';
import { formFiles, formResponseEdits, formResponses } from './forms.tables.js';
import { formFilePath } from './form-files.js';
import { formsTestKit, type KitState } from './test-support.js';

/**
 * Editing a response's matrix, ranking, location, file and repeat answers: each edit goes through
 * the submission's validation (errors by path inside a repeat) and keeps its history.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const kit = formsTestKit(() => t);
const scale = ['1', '2', '3'].map((v) => ({ value: v, label: `Level ${v}` }));
const rows = ['food', 'water'].map((v) => ({ value: v, label: v === 'food' ? 'Food' : 'Water' }));
const fruit = ['apple', 'pear', 'fig'].map((v) => ({ value: v, label: v }));
type Row = Record<string, unknown>;

describe('editing matrix, ranking, geopoint, file and repeat answers', () => {
  let s: KitState;
  let formId: string;
  let token: string;
  const put = (id: string, body: unknown, c: TestClient = s.client) =>
    c.request('PUT', `/form-responses/${id}`, body, { accept: 'application/json' }, false);
  const stored = async (id: string) =>
    (await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.id, id)))[0];
  const lastChanges = async (id: string) =>
    (await s.client.page(`/form-responses/${id}`)).props.history[0].changes as Row[];
  const upload = (c: TestClient, path: string, buffer: Buffer, type = 'image/png') => {
    const { payload, headers } = multipartFile(buffer, { filename: 'new.png', type });
    return c.request('POST', path, payload, { ...headers, accept: 'application/json' }, false);
  };
  const BASE = {
    sat: { food: '1', water: '2' },
    prio: ['apple', 'pear', 'fig'],
    where: { lat: -1.29, lon: 36.82 },
    members: [
      { name: 'Ann', age: '40' },
      { name: 'Ben', age: '9', school: 'yes' },
    ],
  };
  async function send(answers: Row = BASE, files: Row = {}) {
    const res = await kit.submit(kit.publicClient(), token, {
      id: randomUUID(),
      version: 1,
      answers: { ...answers, ...files },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (
      await t.app.ctx.db.select().from(formResponses).where(eq(formResponses.formId, formId))
    ).sort((a, b) => b.seq - a.seq)[0];
  }

  beforeAll(async () => {
    s = await kit.setup();
    formId = await kit.newForm(s, { anonymous: true });
    await kit.add(s, formId, {
      key: 'sat',
      type: 'matrix',
      label: 'Satisfaction',
      choices: scale,
      rows,
      required: true,
    });
    await kit.add(s, formId, { key: 'prio', type: 'ranking', label: 'Priorities', choices: fruit });
    await kit.add(s, formId, { key: 'where', type: 'geopoint', label: 'Where' });
    await kit.add(s, formId, {
      key: 'photo',
      type: 'file',
      label: 'Photo',
      validation: { fileKinds: 'photo', maxSizeMb: 1 },
    });
    await kit.addMembersRepeat(s, formId, 3);
    await kit.publish(s, formId);
    token = await kit.openToken(formId);
  });

  it('edits a matrix: rows on the scale, checked as on submit, the history with the previous rows', async () => {
    const r = await send();
    const bad = await put(r.id, {
      revision: 1,
      answers: { ...BASE, sat: { food: '9', water: '1' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ sat: 'Row “Food”: choose a value from the scale.' });
    const missing = await put(r.id, { revision: 1, answers: { ...BASE, sat: { food: '3' } } });
    expect(missing.json().errors).toEqual({ sat: 'Answer every row: “Water” has no answer.' });
    const extra = await put(r.id, {
      revision: 1,
      answers: { ...BASE, sat: { food: '1', water: '1', roads: '2' } },
    });
    expect(extra.json().errors).toEqual({ sat: '“roads” is not a row of this question.' });
    const ok = await put(r.id, {
      revision: 1,
      answers: { ...BASE, sat: { water: '3', food: '1' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(r.id)).answers.sat).toEqual({ food: '1', water: '3' });
    expect(await lastChanges(r.id)).toEqual([
      {
        key: 'sat',
        label: 'Satisfaction',
        from: { food: '1', water: '2' },
        to: { food: '1', water: '3' },
      },
    ]);
  });

  it('edits a ranking: every choice once, in the new order', async () => {
    const r = await send();
    const short = await put(r.id, { revision: 1, answers: { ...BASE, prio: ['fig', 'apple'] } });
    expect(short.json().errors).toEqual({ prio: 'Rank all 3 choices (this ranks 2).' });
    const twice = await put(r.id, {
      revision: 1,
      answers: { ...BASE, prio: ['fig', 'fig', 'apple'] },
    });
    expect(twice.json().errors).toEqual({ prio: 'Each choice may be ranked only once.' });
    const ok = await put(r.id, {
      revision: 1,
      answers: { ...BASE, prio: ['fig', 'apple', 'pear'] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(r.id)).answers.prio).toEqual(['fig', 'apple', 'pear']);
    expect(await lastChanges(r.id)).toEqual([
      {
        key: 'prio',
        label: 'Priorities',
        from: ['apple', 'pear', 'fig'],
        to: ['fig', 'apple', 'pear'],
      },
    ]);
  });

  it('edits a location typed in: latitude, longitude, accuracy checked, stored as numbers', async () => {
    const r = await send();
    const lat = await put(r.id, {
      revision: 1,
      answers: { ...BASE, where: { lat: '91', lon: '3' } },
    });
    expect(lat.json().errors).toEqual({
      where: 'Enter a latitude between -90 and 90, e.g. -1.2921.',
    });
    const acc = await put(r.id, {
      revision: 1,
      answers: { ...BASE, where: { lat: '1', lon: '3', accuracy: '-4' } },
    });
    expect(acc.json().errors.where).toMatch(/accuracy in metres/);
    const ok = await put(r.id, {
      revision: 1,
      answers: { ...BASE, where: { lat: '0.3476', lon: '32.5825', accuracy: '12' } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(r.id)).answers.where).toEqual({ lat: 0.3476, lon: 32.5825, accuracy: 12 });
    expect((await lastChanges(r.id))[0]).toMatchObject({
      key: 'where',
      from: { lat: -1.29, lon: 36.82 },
      to: { lat: 0.3476, lon: 32.5825, accuracy: 12 },
    });
  });

  it('edits repeat instances: a cell, an added and a removed instance, errors by path, history by path', async () => {
    const r = await send();
    const bad = await put(r.id, {
      revision: 1,
      answers: {
        ...BASE,
        members: [
          { name: 'Ann', age: 'forty' },
          { age: 9, colour: 'red' },
        ],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'members[1].age': 'Enter a whole number, e.g. 12.',
      'members[2].name': 'This question needs an answer.',
      'members[2].colour': '“colour” is not a question of this form version.',
    });
    const many = await put(r.id, {
      revision: 1,
      answers: { ...BASE, members: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }] },
    });
    expect(many.json().errors).toEqual({ members: 'Add at most 3 members (this has 4).' });
    const none = await put(r.id, { revision: 1, answers: { ...BASE, members: [] } });
    expect(none.json().errors).toEqual({ members: 'Add at least 1 member.' });

    // a cell changed (Ben is 19 now: his school answer is hidden, so cleaned) and Cy added
    const ok = await put(r.id, {
      revision: 1,
      answers: {
        ...BASE,
        members: [
          { name: 'Ann', age: '40' },
          { name: 'Ben', age: '19', school: 'yes' },
          { name: 'Cy', age: '3' },
        ],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(r.id)).answers.members).toEqual([
      { name: 'Ann', age: 40 },
      { name: 'Ben', age: 19 },
      { name: 'Cy', age: 3 },
    ]);
    expect(await lastChanges(r.id)).toEqual([
      { key: 'members[2].age', label: 'Household members 2: Age', from: 9, to: 19 },
      { key: 'members[2].school', label: 'Household members 2: In school?', from: 'yes', to: null },
      { key: 'members[3]', label: 'Household members 3', from: null, to: { name: 'Cy', age: 3 } },
    ]);
    // Ann removed: the instances move up, the history says what each position held before
    const removed = await put(r.id, {
      revision: 2,
      answers: {
        ...BASE,
        members: [
          { name: 'Ben', age: '19' },
          { name: 'Cy', age: '3' },
        ],
      },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await lastChanges(r.id)).map((c) => c.key)).toEqual([
      'members[1].name',
      'members[1].age',
      'members[2].name',
      'members[2].age',
      'members[3]',
    ]);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'form_response.edited'), eq(auditLogs.subjectId, r.id)));
    expect(audit.details).toMatchObject({ revision: 2 });
    // the page shows the version's repeat with its questions (the response page's nested table)
    const page = await s.client.page(`/form-responses/${r.id}`);
    const members = page.props.questions.find((q: Row) => q.key === 'members');
    expect(members.questions.map((q: Row) => q.key)).toEqual(['name', 'age', 'school']);
  });

  it('replaces a file (same size and type checks as the public upload) and removes one', async () => {
    const pub = kit.publicClient();
    const { payload, headers } = multipartFile(solidPng(4, 3), {
      filename: 'pump.png',
      type: 'image/png',
    });
    const first = await pub.request(
      'POST',
      `/f/${token}/files?question=photo&version=1`,
      payload,
      { ...headers, accept: 'application/json' },
      false,
    );
    expect(first.statusCode, first.body).toBe(201);
    const original = first.json();
    const r = await send(BASE, { photo: original });
    const path = `/form-responses/${r.id}/questions/photo/file`;
    // refused as the public form refuses: too large, not a photo, a PNG claimed as a JPEG
    const big = await upload(
      s.client,
      path,
      Buffer.concat([solidPng(2, 2), Buffer.alloc(1024 * 1024)]),
    );
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.photo).toMatch(/larger than 1 MB/);
    const pdf = await upload(s.client, path, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    expect(pdf.json().errors.photo).toBe('Choose a JPEG, PNG or WebP photo.');
    const claim = await upload(s.client, path, solidPng(2, 2), 'image/jpeg');
    expect(claim.json().errors.photo).toMatch(/not what its type says/);
    const noQuestion = await upload(
      s.client,
      `/form-responses/${r.id}/questions/sat/file`,
      solidPng(2, 2),
    );
    expect(noQuestion.json().errors.question).toMatch(/no such file question/);

    const up = await upload(s.client, path, solidPng(8, 8));
    expect(up.statusCode, up.body).toBe(201);
    const replacement = up.json();
    expect(replacement).toMatchObject({ name: 'new.png', type: 'image/png' });
    // a forged answer (another id, or lying about the size) is refused or corrected from the row
    const forged = await put(r.id, {
      revision: 1,
      answers: { ...BASE, photo: { ...original, fileId: randomUUID() } },
    });
    expect(forged.json().errors).toEqual({
      photo: 'This file is not one of this response’s: upload it again.',
    });
    const ok = await put(r.id, {
      revision: 1,
      answers: { ...BASE, photo: { ...replacement, size: 1 } },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await stored(r.id)).answers.photo).toEqual(replacement);
    const [row] = await t.app.ctx.db
      .select()
      .from(formFiles)
      .where(eq(formFiles.id, replacement.fileId));
    expect(row.responseId).toBe(r.id);
    expect((await lastChanges(r.id))[0]).toMatchObject({
      key: 'photo',
      from: original,
      to: replacement,
    });
    // the original file stays with the response (its history still downloads it)
    expect(existsSync(formFilePath(t.app.ctx.config.dataDir, formId, original.fileId))).toBe(true);
    const old = await s.client.request(
      'GET',
      `/form-responses/${r.id}/files/${original.fileId}`,
      undefined,
      { accept: '*/*' },
      false,
    );
    expect(old.statusCode).toBe(200);

    // removing the file: the answer goes, the history keeps it
    const rest: Row = { ...BASE };
    const gone = await put(r.id, { revision: 2, answers: rest });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await stored(r.id)).answers.photo).toBeUndefined();
    expect((await lastChanges(r.id))[0]).toMatchObject({
      key: 'photo',
      from: replacement,
      to: null,
    });
    const audits = await t.app.ctx.db
      .select()
      .from(auditLogs)
      .where(
        and(eq(auditLogs.action, 'form_response.file_uploaded'), eq(auditLogs.subjectId, r.id)),
      );
    expect(audits).toHaveLength(1);
    // another team cannot upload to this response; a viewer may not
    const outsider = (await kit.setup()).client;
    expect((await upload(outsider, path, solidPng(2, 2))).statusCode).toBe(404);
    const viewer = await signedInUser(t.app);
    await addMember(t.app, s.team.id, viewer.user.id, 'viewer');
    expect((await upload(viewer.client, path, solidPng(2, 2))).statusCode).toBe(403);
    const edits = await t.app.ctx.db
      .select()
      .from(formResponseEdits)
      .where(eq(formResponseEdits.responseId, r.id));
    expect(edits).toHaveLength(2);
  });
});
