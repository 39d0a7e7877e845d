// The song's form: sections sized from the duration, one verse and chorus per started minute
// (spec: long tracks are generated in segments, one per started minute), an intro and an outro,
// a bridge before the last chorus of songs of two minutes or more, and an energy curve that
// rises to the last chorus. The length in ticks is the requested duration exactly; whatever does
// not fill a whole bar is held as the final chord.
import { PPQ, type Plan, type PlannedSection, type SectionType } from './composition';
import { SEGMENT_SECONDS, segmentCount } from './options';

const WEIGHTS: Record<SectionType, number> = { intro: 4, verse: 8, chorus: 8, bridge: 8, outro: 4 };
/** Which sections a short song leaves out first, when it has fewer bars than sections. */
const DROP_ORDER: SectionType[] = ['bridge', 'intro', 'outro', 'verse'];

export function totalTicksFor(durationSeconds: number, tempo: number): number {
  return Math.round(((durationSeconds * tempo) / 60) * PPQ);
}

export function planSong(durationSeconds: number, tempo: number, beatsPerBar: number): Plan {
  const totalTicks = totalTicksFor(durationSeconds, tempo);
  const fullBars = Math.floor(totalTicks / (beatsPerBar * PPQ));
  const segments = segmentCount(durationSeconds);
  const barsPerSegment = (SEGMENT_SECONDS * tempo) / 60 / beatsPerBar;
  const types: SectionType[] = ['intro'];
  for (let segment = 0; segment < segments; segment += 1) {
    types.push('verse');
    if (segment === segments - 1 && segments >= 2) types.push('bridge');
    types.push('chorus');
  }
  types.push('outro');
  const fitted = dropUntilFits(types, fullBars);
  const bars = allocate(fitted, fullBars);
  let startBar = 0;
  const sections = fitted.map((type, index): PlannedSection => {
    const section = { type, bars: bars[index] ?? 1, segment: Math.min(segments - 1, Math.floor(startBar / barsPerSegment)), take: 0 };
    startBar += section.bars;
    return section;
  });
  return { sections, totalTicks };
}

function dropUntilFits(types: SectionType[], fullBars: number): SectionType[] {
  const kept = [...types];
  while (kept.length > Math.max(1, fullBars)) {
    const type = DROP_ORDER.find((candidate) => kept.includes(candidate));
    kept.splice(type === undefined ? 0 : kept.indexOf(type), 1);
  }
  return kept;
}

/** Bars per section in proportion to its weight, in units of 4 (or 2, or 1) bars, each at least one unit. */
function allocate(types: SectionType[], fullBars: number): number[] {
  const unit = [4, 2, 1].find((size) => Math.floor(fullBars / size) >= types.length) ?? 1;
  const units = Math.floor(fullBars / unit);
  const weights = types.map((type) => WEIGHTS[type]);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = weights.map((weight) => (units * weight) / totalWeight);
  const given = shares.map((share) => Math.max(1, Math.floor(share)));
  let left = units - given.reduce((sum, count) => sum + count, 0);
  // Sections raised to their one unit are paid for by the largest ones.
  while (left < 0) {
    const largest = given.indexOf(Math.max(...given));
    given[largest] = (given[largest] ?? 1) - 1;
    left += 1;
  }
  const byRemainder = shares.map((share, index) => ({ index, remainder: share - Math.floor(share) })).sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    given[index] = (given[index] ?? 0) + 1;
    left -= 1;
  }
  const bars = given.map((count) => count * unit);
  // Bars that make no whole unit go to the last section, which ends on the held chord.
  bars[bars.length - 1] = (bars[bars.length - 1] ?? 0) + (fullBars - units * unit);
  return bars;
}

/**
 * 0..1 per section: low in the intro and outro, rising a little with each minute, highest in the
 * chorus after the bridge. A section's energy depends on itself and the section before it only,
 * so extending a song leaves the energy (and the notes) of its first sections as they were.
 */
export function sectionEnergy(sections: readonly PlannedSection[], moodEnergy: number): number[] {
  const base: Record<SectionType, number> = { intro: 0.35, verse: 0.55, chorus: 0.82, bridge: 0.6, outro: 0.4 };
  return sections.map((section, index) => {
    const rise = section.type === 'verse' || section.type === 'chorus' ? Math.min(0.12, 0.04 * section.segment) : 0;
    const peak = section.type === 'chorus' && sections[index - 1]?.type === 'bridge' ? 0.08 : 0;
    const shape = Math.min(1, base[section.type] + rise + peak);
    return Math.round(shape * (0.55 + 0.45 * moodEnergy) * 1000) / 1000;
  });
}

/**
 * A longer plan: the sections before the old ending (an outro) stay as they were, new verses and
 * choruses fill the added time, and a new outro ends on the exact new length.
 */
export function extendPlan(plan: Plan, durationSeconds: number, tempo: number, beatsPerBar: number): Plan {
  const totalTicks = totalTicksFor(durationSeconds, tempo);
  const barTicks = beatsPerBar * PPQ;
  const last = plan.sections.length - 1;
  const kept = plan.sections.filter((section, index) => index !== last || section.type !== 'outro' || last === 0);
  const keptBars = kept.reduce((sum, section) => sum + section.bars, 0);
  const freeBars = Math.max(1, Math.floor((totalTicks - keptBars * barTicks) / barTicks));
  const lastSegment = kept.reduce((max, section) => Math.max(max, section.segment), 0);
  const addedSegments = Math.max(1, segmentCount(durationSeconds) - lastSegment - 1);
  const types: SectionType[] = [];
  for (let segment = 0; segment < addedSegments; segment += 1) types.push('verse', 'chorus');
  types.push('outro');
  const fitted = dropUntilFits(types, freeBars);
  const bars = allocate(fitted, freeBars);
  const barsPerSegment = (SEGMENT_SECONDS * tempo) / 60 / beatsPerBar;
  let startBar = keptBars;
  const added = fitted.map((type, index): PlannedSection => {
    const section = { type, bars: bars[index] ?? 1, segment: Math.floor(startBar / barsPerSegment), take: 0 };
    startBar += section.bars;
    return section;
  });
  return { sections: [...kept.map((section) => ({ ...section })), ...added], totalTicks };
}
