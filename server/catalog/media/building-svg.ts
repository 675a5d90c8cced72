import { Random, hashSeed } from '../generator/random';

const PALETTES = [
  ['#dfe7f2', '#8fa9c9', '#3d5a80'],
  ['#f2e8df', '#c9a88f', '#80583d'],
  ['#e3f0e6', '#8fc9a0', '#3d8052'],
  ['#efe3f2', '#b38fc9', '#5f3d80'],
  ['#f2f0df', '#c9c08f', '#807a3d'],
];

/**
 * An illustrative picture of a residential complex (sky, towers, windows), as SVG.
 * `variant` gives a different view of the same complex.
 */
export function buildingSvg(complexId: number, variant: number, floors: number, scale = 1): string {
  const rnd = new Random(hashSeed(`complex:${complexId}:${variant}`));
  const [light, mid, dark] = PALETTES[complexId % PALETTES.length]!;
  const width = 480;
  const height = 320;
  const ground = height - 40;
  const towers: string[] = [];
  const towerCount = rnd.int(2, 4);
  let x = rnd.range(20, 60);
  for (let t = 0; t < towerCount && x < width - 60; t++) {
    const w = Math.min(rnd.range(70, 120), width - 20 - x);
    const levels = Math.max(4, Math.min(30, floors - rnd.int(0, 5)));
    const h = Math.min(ground - 20, 30 + levels * 7.5);
    const y = ground - h;
    towers.push(
      `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${t % 2 ? mid : light}" stroke="${dark}" stroke-width="2"/>`,
    );
    for (let wy = y + 10; wy < ground - 12; wy += 15) {
      for (let wx = x + 8; wx < x + w - 12; wx += 16) {
        const lit = rnd.chance(0.35);
        towers.push(
          `<rect x="${wx.toFixed(1)}" y="${wy.toFixed(1)}" width="9" height="8" fill="${lit ? '#ffd98a' : dark}" opacity="${lit ? 0.95 : 0.55}"/>`,
        );
      }
    }
    x += w + rnd.range(10, 40);
  }
  const trees = Array.from({ length: rnd.int(3, 7) }, () => {
    const tx = rnd.range(10, width - 10);
    return `<circle cx="${tx.toFixed(1)}" cy="${(ground - 8).toFixed(1)}" r="${rnd.range(8, 14).toFixed(1)}" fill="#5d9c5a"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Иллюстрация жилого комплекса">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9cc3ea"/><stop offset="1" stop-color="#e9f2fb"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>
${towers.join('')}
<rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="#b9c7a8"/>
${trees.join('')}
</svg>`;
}
