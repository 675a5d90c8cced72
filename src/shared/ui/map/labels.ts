/** A label's box on the screen (or in world pixels): left, top, right, bottom. */
export interface LabelBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Rough width of a line of text: the map's labels are short, in one font and size. */
export function textWidth(text: string, fontPx: number): number {
  return text.length * fontPx * 0.62;
}

/** Font and padding of a price pin and the size of a cluster's disc (map.css), to keep names clear of them. */
const PIN_FONT_PX = 12;
const PIN_PADDING = { x: 8, y: 4 };
const CLUSTER_PX = 40;

/** Room kept around a pin: its text's width is an estimate, and a real font can run a few pixels wider. */
const PIN_MARGIN_PX = 6;

/** The box of a price pin (a label centred on its point) or of a cluster's disc, with a margin. */
export function markerBox(x: number, y: number, label: string | null): LabelBox {
  const halfWidth = (label === null ? CLUSTER_PX / 2 : textWidth(label, PIN_FONT_PX) / 2 + PIN_PADDING.x) + PIN_MARGIN_PX;
  const halfHeight = (label === null ? CLUSTER_PX / 2 : (PIN_FONT_PX * 1.2) / 2 + PIN_PADDING.y) + PIN_MARGIN_PX;
  return { left: x - halfWidth, right: x + halfWidth, top: y - halfHeight, bottom: y + halfHeight };
}

const overlaps = (a: LabelBox, b: LabelBox) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Which labels to write so that none covers another: each in turn, skipped if it would overlap one already placed
 * (or anything in `taken`). The order is the priority. Returns the kept indexes.
 */
export function placeLabels(boxes: readonly LabelBox[], taken: LabelBox[] = []): Set<number> {
  const kept = new Set<number>();
  boxes.forEach((box, index) => {
    if (taken.some((other) => overlaps(box, other))) return;
    taken.push(box);
    kept.add(index);
  });
  return kept;
}
