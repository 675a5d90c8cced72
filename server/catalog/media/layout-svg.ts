import { Random, hashSeed } from '../generator/random';

/**
 * A floor plan drawn from the layout code ('{rooms}-{variant}') and the area, as SVG.
 * Deterministic: the same code and area always give the same plan.
 */
export function layoutSvg(layoutCode: string, areaTotal: number, scale = 1): string {
  const [roomsText, variantText] = layoutCode.split('-');
  const rooms = Math.max(0, Math.min(4, Number(roomsText) || 0));
  const rnd = new Random(hashSeed(`${layoutCode}:${Math.round(areaTotal)}`) ^ Number(variantText ?? 1));
  const width = 400;
  const height = 300;
  const pad = 16;
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const walls: string[] = [];
  const labels: string[] = [];
  const cells = Math.max(1, rooms) + 1; // living rooms plus the kitchen
  const split = rnd.range(0.38, 0.5);
  const topH = innerH * split;
  // Top band: rooms side by side; bottom band: kitchen, bathroom, hall.
  let x = pad;
  for (let i = 0; i < cells; i++) {
    const share = i === cells - 1 ? width - pad - x : (innerW / cells) * rnd.range(0.85, 1.15);
    walls.push(`<rect x="${x.toFixed(1)}" y="${pad}" width="${share.toFixed(1)}" height="${topH.toFixed(1)}"/>`);
    const label = i === cells - 1 ? (rooms === 0 ? 'Кухня-гостиная' : 'Кухня') : rooms === 0 ? 'Комната' : `Комната ${i + 1}`;
    labels.push(`<text x="${(x + share / 2).toFixed(1)}" y="${(pad + topH / 2).toFixed(1)}">${label}</text>`);
    x += share;
  }
  const bottomY = pad + topH;
  const bathW = innerW * rnd.range(0.2, 0.28);
  walls.push(`<rect x="${pad}" y="${bottomY.toFixed(1)}" width="${bathW.toFixed(1)}" height="${(innerH - topH).toFixed(1)}"/>`);
  labels.push(`<text x="${(pad + bathW / 2).toFixed(1)}" y="${(bottomY + (innerH - topH) / 2).toFixed(1)}">С/у</text>`);
  walls.push(
    `<rect x="${(pad + bathW).toFixed(1)}" y="${bottomY.toFixed(1)}" width="${(innerW - bathW).toFixed(1)}" height="${(innerH - topH).toFixed(1)}"/>`,
  );
  labels.push(
    `<text x="${(pad + bathW + (innerW - bathW) / 2).toFixed(1)}" y="${(bottomY + (innerH - topH) / 2).toFixed(1)}">Прихожая</text>`,
  );
  const area = `${areaTotal.toFixed(1).replace('.', ',')} м²`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Планировка, ${area}">
<rect width="${width}" height="${height}" fill="#ffffff"/>
<g fill="#f6f7f9" stroke="#2b2f36" stroke-width="4">${walls.join('')}</g>
<g font-family="sans-serif" font-size="13" fill="#4a5160" text-anchor="middle" dominant-baseline="middle">${labels.join('')}</g>
<text x="${width - pad}" y="${height - 4}" font-family="sans-serif" font-size="11" fill="#8a91a0" text-anchor="end">${area}</text>
</svg>`;
}
