import { and, eq, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notFound, ValidationError } from '../../platform/errors.js';
import { idOr404 } from '../../platform/http/ids.js';
import { removeStored, uploadPath } from '../../platform/files/uploads.js';
import type { ImageType } from '../../platform/files/image-sniff.js';
import type { AccountUseCase } from '../../platform/use-case/index.js';
import { imageSrc, imagesOf, type RichDoc } from '../../../shared/community/rich-text.js';
import { communityImages, communityPosts, communityThreads } from './community.tables.js';
import {
  communityOr404,
  isActive,
  membershipOf,
  moderates,
  type Queryable,
} from './community.queries.js';

const postThread = alias(communityThreads, 'image_post_thread');

/** `<dataDir>/uploads/community-<community>/<image>` (the platform's upload storage) */
export const imagePath = (dataDir: string, communityId: string, imageId: string) =>
  uploadPath(dataDir, `community-${communityId}`, imageId);

/** A member records an image they uploaded into the community (not shown until posted). */
export async function recordImage(
  uc: AccountUseCase,
  communityId: string,
  image: { id: string; mime: ImageType; width: number; height: number; byteSize: number },
) {
  const c = await communityOr404(uc.tx, communityId);
  if (!isActive(await membershipOf(uc.tx, c.id, uc.actor.userId))) throw notFound('Community');
  const [row] = await uc.tx
    .insert(communityImages)
    .values({ ...image, communityId: c.id, uploadedBy: uc.actor.userId })
    .returning();
  await uc.audit({
    action: 'community.image_uploaded',
    subject: { type: 'community_image', id: row.id, label: c.name },
    details: { community: c.id, type: image.mime, width: image.width, height: image.height },
  });
  return { ...row, src: imageSrc(c.id, row.id) };
}

type Holder = { threadId: string; postId?: undefined } | { postId: string; threadId?: undefined };
const heldBy = (h: Holder) =>
  h.postId ? eq(communityImages.postId, h.postId) : eq(communityImages.threadId, h.threadId!);

/**
 * The images a thread's opening post or a post shows: each must be one the author uploaded into
 * this community, not shown by another post (else 422 on `body`). They are tied to the post (so
 * they go with it); images it showed before and no longer does are deleted with their files.
 */
export async function attachImages(
  uc: AccountUseCase,
  communityId: string,
  body: RichDoc,
  holder: Holder,
) {
  const refs = imagesOf(body);
  const NOT_HERE = 'An image in the post was not uploaded here: add it with the image button.';
  if (refs.some((r) => r.communityId !== communityId))
    throw new ValidationError({ body: NOT_HERE });
  const ids = refs.map((r) => r.imageId);
  if (ids.length) {
    const rows = await uc.tx
      .select()
      .from(communityImages)
      .where(and(eq(communityImages.communityId, communityId), inArray(communityImages.id, ids)));
    const ok = rows.filter(
      (r) =>
        r.uploadedBy === uc.actor.userId &&
        ((r.threadId === null && r.postId === null) ||
          (holder.postId ? r.postId === holder.postId : r.threadId === holder.threadId)),
    );
    if (ok.length !== ids.length) throw new ValidationError({ body: NOT_HERE });
    await uc.tx
      .update(communityImages)
      .set(holder.postId ? { postId: holder.postId } : { threadId: holder.threadId })
      .where(inArray(communityImages.id, ids));
  }
  const dropped = await uc.tx
    .select({ id: communityImages.id })
    .from(communityImages)
    .where(heldBy(holder));
  await removeImages(
    uc,
    communityId,
    dropped.map((r) => r.id).filter((id) => !ids.includes(id)),
  );
}

/** Delete image rows now and their files once the transaction commits. */
async function removeImages(uc: AccountUseCase, communityId: string, ids: string[]) {
  if (!ids.length) return;
  await uc.tx.delete(communityImages).where(inArray(communityImages.id, ids));
  const dataDir = uc.ctx.config.dataDir;
  uc.afterCommit(async () => {
    for (const id of ids) await removeStored(imagePath(dataDir, communityId, id));
  });
}

/** Before a thread goes: the images of its opening post and of every post in it. */
export async function removeThreadImages(
  uc: AccountUseCase,
  communityId: string,
  threadId: string,
) {
  const posts = uc.tx
    .select({ id: communityPosts.id })
    .from(communityPosts)
    .where(eq(communityPosts.threadId, threadId));
  const rows = await uc.tx
    .select({ id: communityImages.id })
    .from(communityImages)
    .where(or(eq(communityImages.threadId, threadId), inArray(communityImages.postId, posts)));
  await removeImages(
    uc,
    communityId,
    rows.map((r) => r.id),
  );
}

/** Before posts go: their images. */
export async function removePostImages(uc: AccountUseCase, communityId: string, postIds: string[]) {
  if (!postIds.length) return;
  const rows = await uc.tx
    .select({ id: communityImages.id })
    .from(communityImages)
    .where(inArray(communityImages.postId, postIds));
  await removeImages(
    uc,
    communityId,
    rows.map((r) => r.id),
  );
}

/**
 * An image a viewer may see: an active member of its community, and the image is shown by a
 * thread or post they can read (hidden ones: moderators), or is their own upload not posted yet.
 * Anything else is 404.
 */
export async function readableImage(
  db: Queryable,
  communityId: unknown,
  imageId: unknown,
  userId: string,
) {
  const cid = idOr404(communityId, 'Image');
  const [row] = await db
    .select({
      image: communityImages,
      threadHidden: communityThreads.hidden,
      postHidden: communityPosts.hidden,
      postThreadHidden: postThread.hidden,
    })
    .from(communityImages)
    .leftJoin(communityThreads, eq(communityThreads.id, communityImages.threadId))
    .leftJoin(communityPosts, eq(communityPosts.id, communityImages.postId))
    .leftJoin(postThread, eq(postThread.id, communityPosts.threadId))
    .where(
      and(eq(communityImages.id, idOr404(imageId, 'Image')), eq(communityImages.communityId, cid)),
    )
    .limit(1);
  if (!row) throw notFound('Image');
  const m = await membershipOf(db, cid, userId);
  if (!isActive(m)) throw notFound('Image');
  const { image } = row;
  if (!image.threadId && !image.postId) {
    if (image.uploadedBy !== userId) throw notFound('Image');
  } else if ((row.threadHidden || row.postHidden || row.postThreadHidden) && !moderates(m))
    throw notFound('Image');
  return image;
}
