import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { SERVICE_HERO_KINDS, reviewerAvatarSvg, serviceHeroSvg } from './service-svg';
import { themeSchema } from './theme';
import { RAW_PATHS } from '@kvarta/contract';
import { describeIssues, fastifyPath } from '../../http/route';
import { badRequest } from '../../core/errors';
import type { ServiceHeroKind } from '@kvarta/contract/services';

const scaleQuery = z.object({
  scale: z.coerce.number().int().min(1, 'scale: 1, 2 или 3').max(3, 'scale: 1, 2 или 3').default(1),
  theme: themeSchema,
});
const heroParams = z.object({
  kind: z.enum(SERVICE_HERO_KINDS as [ServiceHeroKind, ...ServiceHeroKind[]], {
    message: 'kind: podbor-i-pokupka, bezopasnaya-sdelka или sell',
  }),
});
const avatarParams = z.object({ n: z.coerce.number().int().min(1, 'n: 1, 2 или 3').max(3, 'n: 1, 2 или 3') });

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  return result.data;
}

/** Services illustrations (SVG, 1x/2x/3x by `?scale=`, a dark variant by `?theme=dark`): heroes by kind and the three reviewers' avatars. */
export async function serviceMediaRoutes(app: FastifyInstance): Promise<void> {
  app.get(fastifyPath(RAW_PATHS.SERVICE_HERO), async (request, reply) => {
    const { kind } = parse(heroParams, request.params, 'params');
    const { scale, theme } = parse(scaleQuery, request.query, 'query');
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(serviceHeroSvg(kind, scale, theme));
  });
  app.get(fastifyPath(RAW_PATHS.REVIEWER_AVATAR), async (request, reply) => {
    const { n } = parse(avatarParams, request.params, 'params');
    const { scale, theme } = parse(scaleQuery, request.query, 'query');
    return reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .send(reviewerAvatarSvg(n as 1 | 2 | 3, scale, theme));
  });
}
