/** Keeps the k best (score, row) pairs seen so far in a min-heap: O(n log k) over a scan. */
export class TopK {
  private readonly scores: Float64Array;
  private readonly rows: Int32Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.scores = new Float64Array(Math.max(1, k));
    this.rows = new Int32Array(Math.max(1, k));
  }

  /** The score a candidate must beat to enter. */
  get threshold(): number {
    return this.size < this.k ? -Infinity : this.scores[0]!;
  }

  push(score: number, row: number): void {
    if (this.k === 0) return;
    if (this.size < this.k) {
      let i = this.size++;
      this.scores[i] = score;
      this.rows[i] = row;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (this.scores[parent]! <= this.scores[i]!) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (score <= this.scores[0]!) return;
    this.scores[0] = score;
    this.rows[0] = row;
    this.siftDown(0);
  }

  /** Best first. */
  drain(): Array<{ row: number; score: number }> {
    const out: Array<{ row: number; score: number }> = [];
    for (let i = 0; i < this.size; i++) out.push({ row: this.rows[i]!, score: this.scores[i]! });
    // Ties broken by row so results are stable across runs.
    return out.sort((a, b) => b.score - a.score || a.row - b.row);
  }

  private siftDown(i: number): void {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < this.size && this.scores[l]! < this.scores[m]!) m = l;
      if (r < this.size && this.scores[r]! < this.scores[m]!) m = r;
      if (m === i) return;
      this.swap(i, m);
      i = m;
    }
  }

  private swap(a: number, b: number): void {
    const s = this.scores[a]!;
    this.scores[a] = this.scores[b]!;
    this.scores[b] = s;
    const r = this.rows[a]!;
    this.rows[a] = this.rows[b]!;
    this.rows[b] = r;
  }
}
