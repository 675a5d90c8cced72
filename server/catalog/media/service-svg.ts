import type { ServiceHeroKind } from '@kvarta/contract/services';
import type { MediaTheme } from './theme';

/**
 * Generated illustrations of the services pages (no external image hosts): three heroes and three
 * reviewer avatars. `scale` multiplies the intrinsic size so 1x/2x/3x stay crisp in `srcset`.
 */

const W = 560;
const H = 360;

function frame(scale: number, label: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W * scale}" height="${H * scale}" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid slice" role="img" aria-label="${label}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e8efff"/><stop offset="1" stop-color="#cfdcff"/></linearGradient>
<linearGradient id="accent" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5b8cff"/><stop offset="1" stop-color="#2f6bff"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<circle cx="470" cy="70" r="110" fill="#ffffff" opacity="0.35"/>
<circle cx="80" cy="320" r="90" fill="#ffffff" opacity="0.3"/>
${body}
</svg>`;
}

function windows(x: number, y: number, cols: number, rows: number, lit: Set<number>): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const on = lit.has(r * cols + c);
      out.push(
        `<rect x="${x + c * 22}" y="${y + r * 24}" width="12" height="14" rx="2" fill="${on ? '#ffd98a' : '#3d5a80'}" opacity="${on ? 1 : 0.55}"/>`,
      );
    }
  }
  return out.join('');
}

/** Selection and purchase: a street of houses, a magnifier over one of them, a key and a checklist. */
function podborSvg(scale: number): string {
  return frame(
    scale,
    'Подбор и покупка квартиры',
    `<rect x="40" y="300" width="480" height="14" rx="7" fill="#9fb4dc"/>
<rect x="60" y="150" width="110" height="150" rx="6" fill="#dfe7f2" stroke="#3d5a80" stroke-width="3"/>
${windows(76, 166, 4, 5, new Set([1, 6, 11, 13, 18]))}
<rect x="185" y="100" width="120" height="200" rx="6" fill="#ffffff" stroke="#3d5a80" stroke-width="3"/>
${windows(200, 116, 5, 7, new Set([2, 4, 8, 12, 19, 23, 27, 31]))}
<rect x="320" y="180" width="90" height="120" rx="6" fill="#dfe7f2" stroke="#3d5a80" stroke-width="3"/>
${windows(334, 196, 3, 4, new Set([0, 5, 10]))}
<circle cx="265" cy="170" r="62" fill="#ffffff" fill-opacity="0.35" stroke="url(#accent)" stroke-width="12"/>
<line x1="310" y1="215" x2="360" y2="265" stroke="url(#accent)" stroke-width="16" stroke-linecap="round"/>
<path d="M240 170 l18 18 l34 -38" fill="none" stroke="#1f9d55" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
<g transform="translate(420 110) rotate(-20)">
<circle cx="0" cy="0" r="26" fill="none" stroke="#f2b233" stroke-width="10"/>
<rect x="22" y="-6" width="70" height="12" rx="6" fill="#f2b233"/>
<rect x="70" y="4" width="10" height="18" rx="3" fill="#f2b233"/>
<rect x="52" y="4" width="10" height="14" rx="3" fill="#f2b233"/>
</g>
<g transform="translate(430 190)">
<rect width="96" height="110" rx="10" fill="#ffffff" stroke="#3d5a80" stroke-width="3"/>
<path d="M16 28 l8 8 l14 -16 M16 58 l8 8 l14 -16 M16 88 l8 8 l14 -16" fill="none" stroke="#1f9d55" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>
<rect x="46" y="26" width="36" height="8" rx="4" fill="#9fb4dc"/><rect x="46" y="56" width="36" height="8" rx="4" fill="#9fb4dc"/><rect x="46" y="86" width="30" height="8" rx="4" fill="#9fb4dc"/>
</g>`,
  );
}

/** Safe deal: a shield with a check over a document. */
function shieldSvg(scale: number): string {
  return frame(
    scale,
    'Безопасная сделка',
    `<g transform="translate(110 70)">
<rect width="170" height="220" rx="14" fill="#ffffff" stroke="#3d5a80" stroke-width="3"/>
<rect x="24" y="30" width="120" height="12" rx="6" fill="#3d5a80"/>
<rect x="24" y="62" width="122" height="8" rx="4" fill="#9fb4dc"/><rect x="24" y="84" width="100" height="8" rx="4" fill="#9fb4dc"/>
<rect x="24" y="106" width="116" height="8" rx="4" fill="#9fb4dc"/><rect x="24" y="128" width="90" height="8" rx="4" fill="#9fb4dc"/>
<path d="M28 186 q20 -26 40 0 t40 0" fill="none" stroke="#2f6bff" stroke-width="4" stroke-linecap="round"/>
</g>
<path d="M370 60 L460 96 V170 C460 230 420 272 370 296 C320 272 280 230 280 170 V96 Z" fill="url(#accent)" stroke="#1d4fd0" stroke-width="4"/>
<path d="M370 84 L438 111 V170 C438 218 408 252 370 272 C332 252 302 218 302 170 V111 Z" fill="#ffffff" opacity="0.18"/>
<path d="M330 176 l28 28 l52 -60" fill="none" stroke="#ffffff" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

/** Selling (the default): a house with a price tag and a rising arrow. */
function sellSvg(scale: number): string {
  return frame(
    scale,
    'Продажа квартиры',
    `<rect x="40" y="300" width="480" height="14" rx="7" fill="#9fb4dc"/>
<path d="M110 170 L220 84 L330 170" fill="none" stroke="#3d5a80" stroke-width="8" stroke-linejoin="round" stroke-linecap="round"/>
<rect x="130" y="160" width="180" height="140" rx="6" fill="#ffffff" stroke="#3d5a80" stroke-width="3"/>
<rect x="150" y="185" width="40" height="40" rx="4" fill="#ffd98a"/><rect x="250" y="185" width="40" height="40" rx="4" fill="#3d5a80" opacity="0.55"/>
<rect x="200" y="235" width="40" height="65" rx="4" fill="#80583d"/>
<g transform="translate(340 120) rotate(12)">
<path d="M0 0 H110 L140 35 L110 70 H0 Z" fill="url(#accent)"/>
<circle cx="118" cy="35" r="8" fill="#ffffff"/>
<text x="16" y="46" font-family="Arial, sans-serif" font-size="30" font-weight="700" fill="#ffffff">₽</text>
<rect x="44" y="26" width="50" height="8" rx="4" fill="#ffffff" opacity="0.8"/><rect x="44" y="40" width="36" height="8" rx="4" fill="#ffffff" opacity="0.6"/>
</g>
<path d="M360 290 L410 250 L440 268 L500 210" fill="none" stroke="#1f9d55" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M478 206 H504 V232" fill="none" stroke="#1f9d55" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
}

export const SERVICE_HERO_KINDS: readonly ServiceHeroKind[] = ['podbor-i-pokupka', 'bezopasnaya-sdelka', 'sell'];

/**
 * The dark variant repaints the drawings' few colours: a deep blue-grey sheet instead of the pale blue one, light
 * outlines, muted paper; the warm accents (lit windows, the key, the green checks) stay.
 */
const DARK_COLOURS: Record<string, string> = {
  '#e8efff': '#1c2333',
  '#cfdcff': '#131926',
  '#ffffff': '#2b3447',
  '#dfe7f2': '#36435c',
  '#3d5a80': '#8aa0c2',
  '#9fb4dc': '#4b5b7b',
  '#1d4fd0': '#6d93ff',
  '#ffe1cc': '#4a3a30',
  '#d9ecff': '#263449',
  '#e9defa': '#3a3150',
};

const themed = (svg: string, theme: MediaTheme) =>
  theme === 'dark' ? svg.replace(/#[0-9a-f]{6}\b/gi, (hex) => DARK_COLOURS[hex.toLowerCase()] ?? hex) : svg;

export function serviceHeroSvg(kind: ServiceHeroKind, scale = 1, theme: MediaTheme = 'light'): string {
  if (kind === 'podbor-i-pokupka') return themed(podborSvg(scale), theme);
  if (kind === 'bezopasnaya-sdelka') return themed(shieldSvg(scale), theme);
  return themed(sellSvg(scale), theme);
}

const AVATARS = [
  // Long hair, warm background.
  { bg: '#ffe1cc', skin: '#f1c7a5', hair: '#7a4a2a', shirt: '#2f6bff', long: true, glasses: false, beard: false },
  // Short hair, glasses and a beard.
  { bg: '#d9ecff', skin: '#e8b98f', hair: '#2b2b2b', shirt: '#1f9d55', long: false, glasses: true, beard: true },
  // A couple: two faces.
  { bg: '#e9defa', skin: '#f3cfb3', hair: '#c98a3c', shirt: '#e5484d', long: true, glasses: false, beard: false },
] as const;

function face(
  cx: number,
  r: number,
  a: { skin: string; hair: string; shirt: string; long: boolean; glasses: boolean; beard: boolean },
): string {
  const cy = 54;
  const parts = [
    `<path d="M${cx - r * 1.5} 120 C${cx - r * 1.5} ${cy + r * 1.2} ${cx + r * 1.5} ${cy + r * 1.2} ${cx + r * 1.5} 120 Z" fill="${a.shirt}"/>`,
    a.long ? `<rect x="${cx - r * 1.05}" y="${cy - r * 0.9}" width="${r * 2.1}" height="${r * 2.1}" rx="${r}" fill="${a.hair}"/>` : '',
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${a.skin}"/>`,
    `<path d="M${cx - r} ${cy - 2} C${cx - r} ${cy - r * 1.3} ${cx + r} ${cy - r * 1.3} ${cx + r} ${cy - 2} C${cx + r * 0.4} ${cy - r * 0.6} ${cx - r * 0.4} ${cy - r * 0.6} ${cx - r} ${cy - 2} Z" fill="${a.hair}"/>`,
    `<circle cx="${cx - r * 0.35}" cy="${cy + 2}" r="${r * 0.09}" fill="#2b2b2b"/><circle cx="${cx + r * 0.35}" cy="${cy + 2}" r="${r * 0.09}" fill="#2b2b2b"/>`,
    `<path d="M${cx - r * 0.3} ${cy + r * 0.42} Q${cx} ${cy + r * 0.62} ${cx + r * 0.3} ${cy + r * 0.42}" fill="none" stroke="#a0522d" stroke-width="2.5" stroke-linecap="round"/>`,
    a.glasses
      ? `<g fill="none" stroke="#2b2b2b" stroke-width="2"><circle cx="${cx - r * 0.35}" cy="${cy + 2}" r="${r * 0.25}"/><circle cx="${cx + r * 0.35}" cy="${cy + 2}" r="${r * 0.25}"/><line x1="${cx - r * 0.1}" y1="${cy + 2}" x2="${cx + r * 0.1}" y2="${cy + 2}"/></g>`
      : '',
    a.beard
      ? `<path d="M${cx - r * 0.8} ${cy + r * 0.2} Q${cx} ${cy + r * 1.5} ${cx + r * 0.8} ${cy + r * 0.2} Q${cx} ${cy + r * 0.8} ${cx - r * 0.8} ${cy + r * 0.2} Z" fill="${a.hair}" opacity="0.85"/>`
      : '',
  ];
  return parts.join('');
}

/** Reviewer avatars 1–3 (spec §2 "Review avatar images exist for three reviewers"). */
export function reviewerAvatarSvg(n: 1 | 2 | 3, scale = 1, theme: MediaTheme = 'light'): string {
  const a = AVATARS[n - 1]!;
  const body =
    n === 3
      ? face(42, 19, { ...a, long: false, glasses: false, beard: false, hair: '#3b2a1d', shirt: '#3d5a80', skin: '#e2b48f' }) +
        face(80, 19, a)
      : face(60, 26, a);
  return themed(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${120 * scale}" height="${120 * scale}" viewBox="0 0 120 120" role="img" aria-label="Фото клиента">
<clipPath id="c"><circle cx="60" cy="60" r="60"/></clipPath>
<g clip-path="url(#c)"><rect width="120" height="120" fill="${a.bg}"/>${body}</g>
</svg>`,
    theme,
  );
}
