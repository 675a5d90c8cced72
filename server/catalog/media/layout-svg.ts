import { floorPlan, type Door, type FloorPlan, type PlanInput, type PlanRoom, type Rect } from './floor-plan';
import { FONT_FAMILY, type MediaTheme } from './theme';

interface PlanColours {
  paper: string;
  floor: string;
  wet: string;
  hall: string;
  wall: string;
  ink: string;
  soft: string;
  thin: string;
}

/** Paper, walls and ink of a plan: developers' black-on-white, and a dark sheet with light walls. */
const PLAN_COLOURS = {
  light: {
    paper: '#ffffff',
    floor: '#ffffff',
    wet: '#f1f4f7',
    hall: '#f7f6f2',
    wall: '#262a31',
    ink: '#2f343d',
    soft: '#6b7280',
    thin: '#9aa1ad',
  },
  dark: {
    paper: '#1b1f26',
    floor: '#20252d',
    wet: '#1d2630',
    hall: '#242329',
    wall: '#d9dde3',
    ink: '#e7e9ed',
    soft: '#a2a9b5',
    thin: '#707886',
  },
} satisfies Record<MediaTheme, PlanColours>;

const WIDTH = 400;
const HEIGHT = 300;
const OUTER = 6;
const INNER = 3;
const f = (v: number) => (Math.round(v * 10) / 10).toString();
const areaText = (m2: number) => `${m2.toFixed(1).replace('.', ',')} м²`;

/** The projection from metres to the 400×300 sheet, with room for a balcony outside the outline. */
function projection(plan: FloorPlan) {
  const b = plan.balcony;
  const minX = Math.min(0, b?.x ?? 0);
  const minY = Math.min(0, b?.y ?? 0);
  const maxX = Math.max(plan.width, b ? b.x + b.w : 0);
  const maxY = Math.max(plan.depth, b ? b.y + b.h : 0);
  const pad = 18;
  const k = Math.min((WIDTH - 2 * pad) / (maxX - minX), (HEIGHT - 2 * pad) / (maxY - minY));
  const ox = (WIDTH - (maxX - minX) * k) / 2 - minX * k;
  const oy = (HEIGHT - (maxY - minY) * k) / 2 - minY * k;
  return { k, x: (m: number) => ox + m * k, y: (m: number) => oy + m * k };
}

type Projection = ReturnType<typeof projection>;

const rectAttrs = (p: Projection, r: Rect) => `x="${f(p.x(r.x))}" y="${f(p.y(r.y))}" width="${f(r.w * p.k)}" height="${f(r.h * p.k)}"`;

function doorSvg(p: Projection, d: Door, colours: PlanColours, wall: number): string {
  const hx = p.x(d.hinge.x);
  const hy = p.y(d.hinge.y);
  const len = d.width * p.k;
  const far = { x: hx + d.along.x * len, y: hy + d.along.y * len };
  const leaf = { x: hx + d.into.x * len, y: hy + d.into.y * len };
  // From the open leaf back to the opening: the sweep that turns `into` towards `along`.
  const sweep = d.into.x * d.along.y - d.into.y * d.along.x > 0 ? 1 : 0;
  return (
    `<line x1="${f(hx)}" y1="${f(hy)}" x2="${f(far.x)}" y2="${f(far.y)}" stroke="${colours.floor}" stroke-width="${wall + 1}"/>` +
    `<path d="M${f(hx)} ${f(hy)}L${f(leaf.x)} ${f(leaf.y)}A${f(len)} ${f(len)} 0 0 ${sweep} ${f(far.x)} ${f(far.y)}" fill="none" stroke="${colours.thin}" stroke-width="1"/>`
  );
}

/** A small hint of what stands in a room: a bed, a counter with a hob, a bath tub. */
function furniture(p: Projection, r: PlanRoom, stroke: string): string {
  const w = r.w * p.k;
  const h = r.h * p.k;
  const x = p.x(r.x);
  const y = p.y(r.y);
  const line = `fill="none" stroke="${stroke}" stroke-width="1"`;
  if (r.kind === 'living' && w > 80 && h > 90) {
    const bw = Math.min(1.6 * p.k, w * 0.5);
    const bh = Math.min(2 * p.k, h * 0.45);
    return `<rect x="${f(x + w - bw - 8)}" y="${f(y + h - bh - 8)}" width="${f(bw)}" height="${f(bh)}" rx="2" ${line}/>`;
  }
  if (r.kind === 'kitchen' && w > 50 && h > 40) {
    const depth = Math.min(0.6 * p.k, h * 0.3);
    return `<rect x="${f(x + 6)}" y="${f(y + h - depth - 6)}" width="${f(w * 0.6)}" height="${f(depth)}" ${line}/><circle cx="${f(x + 6 + w * 0.45)}" cy="${f(y + h - depth / 2 - 6)}" r="${f(depth * 0.28)}" ${line}/>`;
  }
  if (r.kind === 'bath' && w > 36 && h > 30) {
    const tw = Math.min(1.5 * p.k, w - 10);
    const th = Math.min(0.7 * p.k, h * 0.4);
    return `<rect x="${f(x + 5)}" y="${f(y + 5)}" width="${f(tw)}" height="${f(th)}" rx="${f(th / 2.5)}" ${line}/>`;
  }
  return '';
}

function label(p: Projection, r: PlanRoom, colours: PlanColours): string {
  const cx = p.x(r.x + r.w / 2);
  const cy = p.y(r.y + r.h / 2);
  const w = r.w * p.k - 6;
  const size = w < 40 ? 7.5 : w < 62 || r.h * p.k < 34 ? 9 : 11.5;
  // DejaVu Sans is about 0.55 em a character: a long name that does not fit breaks at its hyphen.
  const fits = (text: string) => text.length * size * 0.56 <= w;
  const lines = fits(r.name) || !r.name.includes('-') ? [r.name] : [r.name.split('-')[0] + '-', r.name.split('-')[1]!];
  const area = r.area === null ? null : areaText(r.area);
  const all = area ? [...lines, area] : lines;
  const step = size * 1.2;
  const top = cy - ((all.length - 1) * step) / 2;
  return all
    .map((text, i) => {
      const isArea = i === all.length - 1 && area !== null;
      return `<text x="${f(cx)}" y="${f(top + i * step + size * 0.35)}" font-size="${isArea ? size - 1 : size}" fill="${isArea ? colours.soft : colours.ink}" stroke="${r.kind === 'bath' || r.kind === 'wc' ? colours.wet : r.kind === 'hall' ? colours.hall : colours.floor}">${text}</text>`;
    })
    .join('');
}

export interface LayoutDrawing extends PlanInput {
  theme: MediaTheme;
}

/**
 * An apartment plan as SVG in the style of developers' sites: thick outer walls, thinner partitions, doors with
 * their swing, windows on the facade, rooms labelled with their areas. 400×300 × `scale`.
 */
export function layoutSvg(input: LayoutDrawing, scale = 1): string {
  const plan = floorPlan(input);
  const c = PLAN_COLOURS[input.theme];
  const p = projection(plan);
  const fill = (r: PlanRoom) => (r.kind === 'bath' || r.kind === 'wc' ? c.wet : r.kind === 'hall' ? c.hall : c.floor);
  const floors = plan.rooms.map((r) => `<rect ${rectAttrs(p, r)} fill="${fill(r)}"/>`).join('');
  const zones = plan.rooms.filter((r) => r.zone);
  const walled = plan.rooms.filter(
    (r) =>
      !r.zone &&
      !plan.openSpaces.some(
        (o) => r.x >= o.x - 1e-6 && r.x + r.w <= o.x + o.w + 1e-6 && r.y >= o.y - 1e-6 && r.y + r.h <= o.y + o.h + 1e-6,
      ),
  );
  const partitions = [...walled, ...plan.openSpaces].map((r) => `<rect ${rectAttrs(p, r)}/>`).join('');
  const zoneLines = zones
    .map((r) => `<rect ${rectAttrs(p, r)} fill="none" stroke="${c.thin}" stroke-width="1" stroke-dasharray="4 3"/>`)
    .join('');
  const outline = { x: 0, y: 0, w: plan.width, h: plan.depth };
  const balcony = plan.balcony
    ? `<rect ${rectAttrs(p, plan.balcony)} fill="${c.paper}" stroke="${c.wall}" stroke-width="2"/>${balconyLabel(p, plan.balcony, c.soft)}`
    : '';
  // A window: the wall's gap with the glazing's two lines (the sign every plan uses).
  const windows = plan.windows
    .map((s) => {
      const horizontal = s.y1 === s.y2;
      const x = p.x(Math.min(s.x1, s.x2)) - (horizontal ? 0 : OUTER / 2);
      const y = p.y(Math.min(s.y1, s.y2)) - (horizontal ? OUTER / 2 : 0);
      const w = horizontal ? Math.abs(s.x2 - s.x1) * p.k : OUTER;
      const h = horizontal ? OUTER : Math.abs(s.y2 - s.y1) * p.k;
      const mid = horizontal
        ? `<line x1="${f(x)}" y1="${f(y + h / 2)}" x2="${f(x + w)}" y2="${f(y + h / 2)}"/>`
        : `<line x1="${f(x + w / 2)}" y1="${f(y)}" x2="${f(x + w / 2)}" y2="${f(y + h)}"/>`;
      return `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${c.paper}"/>${mid}`;
    })
    .join('');
  const doors = [...plan.doors.map((d) => doorSvg(p, d, c, INNER)), doorSvg(p, plan.entrance, c, OUTER)].join('');
  const labels = plan.rooms.map((r) => label(p, r, c)).join('');
  const hints = plan.rooms.map((r) => furniture(p, r, c.thin)).join('');
  const total = `${input.areaTotal.toFixed(1).replace('.', ',')} м²`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * scale}" height="${HEIGHT * scale}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Планировка, ${total}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="${c.paper}"/>
${floors}${zoneLines}${hints}
<g fill="none" stroke="${c.wall}" stroke-width="${INNER}">${partitions}</g>
<rect ${rectAttrs(p, outline)} fill="none" stroke="${c.wall}" stroke-width="${OUTER}"/>
${balcony}
<g stroke="${c.wall}" stroke-width="1">${windows}</g>
${doors}
<g font-family="${FONT_FAMILY}" text-anchor="middle" stroke-width="3" paint-order="stroke" stroke-linejoin="round">${labels}</g>
<text x="${WIDTH - 6}" y="${HEIGHT - 5}" font-family="${FONT_FAMILY}" font-size="10" fill="${c.soft}" text-anchor="end">${total}</text>
</svg>`;
}

function balconyLabel(p: Projection, b: NonNullable<FloorPlan['balcony']>, colour: string): string {
  const cx = f(p.x(b.x + b.w / 2));
  const cy = f(p.y(b.y + b.h / 2));
  const turn = b.side === 'left' || b.side === 'right' ? ` transform="rotate(-90 ${cx} ${cy})"` : '';
  return `<text x="${cx}" y="${cy}" dy="3" font-family="${FONT_FAMILY}" font-size="9" fill="${colour}" text-anchor="middle"${turn}>Балкон</text>`;
}
