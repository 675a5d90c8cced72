import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Apartment } from '../core/model';
import { apartmentPlan, buildingSvg, complexDrawing, layoutSvg } from '../catalog/media';
import { photoUrl } from '../catalog/media-urls';
import { photoDir } from '../feeds';
import { loadPngRenderer, type PngRenderer } from '../seo/preview-image';
import type { BotPicture } from '../infra/bot-gateway';
import type { CatalogueMemory } from '../catalog/memory';

/** What this module uses of the running server: handed over by the composition, never the whole of it. */
interface Needs {
  memory: CatalogueMemory;
  mediaDir: string;
}

/** Telegram shows at most this many pictures of one apartment (the album's limit is 10; five keep the chat readable). */
export const ALBUM_LIMIT = 5;

/** Where the stand-in page loads a drawing as Telegram would get it: `/dev/telegram/picture/<ref>.png?scale=1|2`. */
export const STAND_IN_PICTURE_PATH = '/dev/telegram/picture/';

/**
 * A picture by a short reference: our drawing of a complex (`complex-<id>-<n>`) or of an apartment's plan
 * (`layout-<apartment id>`, drawn from its own areas). The reference is all the stand-in's URL carries.
 */
export type DrawingRef = { kind: 'complex'; complexId: number; n: number } | { kind: 'layout'; apartmentId: number };

export const drawingRefText = (ref: DrawingRef): string =>
  ref.kind === 'complex' ? `complex-${ref.complexId}-${ref.n}` : `layout-${ref.apartmentId}`;

export function parseDrawingRef(text: string): DrawingRef | null {
  const complex = /^complex-(\d{1,9})-([1-9])$/.exec(text);
  if (complex) return { kind: 'complex', complexId: Number(complex[1]), n: Number(complex[2]) };
  const layout = /^layout-(\d{1,9})$/.exec(text);
  if (layout) return { kind: 'layout', apartmentId: Number(layout[1]) };
  return null;
}

let renderer: Promise<PngRenderer | null> | null = null;
/** sharp is loaded on the first picture, once per process. */
const pngRenderer = () => (renderer ??= loadPngRenderer());

/**
 * Our drawing as PNG at 1x or 2x, on white (Telegram's dark theme would show a transparent plan black on black);
 * null when the complex is unknown or sharp has no binary here.
 */
export async function renderDrawing(ctx: Pick<Needs, 'memory'>, ref: DrawingRef, scale: 1 | 2): Promise<Buffer | null> {
  const render = await pngRenderer();
  if (!render) return null;
  if (ref.kind === 'layout') {
    const a = ctx.memory.apartments.get(ref.apartmentId);
    return a ? render(layoutSvg(apartmentPlan(a), scale), { background: '#ffffff' }) : null;
  }
  const complex = ctx.memory.complexes.get(ref.complexId);
  if (!complex || ref.n > complex.imageCount) return null;
  return render(buildingSvg(complexDrawing(complex, ref.n), scale), { background: '#ffffff' });
}

function drawing(ctx: Pick<Needs, 'memory'>, ref: DrawingRef): BotPicture {
  const path = `${STAND_IN_PICTURE_PATH}${drawingRefText(ref)}.png`;
  return {
    key: drawingRefText(ref),
    x1: `${path}?scale=1`,
    x2: `${path}?scale=2`,
    load: async () => {
      const bytes = await renderDrawing(ctx, ref, 2);
      return bytes ? { bytes, filename: `${drawingRefText(ref)}.png` } : null;
    },
  };
}

/**
 * The apartment's album, at most five: an imported listing's own photos (their 1280-px JPEG), then our drawings of
 * its complex, then its layout — the plan always makes it in, it is what a buyer looks at first after the price.
 */
export function apartmentPictures(ctx: Pick<Needs, 'memory' | 'mediaDir'>, a: Apartment): BotPicture[] {
  const layout = drawing(ctx, { kind: 'layout', apartmentId: a.id });
  const photos: BotPicture[] = (ctx.memory.photos.get(a.id) ?? [])
    .filter((p) => p.tag !== 'plan')
    .map((p) => ({
      key: `photo-${p.key}`,
      x1: photoUrl(p.key, '1.webp'),
      x2: photoUrl(p.key, '2.webp'),
      load: async () => {
        const bytes = await readFile(join(photoDir(ctx.mediaDir, p.key), 'bot.jpg')).catch(() => null);
        return bytes ? { bytes, filename: `${p.key.slice(0, 16)}.jpg` } : null;
      },
    }));
  const complex = ctx.memory.complexes.get(a.complexId);
  const buildings = complex
    ? Array.from({ length: Math.min(complex.imageCount, 9) }, (_, i) => drawing(ctx, { kind: 'complex', complexId: complex.id, n: i + 1 }))
    : [];
  return [...photos, ...buildings].slice(0, ALBUM_LIMIT - 1).concat(layout);
}
