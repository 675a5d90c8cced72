import type Sharp from 'sharp';
import { apartmentPlan, buildingSvg, complexDrawing, layoutSvg } from '../catalog/media';
import type { Apartment, Complex } from '../core/model';
import { escapeXml } from './escape';

export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

export interface ApartmentCard {
  apartment: Apartment;
  complex: Complex | undefined;
  heading: string;
  price: string;
  place: string;
  /** An imported listing's own photo (JPEG): it takes the place of our drawing. */
  photo?: Buffer;
}

/** A picture of ours placed in the card: its own viewBox keeps it whole, the card decides where and how big. */
const placed = (svg: string, x: number, y: number, width: number, height: number) =>
  svg.replace(/^<svg([^>]*?) width="[^"]*" height="[^"]*"/, `<svg$1 x="${x}" y="${y}" width="${width}" height="${height}"`);

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, sans-serif\"";

/** Shortens a line to fit a width at a font size (about 0.55 em per character of DejaVu Sans). */
const fit = (text: string, width: number, size: number) => {
  const max = Math.floor(width / (size * 0.55));
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

/**
 * The apartment's link-preview card, 1200×630 (the size messengers crop least): its own photo (an imported
 * listing) or its complex drawn on the left, its layout on the right, and the title, price and address along the bottom.
 */
export function apartmentCardSvg(card: ApartmentCard): string {
  const { apartment: a, complex } = card;
  const building = card.photo
    ? `<image x="0" y="0" width="660" height="440" preserveAspectRatio="xMidYMid slice" href="data:image/jpeg;base64,${card.photo.toString('base64')}"/>`
    : placed(
        buildingSvg(
          complexDrawing(complex ?? { id: a.complexId, floorsMax: a.floors, complexClass: 'COMFORT', houseType: 'MONOLITH' }, 1),
          1,
        ),
        0,
        0,
        660,
        440,
      );
  const layout = layoutSvg(apartmentPlan(a));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" viewBox="0 0 ${PREVIEW_WIDTH} ${PREVIEW_HEIGHT}">
<rect width="${PREVIEW_WIDTH}" height="${PREVIEW_HEIGHT}" fill="#eef2ff"/>
${building}
<rect x="690" y="24" width="486" height="392" rx="20" fill="#ffffff"/>
${placed(layout, 706, 40, 454, 360)}
<rect y="440" width="${PREVIEW_WIDTH}" height="190" fill="#2f6bff"/>
<text x="48" y="500" ${FONT} font-size="40" font-weight="700" fill="#ffffff">${escapeXml(fit(card.heading, 1100, 40))}</text>
<text x="48" y="560" ${FONT} font-size="44" font-weight="700" fill="#ffffff">${escapeXml(card.price)}</text>
<text x="48" y="604" ${FONT} font-size="26" fill="#ffffff" opacity="0.9">${escapeXml(fit(card.place, 1000, 26))}</text>
<text x="1152" y="560" ${FONT} font-size="30" font-weight="700" fill="#ffffff" text-anchor="end">Кварта</text>
</svg>`;
}

/**
 * SVG → PNG (transparent unless a background colour is given); null when sharp cannot be loaded here. sharp draws the
 * SVG with librsvg and encodes it on libuv's thread pool, not on the one thread that answers every request: a card
 * takes tens of milliseconds of CPU to draw and encode.
 */
export type PngRenderer = (svg: string, options?: { background?: string }) => Promise<Buffer>;

/** sharp (a native module with a prebuilt binary per platform), or null where it has no binary. */
export async function loadPngRenderer(): Promise<PngRenderer | null> {
  let sharp: typeof Sharp;
  try {
    sharp = (await import('sharp')).default;
  } catch {
    return null;
  }
  return (svg, options = {}) => {
    const image = sharp(Buffer.from(svg));
    return (options.background ? image.flatten({ background: options.background }) : image).png().toBuffer();
  };
}
