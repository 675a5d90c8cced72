import type { ComplexClass, HouseType } from '../../core/model';
import { Random, hashSeed } from '../reference/random';
import type { MediaTheme } from './theme';

export interface BuildingDrawing {
  /** Seeds the composition: the same complex always looks the same. */
  complexId: number;
  /** 1 is the street view; even variants look into the courtyard. */
  variant: number;
  floors: number;
  complexClass: ComplexClass;
  houseType: HouseType;
  theme: MediaTheme;
}

/** Facade materials by house type: [wall, accent, joint/frame]. */
const FACADES: Record<HouseType, { light: readonly string[][]; dark: readonly string[][] }> = {
  PANEL: {
    light: [
      ['#e4e2dc', '#c9c4b8', '#a9a398'],
      ['#dfe3e6', '#b9c2c9', '#9aa5ae'],
    ],
    dark: [
      ['#4a4a47', '#3b3b39', '#2c2c2b'],
      ['#454b50', '#373c41', '#2a2e32'],
    ],
  },
  BLOCK: {
    light: [['#e8e1d2', '#cbbd9f', '#a99a7b']],
    dark: [['#4d473d', '#3d382f', '#2e2a24']],
  },
  BRICK: {
    light: [
      ['#b8644a', '#9c4f39', '#e8d8c4'],
      ['#c98f5a', '#a9713f', '#efe2cf'],
    ],
    dark: [
      ['#6e3a2c', '#5a2f24', '#8f7b68'],
      ['#74543a', '#5e432e', '#8f8068'],
    ],
  },
  MONOLITH: {
    light: [
      ['#eceae6', '#7b8794', '#c9ccd0'],
      ['#f1ede4', '#b07a4f', '#cfc8bb'],
    ],
    dark: [
      ['#50535a', '#3a4049', '#666a71'],
      ['#55514a', '#6e4f37', '#6a665e'],
    ],
  },
  MONOLITH_BRICK: {
    light: [
      ['#e9e4da', '#a85a40', '#c8bfb0'],
      ['#ece9e3', '#8a6a55', '#c9c3b8'],
    ],
    dark: [
      ['#4f4b45', '#6a3b2b', '#67625a'],
      ['#4e4c48', '#5a473a', '#66625c'],
    ],
  },
};

const SCENE = {
  light: {
    skyTop: '#cfe0ee',
    skyBottom: '#f4f1ea',
    ground: '#c9cfb8',
    path: '#e6e1d6',
    tree: '#6f9a5e',
    treeDark: '#557c48',
    glass: '#8fa6b8',
    unlit: '#5e6b78',
    lit: '#f6d58e',
    litShare: 0.12,
  },
  dark: {
    skyTop: '#0d1320',
    skyBottom: '#1f2838',
    ground: '#1e2620',
    path: '#2b2f33',
    tree: '#23402c',
    treeDark: '#1a3122',
    glass: '#2c3a4a',
    unlit: '#1c232d',
    lit: '#f2c66d',
    litShare: 0.45,
  },
} as const;

/** Storeys drawn by class: economy is tall and dense, premium is low-rise with stone and big windows. */
const CLASS_SHAPE: Record<ComplexClass, { towers: [number, number]; widen: number; maxLevels: number; trees: [number, number] }> = {
  ECONOMY: { towers: [3, 4], widen: 0.9, maxLevels: 30, trees: [2, 4] },
  COMFORT: { towers: [2, 3], widen: 1, maxLevels: 25, trees: [3, 6] },
  BUSINESS: { towers: [2, 3], widen: 1.15, maxLevels: 22, trees: [4, 7] },
  PREMIUM: { towers: [1, 2], widen: 1.5, maxLevels: 12, trees: [5, 9] },
};

const f = (v: number) => (Math.round(v * 10) / 10).toString();

/**
 * An illustration of a residential complex as SVG (480×320 × `scale`): towers whose facade follows the house type
 * and whose shape follows the class; odd variants show the street side, even ones the courtyard with a playground.
 */
export function buildingSvg(d: BuildingDrawing, scale = 1): string {
  const rnd = new Random(hashSeed(`complex:${d.complexId}:${d.variant}`));
  const scene = SCENE[d.theme];
  const palettes = FACADES[d.houseType][d.theme];
  const [wall, accent, joint] = palettes[d.complexId % palettes.length]!;
  const shape = CLASS_SHAPE[d.complexClass];
  const courtyard = d.variant % 2 === 0;
  const width = 480;
  const height = 320;
  const ground = height - (courtyard ? 70 : 44);
  const out: string[] = [];
  const defs: string[] = [];
  const towerCount = rnd.int(shape.towers[0], shape.towers[1]);
  const slot = (width - 40) / towerCount;
  const premium = d.complexClass === 'PREMIUM' || d.complexClass === 'BUSINESS';
  for (let t = 0; t < towerCount; t++) {
    const w = Math.min(slot - 12, rnd.range(70, 105) * shape.widen);
    const x = 20 + t * slot + (slot - w) / 2;
    const levels = Math.max(4, Math.min(shape.maxLevels, d.floors - rnd.int(0, 4)));
    const storey = Math.min(d.complexClass === 'PREMIUM' ? 13 : 9, (ground - 40) / levels);
    const h = levels * storey + 6;
    const y = ground - h;
    out.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${wall}"/>`);
    if (d.houseType === 'PANEL' || d.houseType === 'BLOCK') {
      // Panel joints: the grid a panel house is recognised by.
      for (let ly = y + storey; ly < ground - 1; ly += storey)
        out.push(`<line x1="${f(x)}" y1="${f(ly)}" x2="${f(x + w)}" y2="${f(ly)}" stroke="${joint}" stroke-width="0.6"/>`);
    } else if (d.houseType !== 'BRICK') {
      // Monolith: a coloured pylon of the facade.
      out.push(`<rect x="${f(x + w * 0.62)}" y="${f(y)}" width="${f(w * 0.16)}" height="${f(h)}" fill="${accent}"/>`);
    }
    if (premium)
      out.push(
        `<rect x="${f(x)}" y="${f(ground - storey * 1.6)}" width="${f(w)}" height="${f(storey * 1.6)}" fill="${d.theme === 'dark' ? '#3b3630' : '#d8cdb8'}"/>`,
      );
    out.push(`<rect x="${f(x - 2)}" y="${f(y - 4)}" width="${f(w + 4)}" height="4" fill="${accent}"/>`);
    const cols = Math.max(3, Math.floor(w / (premium ? 17 : 13)));
    const cellW = w / cols;
    const winW = cellW * (premium ? 0.62 : 0.48);
    const winH = storey * (premium ? 0.66 : 0.52);
    // The window grid is one pattern (small SVG); the lit windows are drawn over it.
    const rows = levels - (premium ? 1 : 0);
    const gridY = y + 6;
    defs.push(
      `<pattern id="w${t}" patternUnits="userSpaceOnUse" x="${f(x)}" y="${f(gridY)}" width="${f(cellW)}" height="${f(storey)}"><rect x="${f((cellW - winW) / 2)}" y="${f((storey - winH) / 2)}" width="${f(winW)}" height="${f(winH)}" fill="${premium ? scene.glass : scene.unlit}"/></pattern>`,
    );
    out.push(`<rect x="${f(x)}" y="${f(gridY)}" width="${f(cols * cellW)}" height="${f(rows * storey)}" fill="url(#w${t})"/>`);
    const litCount = Math.round(rows * cols * scene.litShare * rnd.range(0.6, 1));
    for (let i = 0; i < Math.min(litCount, 40); i++) {
      const level = rnd.int(0, rows - 1);
      const c = rnd.int(0, cols - 1);
      out.push(
        `<rect x="${f(x + c * cellW + (cellW - winW) / 2)}" y="${f(gridY + level * storey + (storey - winH) / 2)}" width="${f(winW)}" height="${f(winH)}" fill="${scene.lit}"/>`,
      );
    }
    if (d.houseType === 'BRICK')
      out.push(`<path d="M${f(x - 3)} ${f(y - 4)}L${f(x + w / 2)} ${f(y - 16)}L${f(x + w + 3)} ${f(y - 4)}Z" fill="${accent}"/>`);
  }
  const trees = Array.from({ length: rnd.int(shape.trees[0], shape.trees[1]) }, () => {
    const tx = rnd.range(14, width - 14);
    const r = rnd.range(9, 15);
    const ty = ground + (courtyard ? rnd.range(10, 50) : 2) - r * 0.6;
    return `<rect x="${f(tx - 1.5)}" y="${f(ty)}" width="3" height="${f(r)}" fill="${scene.treeDark}"/><circle cx="${f(tx)}" cy="${f(ty)}" r="${f(r)}" fill="${scene.tree}"/>`;
  });
  const yard = courtyard
    ? // The courtyard: a path, a playground with a slide, benches.
      `<path d="M0 ${ground + 40}Q240 ${ground + 10} 480 ${ground + 44}" fill="none" stroke="${scene.path}" stroke-width="12"/>` +
      `<rect x="190" y="${ground + 22}" width="90" height="36" rx="6" fill="${d.theme === 'dark' ? '#3a2f2a' : '#e9c9a6'}"/>` +
      `<path d="M205 ${ground + 52}L222 ${ground + 28}H232L252 ${ground + 52}" fill="none" stroke="${d.theme === 'dark' ? '#b55d4c' : '#d2553f'}" stroke-width="3"/>` +
      `<rect x="60" y="${ground + 52}" width="28" height="4" fill="${joint}"/><rect x="380" y="${ground + 52}" width="28" height="4" fill="${joint}"/>`
    : `<rect x="0" y="${ground + 20}" width="${width}" height="10" fill="${scene.path}"/>`;
  // A crescent (a full disc would read as a button on a card).
  const moon =
    d.theme === 'dark'
      ? `<circle cx="420" cy="44" r="12" fill="#e9e4cf" opacity="0.85"/><circle cx="426" cy="39" r="11" fill="${scene.skyTop}"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width * scale}" height="${height * scale}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${courtyard ? 'Двор жилого комплекса' : 'Иллюстрация жилого комплекса'}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.skyTop}"/><stop offset="1" stop-color="${scene.skyBottom}"/></linearGradient>${defs.join('')}</defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/>${moon}
${out.join('')}
<rect x="0" y="${ground}" width="${width}" height="${height - ground}" fill="${scene.ground}"/>
${yard}${trees.join('')}
</svg>`;
}
