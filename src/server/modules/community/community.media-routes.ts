import { createReadStream, existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { notFound, ValidationError } from '../../platform/errors.js';
import { parseInput } from '../../platform/http/validate.js';
import { removeStored } from '../../platform/files/uploads.js';
import { headOf, receiveFile } from '../../platform/files/receive.js';
import {
  IMAGE_EXTENSIONS,
  IMAGE_LIMITS,
  sniffImage,
  type ImageType,
} from '../../platform/files/image-sniff.js';
import {
  accountActorOf,
  actorOf,
  runAccountUseCase,
  runUseCase,
} from '../../platform/use-case/index.js';
import { roleCan } from '../../../shared/permissions.js';
import {
  copyLibraryProblemSchema,
  copyLibraryStrategySchema,
} from '../../../shared/libraries/libraries.schemas.js';
import {
  copyLibraryProblem,
  copyLibraryStrategy,
  copyTargetProjects,
  findLibraryItem,
  teamProblems,
} from '../libraries/index.js';
import { communityOr404, isActive, listCommunities, membershipOf } from './community.queries.js';
import { imagePath, readableImage, recordImage } from './community.images.js';
import { visibleCard } from './community.cards.js';
import { param, verified } from './community.routes.js';

const MB = 1024 * 1024;
const CHOOSE = 'Choose a PNG, JPEG, WebP or GIF image.';
const teamCreate = { kind: 'team', permission: 'content.create' } as const;
const userOf = (request: FastifyRequest) => request.actor!.user.id;

/** Images in posts (upload, read back) and library cards (share, copy into a project). */
export async function registerCommunityMedia(app: FastifyInstance, ctx: AppContext) {
  // multipart parsing only in this scope: the image streams to the data dir, then is checked
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMAGE_LIMITS.bytes, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
    });
    scope.post(
      '/community/communities/:community/images',
      {
        config: {
          name: 'community.images.store',
          access: verified,
          feature: 'community',
          rateLimit: { max: 30, timeWindow: 60_000 },
        },
      },
      async (request, reply) => {
        // members only, before a byte is written
        const c = await communityOr404(ctx.db, param(request, 'community'));
        if (!isActive(await membershipOf(ctx.db, c.id, userOf(request))))
          throw notFound('Community');
        const id = crypto.randomUUID();
        const to = imagePath(ctx.config.dataDir, c.id, id);
        const { size: byteSize } = await receiveFile(request, to, {
          maxBytes: IMAGE_LIMITS.bytes,
          field: 'file',
          choose: CHOOSE,
          tooLarge: `The image is larger than ${IMAGE_LIMITS.bytes / MB} MB.`,
        });
        try {
          const sniffed = sniffImage(await headOf(to));
          if (!sniffed.ok) throw new ValidationError({ file: sniffed.message });
          const row = await runAccountUseCase(ctx, accountActorOf(request), (uc) =>
            recordImage(uc, c.id, {
              id,
              mime: sniffed.type,
              width: sniffed.width,
              height: sniffed.height,
              byteSize,
            }),
          );
          return reply.code(201).send({
            id: row.id,
            src: row.src,
            width: row.width,
            height: row.height,
          });
        } catch (err) {
          await removeStored(to);
          throw err;
        }
      },
    );
  });

  app.get(
    '/community/communities/:community/images/:image',
    { config: { name: 'community.images.show', access: verified, feature: 'community' } },
    async (request, reply) => {
      const image = await readableImage(
        ctx.db,
        param(request, 'community'),
        param(request, 'image'),
        userOf(request),
      );
      const file = imagePath(ctx.config.dataDir, image.communityId, image.id);
      if (!existsSync(file)) throw notFound('Image');
      const ext = IMAGE_EXTENSIONS[image.mime as ImageType];
      return reply
        .header('content-type', image.mime)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `inline; filename="image-${image.id}.${ext}"`)
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, max-age=3600')
        .send(createReadStream(file));
    },
  );

  // "Share to a community": pick one of your communities, then write a thread carrying the card
  app.get(
    '/community/share/:libraryItem',
    { config: { name: 'community.share', access: verified, feature: 'community' } },
    async (request, reply) => {
      const itemId = param(request, 'libraryItem');
      const teamId = request.actor!.team?.id;
      const item = teamId && itemId ? await findLibraryItem(ctx.db, teamId, itemId) : null;
      if (!item) throw notFound('Library item');
      const mine = await listCommunities(ctx.db, userOf(request), { mine: true });
      return reply.inertia('community/share', {
        item: { id: item.id, kind: item.kind, title: item.title, sectorLabel: item.sectorLabel },
        communities: mine
          .filter((r) => r.myStatus === 'active')
          .map((r) => ({ id: r.community.id, name: r.community.name })),
      });
    },
  );

  app.get(
    '/community/threads/:thread/cards/:item',
    { config: { name: 'community.cards.show', access: verified, feature: 'community' } },
    async (request, reply) => {
      const { thread, item } = await visibleCard(
        ctx.db,
        param(request, 'thread'),
        param(request, 'item'),
        userOf(request),
      );
      const teamId = request.actor!.team?.id ?? null;
      const canCopy = !!teamId && roleCan(request.actor!.role, 'content.create');
      return reply.inertia('community/cards/show', {
        thread: { id: thread.id, title: thread.title },
        card: {
          id: item.id,
          kind: item.kind,
          title: item.title,
          sectorLabel: item.sectorLabel,
          summary: item.summary,
          counts: item.counts,
          metricCount: item.metricCount,
        },
        projects:
          canCopy && item.kind === 'problem' ? await copyTargetProjects(ctx.db, teamId) : [],
        problems: canCopy && item.kind === 'strategy' ? await teamProblems(ctx.db, teamId) : [],
        canCopy,
      });
    },
  );

  app.post(
    '/community/threads/:thread/cards/:item/copy',
    { config: { name: 'community.cards.copy', access: teamCreate, feature: 'community' } },
    async (request, reply) => {
      const threadId = param(request, 'thread');
      const itemId = param(request, 'item');
      const { item } = await visibleCard(ctx.db, threadId, itemId, userOf(request));
      if (item.kind === 'problem') {
        const input = parseInput(copyLibraryProblemSchema, request.body);
        const res = await runUseCase(ctx, actorOf(request), async (uc) => {
          const { thread } = await visibleCard(uc.tx, threadId, itemId, uc.actor.userId);
          return copyLibraryProblem(uc, { itemId: item.id, values: input, sharedIn: thread.id });
        });
        reply.flash({
          success: `“${res.item.title}” copied into ${res.project.name}. It is yours to adapt: set baselines and targets for your context.`,
        });
        return reply.redirect(ctx.routes.url('problems.show', { problem: res.problemId }), 303);
      }
      const input = parseInput(copyLibraryStrategySchema, request.body);
      const res = await runUseCase(ctx, actorOf(request), async (uc) => {
        const { thread } = await visibleCard(uc.tx, threadId, itemId, uc.actor.userId);
        return copyLibraryStrategy(uc, {
          itemId: item.id,
          problemId: input.problemId,
          sharedIn: thread.id,
        });
      });
      reply.flash({
        success: `${res.elementIds.length} activities and outputs from “${res.item.title}” added to ${res.problem.title}. Link them to its outcomes.`,
      });
      return reply.redirect(
        ctx.routes.url('problems.show', { problem: res.problem.id, tab: 'activities' }),
        303,
      );
    },
  );
}
