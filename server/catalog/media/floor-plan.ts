import { Random, hashSeed } from '../reference/random';

/**
 * The geometry of a generated apartment plan, in metres: rooms tile a rectangular outline (a guillotine split, so
 * every room's drawn area is proportional to its area in m²), doors join every room to the hallway, windows sit on
 * the facade walls. Pure and deterministic: the same numbers and seed always give the same plan.
 */

export type RoomKind = 'living' | 'kitchen' | 'bath' | 'wc' | 'hall';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PlanRoom extends Rect {
  kind: RoomKind;
  name: string;
  /** The area printed on the plan, m²; null when the listing does not give it (never invented). */
  area: number | null;
  /** A zone of an open space (a studio's kitchen corner): no walls of its own. */
  zone: boolean;
}

export interface Door {
  /** The hinge, the opening's direction along the wall and the side the leaf swings to (unit vectors). */
  hinge: { x: number; y: number };
  along: { x: number; y: number };
  into: { x: number; y: number };
  width: number;
}

export interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export type Side = 'top' | 'bottom' | 'left' | 'right';

export interface FloorPlan {
  family: string;
  width: number;
  depth: number;
  rooms: PlanRoom[];
  doors: Door[];
  entrance: Door;
  windows: Segment[];
  balcony: (Rect & { side: Side }) | null;
  /** The walled outline of an open space (studio): drawn as one room. */
  openSpaces: Rect[];
}

export interface PlanInput {
  rooms: number;
  areaTotal: number;
  /** 0 when unknown. */
  areaKitchen: number;
  /** 0 when unknown. */
  livingSpace: number;
  seed: number;
}

type Node = { leaf: number } | { dir: 'row' | 'col'; kids: Node[]; open?: boolean };

interface Family {
  name: string;
  tree: Node;
  facades: Side[];
  entrance: Side;
  /** Outline width ÷ depth. */
  ratio: number;
}

const EPS = 1e-6;
const round1 = (v: number) => Math.round(v * 10) / 10;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Living rooms' shares of the living space, largest first (a bedroom is smaller than the main room). */
const LIVING_SHARES: Record<number, number[]> = { 1: [1], 2: [0.57, 0.43], 3: [0.4, 0.31, 0.29], 4: [0.32, 0.25, 0.22, 0.21] };

interface Areas {
  /** Geometric areas, m² (always positive; estimated where unknown). */
  geometry: number[];
  printed: (number | null)[];
  kinds: RoomKind[];
  names: string[];
}

function allocate(input: PlanInput, rnd: Random, euro: boolean): Areas {
  const n = clamp(Math.round(input.rooms), 0, 4);
  const total = input.areaTotal;
  const kitchenKnown = input.areaKitchen > 0 && input.areaKitchen < total * 0.6;
  const livingKnown = input.livingSpace > 0 && input.livingSpace < total * 0.9;
  let kitchen = kitchenKnown ? input.areaKitchen : n === 0 ? total * 0.18 : clamp(total * 0.17, 7, 14);
  let living = livingKnown ? input.livingSpace : total * (n === 0 ? 0.5 : 0.52);
  // Service space (bathroom, hallway) needs room; inconsistent numbers are squeezed in the drawing only.
  const minService = Math.max(3.5, total * 0.12);
  const consistent = kitchenKnown && livingKnown && total - kitchen - living >= minService;
  if (total - kitchen - living < minService) {
    const k = (total - minService) / (kitchen + living);
    kitchen *= k;
    living *= k;
  }
  const service = total - kitchen - living;
  const withWc = n >= 3 && service >= 9;
  const bath = round1(clamp(service * 0.32, 2.6, 7.5));
  const wc = withWc ? 1.6 : 0;
  const livingCount = Math.max(1, n);
  const shares = LIVING_SHARES[livingCount]!.map((s) => s * rnd.range(0.93, 1.07));
  const shareSum = shares.reduce((a, b) => a + b, 0);
  // Printed living areas in tenths so that they sum exactly to the listing's living space.
  const livingTenths = Math.round((livingKnown ? input.livingSpace : living) * 10);
  const parts = shares.map((s) => Math.round((livingTenths * s) / shareSum));
  parts[parts.length - 1]! += livingTenths - parts.reduce((a, b) => a + b, 0);

  const geometry: number[] = [];
  const printed: (number | null)[] = [];
  const kinds: RoomKind[] = [];
  const names: string[] = [];
  const add = (kind: RoomKind, name: string, geo: number, shown: number | null) => {
    kinds.push(kind);
    names.push(name);
    geometry.push(Math.max(0.8, geo));
    printed.push(shown);
  };
  parts.forEach((tenths, i) =>
    add('living', 'Комната', (living * parts[i]!) / livingTenths || living / livingCount, livingKnown ? tenths / 10 : null),
  );
  add('kitchen', euro ? 'Кухня-гостиная' : 'Кухня', kitchen, kitchenKnown ? input.areaKitchen : null);
  add('bath', withWc ? 'Ванная' : 'С/у', bath, consistent ? bath : null);
  if (withWc) add('wc', 'С/у', wc, consistent ? wc : null);
  const hallTenths = Math.round(total * 10) - Math.round(kitchen * 10) - livingTenths - Math.round(bath * 10) - Math.round(wc * 10);
  add('hall', 'Прихожая', service - bath - wc, consistent && hallTenths > 0 ? hallTenths / 10 : null);
  return { geometry, printed, kinds, names };
}

function families(
  n: number,
  ids: { living: number[]; kitchen: number; bath: number; wc: number | null; hall: number },
  euroOk: boolean,
): Family[] {
  const leaf = (i: number): Node => ({ leaf: i });
  const row = (...kids: Node[]): Node => ({ dir: 'row', kids });
  const col = (...kids: Node[]): Node => ({ dir: 'col', kids });
  const R = ids.living.map(leaf);
  const K = leaf(ids.kitchen);
  const B = leaf(ids.bath);
  const H = leaf(ids.hall);
  const wet = ids.wc === null ? [B] : [B, leaf(ids.wc)];
  if (n === 0) {
    return [
      {
        name: 'studio-linear',
        tree: col({ dir: 'row', kids: [R[0]!, K], open: true }, row(...wet, H)),
        facades: ['top'],
        entrance: 'bottom',
        ratio: 1.05,
      },
      {
        name: 'studio-gallery',
        tree: row({ dir: 'col', kids: [R[0]!, K], open: true }, col(...wet, H)),
        facades: ['left'],
        entrance: 'bottom',
        ratio: 1.25,
      },
    ];
  }
  const list: Family[] = [
    {
      name: 'linear',
      tree: col(row(...R, K), row(...wet, H)),
      facades: ['top'],
      entrance: 'bottom',
      ratio: n === 1 ? 1.1 : n >= 3 ? 1.5 + n * 0.15 : 1.55,
    },
    {
      name: 'corner',
      tree: n === 1 ? row(R[0]!, col(K, row(H, ...wet))) : row(R[0]!, col(row(...R.slice(1), K), row(H, ...wet))),
      facades: ['top', 'left'],
      entrance: 'bottom',
      ratio: 1.2 + n * 0.08,
    },
  ];
  if (n >= 2) {
    list.push({
      name: 'through',
      tree: col(row(R[0]!, K), row(...wet, H), row(...R.slice(1))),
      facades: ['top', 'bottom'],
      entrance: 'right',
      ratio: 1.15 + n * 0.05,
    });
  }
  if (euroOk) {
    list.push({
      name: 'euro',
      tree: row(col(K, row(H, col(...wet))), col(...R)),
      facades: ['top', 'right'],
      entrance: 'bottom',
      ratio: 1.1 + n * 0.08,
    });
  }
  return list;
}

const nodeArea = (node: Node, areas: number[]): number =>
  'leaf' in node ? areas[node.leaf]! : node.kids.reduce((s, k) => s + nodeArea(k, areas), 0);

function place(node: Node, rect: Rect, areas: number[], out: Rect[], open: Rect[]): void {
  if ('leaf' in node) {
    out[node.leaf] = rect;
    return;
  }
  if (node.open) open.push(rect);
  const total = nodeArea(node, areas);
  let offset = 0;
  for (const kid of node.kids) {
    const share = nodeArea(kid, areas) / total;
    if (node.dir === 'row') {
      place(kid, { x: rect.x + offset, y: rect.y, w: rect.w * share, h: rect.h }, areas, out, open);
      offset += rect.w * share;
    } else {
      place(kid, { x: rect.x, y: rect.y + offset, w: rect.w, h: rect.h * share }, areas, out, open);
      offset += rect.h * share;
    }
  }
}

/** The wall two rooms share: a segment with its axis, or null. */
function sharedWall(a: Rect, b: Rect): { vertical: boolean; at: number; from: number; to: number } | null {
  const overlap = (a0: number, a1: number, b0: number, b1: number) => [Math.max(a0, b0), Math.min(a1, b1)] as const;
  for (const [ea, eb] of [
    [a.x + a.w, b.x],
    [b.x + b.w, a.x],
  ] as const) {
    if (Math.abs(ea - eb) < EPS) {
      const [from, to] = overlap(a.y, a.y + a.h, b.y, b.y + b.h);
      if (to - from > EPS) return { vertical: true, at: ea, from, to };
    }
  }
  for (const [ea, eb] of [
    [a.y + a.h, b.y],
    [b.y + b.h, a.y],
  ] as const) {
    if (Math.abs(ea - eb) < EPS) {
      const [from, to] = overlap(a.x, a.x + a.w, b.x, b.x + b.w);
      if (to - from > EPS) return { vertical: false, at: ea, from, to };
    }
  }
  return null;
}

function doorIn(wall: { vertical: boolean; at: number; from: number; to: number }, room: Rect, width: number, nearStart: boolean): Door {
  const w = Math.min(width, (wall.to - wall.from) * 0.8);
  const start = nearStart
    ? wall.from + Math.min(0.15, (wall.to - wall.from - w) / 2)
    : wall.to - Math.min(0.15, (wall.to - wall.from - w) / 2);
  const dir = nearStart ? 1 : -1;
  if (wall.vertical) {
    const into = room.x + room.w / 2 > wall.at ? 1 : -1;
    return { hinge: { x: wall.at, y: start }, along: { x: 0, y: dir }, into: { x: into, y: 0 }, width: w };
  }
  const into = room.y + room.h / 2 > wall.at ? 1 : -1;
  return { hinge: { x: start, y: wall.at }, along: { x: dir, y: 0 }, into: { x: 0, y: into }, width: w };
}

function edgeOn(rect: Rect, side: Side, width: number, depth: number): Segment | null {
  if (side === 'top' && rect.y < EPS) return { x1: rect.x, y1: 0, x2: rect.x + rect.w, y2: 0 };
  if (side === 'bottom' && Math.abs(rect.y + rect.h - depth) < EPS) return { x1: rect.x, y1: depth, x2: rect.x + rect.w, y2: depth };
  if (side === 'left' && rect.x < EPS) return { x1: 0, y1: rect.y, x2: 0, y2: rect.y + rect.h };
  if (side === 'right' && Math.abs(rect.x + rect.w - width) < EPS) return { x1: width, y1: rect.y, x2: width, y2: rect.y + rect.h };
  return null;
}

const MIRROR: Record<Side, Side> = { left: 'right', right: 'left', top: 'top', bottom: 'bottom' };

export function floorPlan(input: PlanInput): FloorPlan {
  const n = clamp(Math.round(input.rooms) || 0, 0, 4);
  const rnd = new Random(hashSeed(`plan:${input.seed}:${n}`));
  const euroOk = n >= 1 && input.areaKitchen >= 13;
  const livingCount = Math.max(1, n);
  const ids = {
    living: Array.from({ length: livingCount }, (_, i) => i),
    kitchen: livingCount,
    bath: livingCount + 1,
    wc: null as number | null,
    hall: livingCount + 2,
  };
  const pick = rnd.next();
  const mirrored = rnd.chance(0.5);
  const probe = allocate(input, new Random(1), false);
  if (probe.kinds.includes('wc')) {
    ids.wc = livingCount + 2;
    ids.hall = livingCount + 3;
  }
  const list = families(n, ids, euroOk);
  const family = list[Math.floor(pick * list.length)]!;
  const areas = allocate(input, rnd, family.name === 'euro');
  const total = areas.geometry.reduce((a, b) => a + b, 0);
  const depth = Math.sqrt(total / family.ratio);
  const width = total / depth;
  const rects: Rect[] = [];
  const open: Rect[] = [];
  place(family.tree, { x: 0, y: 0, w: width, h: depth }, areas.geometry, rects, open);
  const flip = (r: Rect): Rect => (mirrored ? { ...r, x: width - r.x - r.w } : r);
  const rooms: PlanRoom[] = rects.map((r, i) => ({
    ...flip(r),
    kind: areas.kinds[i]!,
    name: areas.names[i]!,
    area: areas.printed[i]!,
    zone: n === 0 && areas.kinds[i] === 'kitchen',
  }));
  const facades = family.facades.map((s) => (mirrored ? MIRROR[s] : s));
  const entranceSide = mirrored ? MIRROR[family.entrance] : family.entrance;
  const openSpaces = open.map(flip);

  // Doors: every room reaches the hallway, through the hall itself first, then a kitchen-living room, then a living
  // room (a walk-through room); never through a bathroom. A studio's open space needs one door only.
  const hall = rooms.length - 1;
  const reached = new Set<number>([hall]);
  const doors: Door[] = [];
  const passRank = (i: number) => (rooms[i]!.kind === 'hall' ? 0 : rooms[i]!.kind === 'kitchen' ? 1 : rooms[i]!.kind === 'living' ? 2 : 9);
  // A wide shared wall first; a narrow one only for a room that has no other way in.
  const passes = [0.9, 0.9, 0.9, 0.9, 0.9, 0.5, 0.5, 0.01, 0.01];
  for (const minWall of passes) {
    if (reached.size === rooms.length) break;
    for (let i = 0; i < rooms.length; i++) {
      if (reached.has(i)) continue;
      const room = rooms[i]!;
      const width = room.kind === 'bath' || room.kind === 'wc' ? 0.7 : 0.8;
      const options = [...reached]
        .filter((j) => passRank(j) < 9)
        .map((j) => ({ j, wall: sharedWall(room, rooms[j]!) }))
        .filter(
          (o): o is { j: number; wall: NonNullable<ReturnType<typeof sharedWall>> } =>
            o.wall !== null && o.wall.to - o.wall.from >= minWall,
        )
        .sort((a, b) => passRank(a.j) - passRank(b.j) || b.wall.to - b.wall.from - (a.wall.to - a.wall.from));
      const best = options[0];
      if (!best) continue;
      reached.add(i);
      const openPair = n === 0 && (room.kind === 'kitchen' || room.kind === 'living');
      if (openPair) {
        // One door into the open space; its other part needs none.
        const other = rooms.findIndex((r, j) => j !== i && (r.kind === 'kitchen' || r.kind === 'living'));
        if (reached.has(other)) continue;
        reached.add(other);
      }
      doors.push(doorIn(best.wall, room, width, rnd.chance(0.5)));
    }
  }

  const hallRoom = rooms[hall]!;
  const entranceEdge = edgeOn(hallRoom, entranceSide, width, depth) ?? edgeOn(hallRoom, 'bottom', width, depth)!;
  const entranceWall =
    entranceEdge.x1 === entranceEdge.x2
      ? { vertical: true, at: entranceEdge.x1, from: entranceEdge.y1, to: entranceEdge.y2 }
      : { vertical: false, at: entranceEdge.y1, from: entranceEdge.x1, to: entranceEdge.x2 };
  const entrance = doorIn(entranceWall, hallRoom, 0.9, rnd.chance(0.5));

  const windows: Segment[] = [];
  for (const room of rooms) {
    if (room.kind !== 'living' && room.kind !== 'kitchen') continue;
    for (const side of facades) {
      const edge = edgeOn(room, side, width, depth);
      if (!edge) continue;
      const len = Math.hypot(edge.x2 - edge.x1, edge.y2 - edge.y1);
      const w = Math.min(room.kind === 'kitchen' ? 1.2 : 1.6, len * 0.55);
      const t0 = (len - w) / 2 / len;
      const t1 = 1 - t0;
      windows.push({
        x1: edge.x1 + (edge.x2 - edge.x1) * t0,
        y1: edge.y1 + (edge.y2 - edge.y1) * t0,
        x2: edge.x1 + (edge.x2 - edge.x1) * t1,
        y2: edge.y1 + (edge.y2 - edge.y1) * t1,
      });
    }
  }

  let balcony: FloorPlan['balcony'] = null;
  if (rnd.chance(0.7)) {
    const side = facades.includes('top') ? 'top' : facades[0]!;
    const host = rooms.find(
      (r) =>
        (r.kind === 'kitchen' || r.kind === 'living') &&
        edgeOn(r, side, width, depth) &&
        (side === 'top' || side === 'bottom' ? r.w : r.h) > 2.2,
    );
    if (host) {
      const along = side === 'top' || side === 'bottom' ? host.w : host.h;
      const len = Math.min(along - 0.3, 3.4);
      const d = 1.1;
      if (side === 'top') balcony = { x: host.x + (host.w - len) / 2, y: -d, w: len, h: d, side };
      else if (side === 'bottom') balcony = { x: host.x + (host.w - len) / 2, y: depth, w: len, h: d, side };
      else if (side === 'left') balcony = { x: -d, y: host.y + (host.h - len) / 2, w: d, h: len, side };
      else balcony = { x: width, y: host.y + (host.h - len) / 2, w: d, h: len, side };
    }
  }
  return { family: family.name, width, depth, rooms, doors, entrance, windows, balcony, openSpaces };
}

/** The names of the plan families available for a room count (tests: each has at least two). */
export function planFamilies(rooms: number, areaKitchen: number): string[] {
  const n = clamp(Math.round(rooms) || 0, 0, 4);
  const livingCount = Math.max(1, n);
  const ids = {
    living: Array.from({ length: livingCount }, (_, i) => i),
    kitchen: livingCount,
    bath: livingCount + 1,
    wc: null,
    hall: livingCount + 2,
  };
  return families(n, ids, n >= 1 && areaKitchen >= 13).map((f) => f.name);
}
