import { existsSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../../../test/helpers/auth.js';
import type { TestClient } from '../../../../test/helpers/client.js';
import { createTeamFor } from '../../../../test/helpers/team-membership.js';
import { IMAGE_LIMITS } from '../../platform/files/image-sniff.js';
import { docOf, type RichDoc, type RichNode } from '../../../shared/community/rich-text.js';
import { SHIPPED_LIBRARY } from '../libraries/index.js';
import { libraryItems } from '../libraries/libraries.tables.js';
import { problems } from '../problems/read-model.js';
import { projects } from '../projects/read-model.js';
import { appWithDataDir } from '../sources/test-support.js';
import { communityImages } from './community.tables.js';
import { imagePath } from './community.images.js';
import { IMAGE_RETENTION_MS, pruneCommunityImages } from './community.prune-job.js';

const t = appWithDataDir();

const JSON_H = { accept: 'application/json' };
interface Person {
  user: TestUser;
  c: TestClient;
  teamId: string;
  send(method: string, url: string, body?: unknown): ReturnType<TestClient['request']>;
}
async function person(name: string): Promise<Person> {
  const user = await createUser(t.app, { name });
  const team = await createTeamFor(t.app, user.id, `${name}’s team`);
  const c = await signIn(t.app, user);
  return {
    user,
    c,
    teamId: team.id,
    send: (m, url, body) => c.request(m, url, body, JSON_H, false),
  };
}

async function community(owner: Person, ...members: Person[]) {
  const res = await owner.send('POST', '/community/communities', {
    name: `Practitioners ${Math.random().toString(36).slice(2, 8)}`,
    description: '',
    joinPolicy: 'open',
  });
  expect(res.statusCode).toBe(303);
  const id = res.headers.location!.split('/').pop()!;
  for (const m of members)
    expect((await m.send('POST', `/community/communities/${id}/join`)).statusCode).toBe(303);
  return id;
}

/** A multipart body with one `file` part; the browser's claimed type is whatever we say */
function multipart(buffer: Buffer, filename: string, type = 'image/png') {
  const boundary = `----img${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), buffer, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...JSON_H },
  };
}
async function upload(
  p: Person,
  communityId: string,
  buffer: Buffer,
  name = 'photo.png',
  type?: string,
) {
  const { payload, headers } = multipart(buffer, name, type);
  return p.c.request(
    'POST',
    `/community/communities/${communityId}/images`,
    payload,
    headers,
    false,
  );
}

/** A PNG header (signature and IHDR) of the given size, padded */
function png(width: number, height: number, pad = 64) {
  const b = Buffer.alloc(33 + pad);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 2;
  return b;
}
/** A JPEG with an APP0 segment then a SOF0 frame of the given size */
function jpeg(width: number, height: number) {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...new Array(20).fill(0), 0xff, 0xd9]);
}
function gif(width: number, height: number) {
  const b = Buffer.alloc(40);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
}
function webp(width: number, height: number) {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(width - 1, 24, 3);
  b.writeUIntLE(height - 1, 27, 3);
  return b;
}

const withImage = (src: string, alt = 'A handwashing station'): RichDoc => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: 'Our station:' }] },
    { type: 'image', attrs: { src, alt } },
  ],
});
const withCard = (item: string, text = 'This worked for us.'): RichDoc => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text }] },
    { type: 'libraryCard', attrs: { item } } as RichNode,
  ],
});
async function thread(p: Person, communityId: string, body: RichDoc) {
  const res = await p.send('POST', `/community/communities/${communityId}/threads`, {
    title: 'Show and tell',
    body,
  });
  return res;
}
const idOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.location).split('/').pop()!.split('#')[0];

describe('images in posts', () => {
  it('accepts PNG, JPEG, WebP and GIF by their bytes and answers where to find them', async () => {
    const ann = await person('Ann');
    const cid = await community(ann);
    for (const [buf, type] of [
      [png(640, 480), 'image/png'],
      [jpeg(800, 600), 'image/jpeg'],
      [webp(300, 200), 'image/webp'],
      [gif(10, 10), 'image/gif'],
    ] as const) {
      // the name and the Content-Type the browser claims do not matter
      const res = await upload(ann, cid, buf, 'whatever.bin', 'application/octet-stream');
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json();
      expect(body.src).toBe(`/community/communities/${cid}/images/${body.id}`);
      const [row] = await t.app.ctx.db
        .select()
        .from(communityImages)
        .where(eq(communityImages.id, body.id));
      expect(row.mime).toBe(type);
      // the uploader sees it before posting it
      const got = await ann.c.request('GET', body.src, undefined, {}, false);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe(type);
    }
  });

  it('refuses lying bytes, SVG, files too big and decompression bombs, keeping nothing', async () => {
    const ann = await person('Ann');
    const cid = await community(ann);
    const cases: Array<[Buffer, string, RegExp]> = [
      [Buffer.from('this is not an image at all'), 'photo.png', /not a PNG, JPEG, WebP or GIF/],
      [Buffer.from('%PDF-1.7\n'), 'photo.jpg', /not a PNG, JPEG, WebP or GIF/],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'logo.png',
        /SVG/,
      ],
      [Buffer.from('\uFEFF  <?xml version="1.0"?><svg/>'), 'logo.svg', /SVG/],
      [png(50_000, 50_000), 'bomb.png', /too large \(50,000 × 50,000 pixels\)/],
      [png(9000, 9000), 'wide.png', /too large/],
      [jpeg(65_000, 65_000), 'bomb.jpg', /too large/],
      [gif(65_535, 65_535), 'bomb.gif', /too large/],
      [webp(16_000, 16_000), 'bomb.webp', /too large/],
      [
        Buffer.concat([png(10, 10), Buffer.alloc(IMAGE_LIMITS.bytes)]),
        'big.png',
        /larger than 5 MB/,
      ],
      [Buffer.alloc(0), 'empty.png', /empty|Choose/],
    ];
    for (const [buf, name, message] of cases) {
      const res = await upload(ann, cid, buf, name, 'image/png');
      expect(res.statusCode, name).toBe(422);
      expect(JSON.stringify(res.json()), name).toMatch(message);
    }
    const rows = await t.app.ctx.db
      .select()
      .from(communityImages)
      .where(eq(communityImages.communityId, cid));
    expect(rows).toHaveLength(0);
  });

  it('serves an image only to members of its community, with safe headers', async () => {
    const ann = await person('Ann');
    const bea = await person('Bea');
    const cal = await person('Cal');
    const cid = await community(ann, bea);
    const other = await community(cal);
    const up = (await upload(ann, cid, png(20, 10))).json();
    // not posted yet: only its uploader
    expect((await bea.c.request('GET', up.src, undefined, {}, false)).statusCode).toBe(404);
    const res = await thread(ann, cid, withImage(up.src));
    expect(res.statusCode, res.body).toBe(303);
    const got = await bea.c.request('GET', up.src, undefined, {}, false);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-disposition']).toBe(`inline; filename="image-${up.id}.png"`);
    expect(got.rawPayload.subarray(0, 8)).toEqual(png(20, 10).subarray(0, 8));
    // a non-member, or the image asked for under another community: 404
    expect((await cal.c.request('GET', up.src, undefined, {}, false)).statusCode).toBe(404);
    const elsewhere = `/community/communities/${other}/images/${up.id}`;
    expect((await cal.c.request('GET', elsewhere, undefined, {}, false)).statusCode).toBe(404);
    // a non-member cannot upload either
    expect((await upload(cal, cid, png(5, 5))).statusCode).toBe(404);
    // the rendered post shows it lazily with its alt text
    const page = await bea.c.page(`/community/threads/${idOf(res)}`);
    expect(page.props.thread.html).toContain(
      `<img src="${up.src}" alt="A handwashing station" loading="lazy">`,
    );
  });

  it('refuses a src that is not our image route, and images of other people or communities', async () => {
    const ann = await person('Ann');
    const bea = await person('Bea');
    const cid = await community(ann, bea);
    const other = await community(ann);
    const foreign = await thread(ann, cid, withImage('https://evil.example/pixel.png'));
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.body).toBe('Images must be uploaded with the image button.');
    const noAlt = await thread(
      ann,
      cid,
      withImage((await upload(ann, cid, png(4, 4))).json().src, ''),
    );
    expect(noAlt.json().errors.body).toMatch(/alt text/);
    // Bea's upload, or one into another community, cannot go into Ann's post
    const beas = (await upload(bea, cid, png(4, 4))).json();
    expect((await thread(ann, cid, withImage(beas.src))).json().errors.body).toMatch(
      /not uploaded here/,
    );
    const elsewhere = (await upload(ann, other, png(4, 4))).json();
    expect((await thread(ann, cid, withImage(elsewhere.src))).json().errors.body).toMatch(
      /not uploaded here/,
    );
    // an image shown by one post cannot be claimed by another
    const mine = (await upload(ann, cid, png(4, 4))).json();
    expect((await thread(ann, cid, withImage(mine.src))).statusCode).toBe(303);
    expect((await thread(ann, cid, withImage(mine.src))).json().errors.body).toMatch(
      /not uploaded here/,
    );
  });

  it('deleting a post or thread, or editing the image out, deletes the image and its file', async () => {
    const ann = await person('Ann');
    const bea = await person('Bea');
    const cid = await community(ann, bea);
    const a = (await upload(ann, cid, png(8, 8))).json();
    const b = (await upload(bea, cid, png(8, 8))).json();
    const c = (await upload(ann, cid, png(8, 8))).json();
    const threadId = idOf(await thread(ann, cid, withImage(a.src)));
    const resp = await bea.send('POST', `/community/threads/${threadId}/posts`, {
      body: withImage(b.src, 'Our tippy tap'),
    });
    expect(resp.statusCode, resp.body).toBe(303);
    const postId = String(resp.headers.location).split('#post-')[1];
    const file = (id: string) => imagePath(t.dataDir, cid, id);
    expect(existsSync(file(b.id))).toBe(true);
    // the response goes: its image is gone for everyone
    expect((await bea.send('DELETE', `/community/posts/${postId}`)).statusCode).toBe(303);
    expect((await ann.c.request('GET', b.src, undefined, {}, false)).statusCode).toBe(404);
    expect(existsSync(file(b.id))).toBe(false);
    // an edit that swaps the image drops the old one
    const edit = await ann.send('PUT', `/community/threads/${threadId}`, {
      title: 'Show and tell',
      body: withImage(c.src),
    });
    expect(edit.statusCode, edit.body).toBe(303);
    expect(existsSync(file(a.id))).toBe(false);
    expect((await bea.c.request('GET', c.src, undefined, {}, false)).statusCode).toBe(200);
    // the thread goes with its image
    expect((await ann.send('DELETE', `/community/threads/${threadId}`)).statusCode).toBe(303);
    expect(existsSync(file(c.id))).toBe(false);
    expect((await ann.c.request('GET', c.src, undefined, {}, false)).statusCode).toBe(404);
  });
});

describe('library cards', () => {
  const shipped = SHIPPED_LIBRARY.find((e) => e.kind === 'problem')!;

  async function teamItem(p: Person) {
    const [row] = await t.app.ctx.db
      .insert(libraryItems)
      .values({
        teamId: p.teamId,
        kind: 'problem',
        sector: shipped.sector,
        title: 'Our own school WASH problem',
        summary: 'Saved from our work',
        template: shipped.template as never,
        createdBy: p.user.id,
      })
      .returning();
    return row.id;
  }

  it('shares a team’s library problem into a thread; another team’s member copies it', async () => {
    const ann = await person('Ann');
    const bea = await person('Bea');
    const cid = await community(ann, bea);
    const item = await teamItem(ann);
    // the share page lists Ann's communities; the thread form opens with the card
    const share = await ann.c.page(`/community/share/${item}`);
    expect(share.props.communities.map((c: { id: string }) => c.id)).toContain(cid);
    const form = await ann.c.page(`/community/communities/${cid}/threads/create?card=${item}`);
    expect(form.props.sharing).toBe(item);
    expect(form.props.cards).toEqual({ [item]: 'Our own school WASH problem' });
    const res = await thread(ann, cid, withCard(item));
    expect(res.statusCode, res.body).toBe(303);
    const threadId = idOf(res);
    const page = await bea.c.page(`/community/threads/${threadId}`);
    const href = `/community/threads/${threadId}/cards/${item}`;
    expect(page.props.thread.html).toContain('Our own school WASH problem');
    expect(page.props.thread.html).toContain(`href="${href}"`);
    // Bea's team cannot see Ann's library item, but the card in her community she can copy
    expect((await bea.c.get(`/libraries/${item}`)).statusCode).toBe(404);
    const card = await bea.c.page(href);
    expect(card.props.card.title).toBe('Our own school WASH problem');
    expect(card.props.canCopy).toBe(true);
    const copy = await bea.send('POST', `${href}/copy`, { newProjectName: 'From the community' });
    expect(copy.statusCode, copy.body).toBe(303);
    const [project] = await t.app.ctx.db
      .select()
      .from(projects)
      .where(eq(projects.name, 'From the community'));
    expect(project.teamId).toBe(bea.teamId);
    const copied = await t.app.ctx.db
      .select()
      .from(problems)
      .where(eq(problems.projectId, project.id));
    expect(copied).toHaveLength(1);
    expect(copied[0].teamId).toBe(bea.teamId);
  });

  it('copies only cards a reader may see: members, the item on a card of that thread, their own team', async () => {
    const ann = await person('Ann');
    const bea = await person('Bea');
    const cal = await person('Cal');
    const cid = await community(ann, bea);
    const hidden = await teamItem(ann);
    const threadId = idOf(await thread(ann, cid, withCard(shipped.slug)));
    const body = { newProjectName: 'Copied' };
    // not a member: 404 on the card and its copy
    expect(
      (await cal.c.get(`/community/threads/${threadId}/cards/${shipped.slug}`)).statusCode,
    ).toBe(404);
    expect(
      (await cal.send('POST', `/community/threads/${threadId}/cards/${shipped.slug}/copy`, body))
        .statusCode,
    ).toBe(404);
    // a member asking for an item no card of the thread shows (another team's private item): 404
    expect((await bea.c.get(`/community/threads/${threadId}/cards/${hidden}`)).statusCode).toBe(
      404,
    );
    expect(
      (await bea.send('POST', `/community/threads/${threadId}/cards/${hidden}/copy`, body))
        .statusCode,
    ).toBe(404);
    // a card naming an item the author's team does not hold is refused
    const bad = await thread(bea, cid, withCard(hidden));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.body).toMatch(/library does not hold/);
    // a shipped card: copied into Bea's project
    const [p] = await t.app.ctx.db
      .insert(projects)
      .values({ teamId: bea.teamId, name: 'Bea programme' })
      .returning();
    const ok = await bea.send('POST', `/community/threads/${threadId}/cards/${shipped.slug}/copy`, {
      projectId: p.id,
    });
    expect(ok.statusCode, ok.body).toBe(303);
    // a project of another team is not found
    const [annP] = await t.app.ctx.db
      .insert(projects)
      .values({ teamId: ann.teamId, name: 'Ann programme' })
      .returning();
    const cross = await bea.send(
      'POST',
      `/community/threads/${threadId}/cards/${shipped.slug}/copy`,
      {
        projectId: annP.id,
      },
    );
    expect(cross.statusCode).toBe(404);
    // docOf keeps working for posts without cards
    expect((await thread(bea, cid, docOf('plain'))).statusCode).toBe(303);
  });
});

describe('images never posted', () => {
  it('prunes images uploaded but never posted after a day (file and row), keeping posted ones', async () => {
    // earlier tests' unposted images go first (a clock two days ahead), so the counts below are
    // this test's own whatever the time between their uploads and these
    await pruneCommunityImages(t.app.ctx, new Date(Date.now() + 2 * IMAGE_RETENTION_MS));
    const ann = await person('Ann');
    const cid = await community(ann);
    const posted = (await upload(ann, cid, png(8, 8))).json();
    const unposted = (await upload(ann, cid, png(8, 8))).json();
    expect((await thread(ann, cid, withImage(posted.src))).statusCode).toBe(303);
    const file = (id: string) => imagePath(t.dataDir, cid, id);
    const [row] = await t.app.ctx.db
      .select()
      .from(communityImages)
      .where(eq(communityImages.id, unposted.id));
    const uploadedAt = row.createdAt.getTime();
    const ids = async () =>
      (
        await t.app.ctx.db
          .select({ id: communityImages.id })
          .from(communityImages)
          .where(eq(communityImages.communityId, cid))
      ).map((r) => r.id);
    // an injected clock: just under a day after the upload, both stay
    expect(
      await pruneCommunityImages(t.app.ctx, new Date(uploadedAt + IMAGE_RETENTION_MS - 1000)),
    ).toBe(0);
    expect(await ids()).toEqual(expect.arrayContaining([posted.id, unposted.id]));
    expect(existsSync(file(unposted.id))).toBe(true);
    // past a day, the unposted image goes, the posted one stays
    expect(
      await pruneCommunityImages(t.app.ctx, new Date(uploadedAt + IMAGE_RETENTION_MS + 1000)),
    ).toBe(1);
    expect(existsSync(file(unposted.id))).toBe(false);
    expect(existsSync(file(posted.id))).toBe(true);
    expect(await ids()).toEqual([posted.id]);
    expect((await ann.c.request('GET', unposted.src, undefined, {}, false)).statusCode).toBe(404);
    expect((await ann.c.request('GET', posted.src, undefined, {}, false)).statusCode).toBe(200);
  });

  it('the worker knows community.prune-images as a periodic job', () => {
    expect(t.app.ctx.jobs.registry.get('community.prune-images')?.options.everyMs).toBe(
      60 * 60 * 1000,
    );
  });
});
