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
