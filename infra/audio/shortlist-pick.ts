// The descriptor shortlist's pick after a scan: the entries whose quantised scores, scaled back, are
// best, apart for the uploader's own works and other owners'. Shared by the main thread and the scan
// threads (scan-worker.ts), which pick right after their scan: a pass over a million scores costs
// 10–30 ms of JavaScript, which the main thread then spends on the check's other work instead.

/** What to pick from a scan: owners and scales of every entry (shared memory), the uploader's owner id (-2: none), and how many of each. */
export interface PickRequest {
  /** Interned owner per entry; -1 for a row known to be gone. */
  owners: Int32Array;
  /** What one step of an entry's quantised values is worth; 0 for an entry with no summary of this kind. */
  scales: Float32Array;
  own: number;
  others: number;
  mine: number;
}

/** The best `others` entries of other owners, then the best `mine` of the uploader's own, by score × scale. */
export function pickBest(scores: Int32Array, count: number, { owners, scales, own, others, mine }: PickRequest): number[] {
  const fromOthers = new TopK(others);
  const fromOwn = new TopK(mine);
  for (let i = 0; i < count; i++) {
    const owner = owners[i]!;
    if (owner < 0 || scales[i] === 0) continue;
    (owner === own ? fromOwn : fromOthers).offer(i, scores[i]! * scales[i]!);
  }
  return [...fromOthers.indices(), ...fromOwn.indices()];
}

/** The indices with the k highest scores offered. */
class TopK {
  private ids: number[] = [];
  private scores: number[] = [];
  private floor = -Infinity;

  constructor(private readonly k: number) {}

  offer(id: number, score: number): void {
    if (score <= this.floor) return;
    this.ids.push(id);
    this.scores.push(score);
    if (this.ids.length >= 4 * this.k) this.cut();
  }

  indices(): number[] {
    this.cut();
    return this.ids;
  }

  private cut(): void {
    if (this.ids.length <= this.k) return;
    const order = this.ids.map((_, i) => i).sort((a, b) => this.scores[b]! - this.scores[a]!).slice(0, this.k);
    this.ids = order.map((i) => this.ids[i]!);
    this.scores = order.map((i) => this.scores[i]!);
    this.floor = this.scores.at(-1)!;
  }
}
