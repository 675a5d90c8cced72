import type { FastifyInstance, FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { PHOTO_FILES, photoDir, type PhotoFile } from '../../feeds';
import { buildingSvg, complexDrawing, layoutSvg, themeSchema } from './index';
import type { ComplexClass, HouseType } from '../../core/model';
import { badRequest, notFound } from '../../core/errors';
import { RAW_PATHS } from '@kvarta/contract';
import { describeIssues, fastifyPath } from '../../http/route';
import { SERVICE_HERO_KINDS, reviewerAvatarSvg, serviceHeroSvg } from './service-svg';
import type { ServiceHeroKind } from '@kvarta/contract/services';
import { coercedPositiveId } from '@kvarta/contract/safe-input';

const scaleSchema = z.coerce.number().int().min(1, 'scale: 1, 2 или 3').max(3, 'scale: 1, 2 или 3').default(1);
const layoutParams = z.object({ code: z.string().regex(/^[0-4]-[1-9]$/, 'code: ожидается вид «2-3»') });
/** Kitchen and living areas are 0 when the listing does not give them: the plan then prints no invented number. */
const layoutQuery = z.object({
  area: z.coerce.number().min(10).max(500).default(50),
  kitchen: z.coerce.number().min(0).max(200).default(0),
  living: z.coerce.number().min(0).max(400).default(0),
  id: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  v: z.coerce.number().int().min(0).max(1000).optional(),
  scale: scaleSchema,
  theme: themeSchema,
});
const complexParams = z.object({ complexId: coercedPositiveId(), n: z.coerce.number().int().min(1).max(9) });
const scaleQuery = z.object({ scale: scaleSchema, theme: themeSchema });
const photoParams = z.object({
  key: z.string().regex(/^[a-f0-9]{64}$/, 'key: хеш SHA-256'),
  file: z.enum(Object.keys(PHOTO_FILES) as [PhotoFile, ...PhotoFile[]]),
});

const heroParams = z.object({
  kind: z.enum(SERVICE_HERO_KINDS as [ServiceHeroKind, ...ServiceHeroKind[]], {
    message: 'kind: podbor-i-pokupka, bezopasnaya-sdelka или sell',
  }),
});
const avatarParams = z.object({ n: z.coerce.number().int().min(1, 'n: 1, 2 или 3').max(3, 'n: 1, 2 или 3') });

/** Generated pictures are drawn again from the same input: a day in caches, a year where the URL names the drawing. */
const sendSvg = (reply: FastifyReply, svg: string, cacheControl = 'public, max-age=86400') =>
  reply.type('image/svg+xml').header('Cache-Control', cacheControl).send(svg);

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssues(where, result.error));
  return result.data;
}

/**
 * Generated pictures (SVG) in 1x/2x/3x, light or `?theme=dark`: layouts, complex illustrations, the services' heroes
 * and the reviewers' avatars; no external image hosts.
 */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get(fastifyPath(RAW_PATHS.LAYOUT), async (request, reply) => {
    const { code } = parse(layoutParams, request.params, 'params');
    const { area, kitchen, living, id, scale, theme } = parse(layoutQuery, request.query, 'query');
    const [rooms, variant] = code.split('-').map(Number) as [number, number];
    const svg = layoutSvg({ rooms, areaTotal: area, areaKitchen: kitchen, livingSpace: living, seed: id ?? variant, theme }, scale);
    // Drawn from the URL alone (numbers, theme, drawing version): the same URL never shows another picture.
    return sendSvg(reply, svg, 'public, max-age=31536000, immutable');
  });
  app.get(fastifyPath(RAW_PATHS.COMPLEX_IMAGE), async (request, reply) => {
    const { complexId, n } = parse(complexParams, request.params, 'params');
    const { scale, theme } = parse(scaleQuery, request.query, 'query');
    const complex = app.memory.complexes.get(complexId);
    if (!complex || n > complex.imageCount) throw notFound('Not Found', { complexId, n });
    return sendSvg(reply, buildingSvg(complexDrawing(complex, n, theme), scale));
  });
  app.get(fastifyPath(RAW_PATHS.PHOTO), async (request, reply) => {
    const { key, file } = parse(photoParams, request.params, 'params');
    const stream = createReadStream(join(photoDir(app.mediaDir, key), file));
    // Open first: a missing photo is a 404 in the envelope, not a broken stream.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', () => reject(notFound('Not Found', { key, file })));
    });
    // Named by the hash of its content: the same URL never shows another picture.
    return reply
      .type(file.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(stream);
  });
  app.get(fastifyPath(RAW_PATHS.PRESET_IMAGE), async (request, reply) => {
    const { code } = parse(z.object({ code: z.string().regex(/^[a-z-]{2,40}$/) }), request.params, 'params');
    const { scale, theme } = parse(scaleQuery, request.query, 'query');
    // Presets share the building illustration, seeded by their code; the premium preset shows a premium house.
    const seed = [...code].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
    const complexClass: ComplexClass = code === 'premium' ? 'PREMIUM' : PRESET_CLASSES[seed % PRESET_CLASSES.length]!;
    const houseType = PRESET_HOUSES[seed % PRESET_HOUSES.length]!;
    const drawing = { complexId: seed % 100_000, variant: 1, floors: complexClass === 'PREMIUM' ? 9 : 16, complexClass, houseType, theme };
    return sendSvg(reply, buildingSvg(drawing, scale));
  });
  app.get(fastifyPath(RAW_PATHS.SERVICE_HERO), async (request, reply) => {
    const { kind } = parse(heroParams, request.params, 'params');
    const { scale, theme } = parse(scaleQuery, request.query, 'query');
    return sendSvg(reply, serviceHeroSvg(kind, scale, theme));
  });
  app.get(fastifyPath(RAW_PATHS.REVIEWER_AVATAR), async (request, reply) => {
    const { n } = parse(avatarParams, request.params, 'params');
    const { scale, theme } = parse(scaleQuery, request.query, 'query');
    return sendSvg(reply, reviewerAvatarSvg(n as 1 | 2 | 3, scale, theme));
  });
}

const PRESET_CLASSES: readonly ComplexClass[] = ['ECONOMY', 'COMFORT', 'BUSINESS'];
const PRESET_HOUSES: readonly HouseType[] = ['MONOLITH', 'MONOLITH_BRICK', 'BRICK', 'PANEL'];
