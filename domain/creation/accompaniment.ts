// The band under the melody, one section at a time: drums (General MIDI drum notes), bass and
// comping by the style's patterns, and a sustained pad. Each takes the section's own random stream,
// so nothing here depends on another section.
import { PPQ, type ChordSpan, type Note, type Section } from './composition';
import { VOICING_CENTRE, voiceLead } from './harmony';
import type { Random } from './random';
import type { BassPattern, CompPattern, DrumPattern, Traits } from './styles';

const SIXTEENTH = PPQ / 4;
const EIGHTH = PPQ / 2;

/** GM percussion keys. */
const KICK = 36;
const SNARE = 38;
const CLAP = 39;
const SIDE_STICK = 37;
const CLOSED_HAT = 42;
const OPEN_HAT = 46;
const RIDE = 51;
const CRASH = 49;
const LOW_TOM = 45;
const HIGH_TOM = 50;
const SHAKER = 70;

type Lane = [pitch: number, steps: string];
/** One bar in sixteenths ("x" loud, "o" soft, "." rest); 3/4 patterns have 12 steps. */
const DRUMS: Record<Exclude<DrumPattern, 'none'>, Lane[]> = {
  backbeat: [[KICK, 'x.....x.x.......'], [SNARE, '....x.......x...'], [CLOSED_HAT, 'x.o.x.o.x.o.x.o.']],
  rock: [[KICK, 'x.......x.x.....'], [SNARE, '....x.......x...'], [CLOSED_HAT, 'x.x.x.x.x.x.x.x.']],
  'four-on-floor': [[KICK, 'x...x...x...x...'], [CLAP, '....x.......x...'], [OPEN_HAT, '..x...x...x...x.'], [CLOSED_HAT, 'o.o.o.o.o.o.o.o.']],
  disco: [[KICK, 'x...x...x...x...'], [SNARE, '....x.......x...'], [OPEN_HAT, '..x...x...x...x.'], [CLOSED_HAT, 'x.o.x.o.x.o.x.o.']],
  trap: [[KICK, 'x......x..x.....'], [CLAP, '........x.......'], [CLOSED_HAT, 'xoxoxoxoxoxoxoxo']],
  breakbeat: [[KICK, 'x.........x.....'], [SNARE, '....x..o.o..x...'], [CLOSED_HAT, 'x.x.x.x.x.x.x.x.']],
  halftime: [[KICK, 'x.....x...x.....'], [SNARE, '........x.......'], [CLOSED_HAT, 'x.o.x.o.x.o.x.o.']],
  'boom-bap': [[KICK, 'x......x.x......'], [SNARE, '....x.......x...'], [CLOSED_HAT, 'x.x.x.x.x.x.x.x.']],
  bossa: [[KICK, 'x..xx..xx..xx..x'], [SIDE_STICK, 'x..x..x...x..x..'], [CLOSED_HAT, 'x.x.x.x.x.x.x.x.']],
  dembow: [[KICK, 'x...x...x...x...'], [SNARE, '...x..x....x..x.'], [CLOSED_HAT, 'x.x.x.x.x.x.x.x.']],
  afrobeat: [[KICK, 'x.....x...x..x..'], [SNARE, '....x.......x..o'], [CLOSED_HAT, 'x.xxx.xxx.xxx.xx'], [SHAKER, 'oooooooooooooooo']],
  'one-drop': [[KICK, '........x.......'], [SIDE_STICK, '........x.......'], [CLOSED_HAT, 'x.o.x.o.x.o.x.o.']],
  swing: [[RIDE, 'x...x.oxx...x.ox'], [CLOSED_HAT, '....x.......x...'], [KICK, 'o...............']],
  shuffle: [[KICK, 'x.......x.......'], [SNARE, '....x.......x...'], [CLOSED_HAT, 'x.ox.ox.ox.ox.o.']],
  punk: [[KICK, 'x.x.x.x.x.x.x.x.'], [SNARE, '....x.......x...'], [CLOSED_HAT, 'x.x.x.x.x.x.x.x.']],
  waltz: [[KICK, 'x...........'], [SNARE, '....o...o...'], [CLOSED_HAT, 'x...x...x...']],
  brushes: [[KICK, 'x.......o.......'], [SIDE_STICK, '....x.......x...'], [SHAKER, 'x.o.x.o.x.o.x.o.']],
};

function velocityFor(energy: number, loud: boolean, random: Random): number {
  const base = 52 + Math.round(58 * energy) - (loud ? 0 : 22);
  return Math.max(20, Math.min(127, base + random.int(-5, 5)));
}

/** Where a grid step sounds: off-beat eighths (and their sixteenths) move later by the swing. */
function swungTick(step: number, swing: number): number {
  const tick = step * SIXTEENTH;
  if (step % 4 === 2) return tick + Math.round(swing * EIGHTH);
  if (step % 2 === 1) return tick + Math.round(swing * SIXTEENTH);
  return tick;
}

function bars(section: Section, beatsPerBar: number): number[] {
  const barTicks = beatsPerBar * PPQ;
  const starts: number[] = [];
  for (let tick = section.startTick; tick + barTicks <= section.endTick; tick += barTicks) starts.push(tick);
  return starts;
}

export type DrumGroove = Lane[];

const HAT_LIKE = new Set([CLOSED_HAT, OPEN_HAT, RIDE, SHAKER]);
const BACKBEAT_LIKE = new Set([SNARE, CLAP, SIDE_STICK]);

/** Marks `count` rests of a lane `mark` at steps drawn from `allowed` (those still resting). */
function addHits(lane: string, allowed: (step: number) => boolean, count: number, mark: 'x' | 'o', random: Random): string {
  const steps = [...lane];
  for (let n = 0; n < count; n++) {
    const open = steps.flatMap((value, step) => (value === '.' && allowed(step) ? [step] : []));
    if (open.length === 0) break;
    steps[random.pick(open)] = mark;
  }
  return steps.join('');
}

/**
 * The song's own drum pattern: the style's, with a few soft kicks, a ghost note on the backbeat
 * lane and hat notes drawn for this song. Without it every song of a style at one tempo played the
 * same loop, and the copyright oracle's fingerprint heard two such songs (a request and its
 * variation) as one recording.
 */
export function drumGroove(traits: Traits, random: Random): DrumGroove {
  if (traits.drums === 'none') return [];
  const pattern = traits.beatsPerBar === 3 ? DRUMS.waltz : DRUMS[traits.drums];
  return pattern.map(([pitch, lane]): Lane => {
    // Never on the downbeat, which every style keeps as it is.
    const notOne = (step: number) => step !== 0;
    if (pitch === KICK) return [pitch, addHits(lane, notOne, random.int(1, 2), 'o', random)];
    if (BACKBEAT_LIKE.has(pitch)) return [pitch, addHits(lane, (step) => notOne(step) && step % 2 === 1, random.int(0, 1), 'o', random)];
    if (HAT_LIKE.has(pitch)) return [pitch, addHits(lane, notOne, random.int(1, 3), 'o', random)];
    return [pitch, lane];
  });
}

export function drumNotes(section: Section, traits: Traits, random: Random, isLast: boolean, groove: DrumGroove): Note[] {
  if (traits.drums === 'none') return [];
  const pattern = groove;
  const steps = traits.beatsPerBar * 4;
  const notes: Note[] = [];
  const barStarts = bars(section, traits.beatsPerBar);
  const sparse = section.energy < 0.45 || section.type === 'intro' || section.type === 'outro';
  barStarts.forEach((barStart, barIndex) => {
    const fill = barIndex === barStarts.length - 1 && !isLast && section.energy >= 0.5 && random.chance(0.7);
    for (const [pitch, lane] of pattern) {
      if (sparse && (pitch === SNARE || pitch === CLAP) && section.type === 'intro' && barIndex < barStarts.length - 1) continue;
      for (let step = 0; step < steps; step += 1) {
        const mark = lane[step % lane.length];
        if (mark !== 'x' && mark !== 'o') continue;
        if (sparse && (pitch === CLOSED_HAT || pitch === SHAKER) && step % 2 === 1) continue;
        if (sparse && pitch === OPEN_HAT) continue;
        if (fill && step >= steps - 4) continue;
        notes.push({ pitch, startTick: barStart + swungTick(step, traits.swing), durationTicks: SIXTEENTH, velocity: velocityFor(section.energy, mark === 'x', random) });
      }
    }
    // Busy sections add a pickup kick now and then.
    if (!sparse && section.energy > 0.75 && random.chance(0.35)) notes.push({ pitch: KICK, startTick: barStart + swungTick(steps - 2, traits.swing), durationTicks: SIXTEENTH, velocity: velocityFor(section.energy, false, random) });
    if (fill) {
      for (let step = steps - 4; step < steps; step += 1) {
        const pitch = random.pick([SNARE, SNARE, HIGH_TOM, LOW_TOM]);
        notes.push({ pitch, startTick: barStart + step * SIXTEENTH, durationTicks: SIXTEENTH, velocity: velocityFor(section.energy, true, random) });
      }
    }
  });
  if (section.energy >= 0.5 && section.type !== 'intro') notes.push({ pitch: CRASH, startTick: section.startTick, durationTicks: PPQ, velocity: velocityFor(section.energy, true, random) });
  return notes;
}

/** Semitones from a chord's root to its third (3 minor, 4 major; 5 or 2 for a suspended chord). */
function thirdOf(chord: Pick<ChordSpan, 'root' | 'pitchClasses'>): number {
  return ((((chord.pitchClasses[1] ?? chord.root) - chord.root) % 12) + 12) % 12;
}

/** A root in the bass register, A1 to G#2. */
function bassPitch(pitchClass: number): number {
  return 33 + ((pitchClass - 9 + 12) % 12);
}

const SYNCOPATIONS = ['x..x..x...x.x...', 'x.....x.x..x....', 'x..x....x.x..x..', 'x.x...x..x..x...'];

export function bassNotes(section: Section, traits: Traits, random: Random, figure = 0): Note[] {
  const notes: Note[] = [];
  const barTicks = traits.beatsPerBar * PPQ;
  const velocity = () => Math.min(120, 64 + Math.round(40 * section.energy) + random.int(-4, 4));
  const pattern: BassPattern = section.energy < 0.4 && traits.bass !== 'walking' ? 'roots' : traits.bass;
  const syncopation = random.pick(SYNCOPATIONS);
  section.chords.forEach((chord, index) => {
    const root = bassPitch(chord.root);
    const fifth = root + 7 > 47 ? root - 5 : root + 7;
    const next = section.chords[index + 1];
    const add = (pitch: number, offset: number, length: number) => {
      if (offset >= chord.durationTicks) return;
      notes.push({ pitch, startTick: chord.startTick + offset, durationTicks: Math.min(length, chord.durationTicks - offset), velocity: velocity() });
    };
    const beats = Math.floor(chord.durationTicks / PPQ);
    switch (pattern) {
      case 'roots':
        // Held, struck again at the half, or answered by the fifth at the half.
        if (figure === 0 || beats < 4) add(root, 0, chord.durationTicks - SIXTEENTH);
        else everyFourBeats(chord.durationTicks, [0, 4], (tick) => add(figure === 2 && tick % (4 * PPQ) !== 0 ? fifth : root, tick, 2 * PPQ - SIXTEENTH));
        break;
      case 'sub':
        add(root, 0, chord.durationTicks);
        if (pattern === 'sub' && beats >= 4 && random.chance(0.5)) add(root, 2 * PPQ + EIGHTH, PPQ);
        break;
      case 'root-fifth':
        for (let beat = 0; beat < beats; beat += 2) add(beat % 4 === 0 ? root : fifth, beat * PPQ, PPQ * 2 - SIXTEENTH);
        break;
      case 'eighths': {
        // Over a minor tonic the last beat of each bar climbs to the minor third: a bass's
        // overtones sound a major third above its root, and a minor song of root eighths (and
        // power chords) was heard as major.
        const minorTonic = chord.degree === '1' && thirdOf(chord) === 3;
        // The figure: straight roots, an octave on every fourth eighth, or the fifth before beat 4.
        for (let tick = 0, i = 0; tick < chord.durationTicks; tick += EIGHTH, i += 1) {
          const pitch = minorTonic && tick % barTicks >= barTicks - PPQ ? root + 3 : figure === 1 && i % 4 === 3 ? root + 12 : figure === 2 && i % 8 === 5 ? fifth : root;
          add(pitch, tick, EIGHTH - 20);
        }
        break;
      }
      case 'octaves':
        for (let tick = 0, i = 0; tick < chord.durationTicks; tick += EIGHTH, i += 1) add(i % 2 === 0 ? root : root + 12, tick, EIGHTH - 20);
        break;
      case 'walking': {
        const tones = [root, root + ((chord.pitchClasses[1] ?? chord.root) - chord.root + 12) % 12, fifth];
        for (let beat = 0; beat < beats; beat += 1) {
          const approach = next && beat === beats - 1 ? bassPitch(next.root) + random.pick([-1, 1]) : (tones[beat % tones.length] ?? root);
          add(approach, beat * PPQ, PPQ - 30);
        }
        break;
      }
      case 'syncopated':
      case 'tumbao':
        for (let step = 0; step * SIXTEENTH < chord.durationTicks; step += 1) {
          const mark = pattern === 'tumbao' ? 'x.....x.....x...'[step % 16] : syncopation[step % 16];
          if (mark === 'x') add(step % 8 === 6 ? fifth : root, swungTick(step, traits.swing), EIGHTH + SIXTEENTH);
        }
        break;
      case 'oom-pah':
        for (let beat = 0; beat < beats; beat += traits.beatsPerBar === 3 ? 3 : 2) add(Math.floor(beat / 2) % 2 === 0 ? root : fifth, beat * PPQ, PPQ - 30);
        break;
      default: {
        const unhandled: never = pattern;
        throw new Error(`Unhandled bass pattern ${String(unhandled)}`);
      }
    }
  });
  return notes;
}

/**
 * A triad's voicing with its root doubled an octave from where it sits (above when it fits), as
 * four-part writing doubles it: the chord's root is then the strongest tone, the tonic most of all.
 */
export function doubledRoot(voicing: readonly number[], chord: Pick<ChordSpan, 'root' | 'pitchClasses'>): number[] {
  if (chord.pitchClasses.length !== 3) return [...voicing];
  const root = voicing.find((pitch) => pitch % 12 === chord.root);
  if (root === undefined) return [...voicing];
  const double = root + 12 <= 84 && !voicing.includes(root + 12) ? root + 12 : root - 12;
  return [...voicing, double].sort((a, b) => a - b);
}

/**
 * How many figures each comping and bass pattern is played in. A song's take draws one: a
 * variation (the next seed) strums, arpeggiates or pulses its style's pattern in another rhythm or
 * order, so it is another performance and not the same part on another instrument.
 */
export const FIGURES = 3;

/** Onsets in eighths of a four-beat span, per figure. */
const SUSTAINS = [[0], [0, 4], [0, 3]];
const HALVES = [[0, 4], [0, 3], [0, 2, 4, 6]];
const PULSES = ['xxxxxxxx', 'x.xxx.xx', 'x..x..x.'];
const STRUMS = ['xx.x.xxx', 'x.xx.x.x', 'x..x..x.'];

/** The notes of an arpeggio or broken chord in the figure's order: up, down, or up and back. */
function figureOrder(pitches: readonly number[], figure: number): number[] {
  if (figure === 1) return [...pitches].reverse();
  if (figure === 2) return [...pitches, ...pitches.slice(1, -1).reverse()];
  return [...pitches];
}

/** Plays `onsets` (in eighths of four beats) over and over across a span. */
function everyFourBeats(span: number, onsets: readonly number[], each: (tick: number) => void): void {
  for (let cycle = 0; cycle < span; cycle += 4 * PPQ) for (const onset of onsets) if (cycle + onset * EIGHTH < span) each(cycle + onset * EIGHTH);
}

const STABS = ['..x..x....x..x..', 'x..x..x...x..x..', '..x...x...x.x...', '...x..x....x..x.'];

export function compNotes(section: Section, traits: Traits, random: Random, voicingCentre = VOICING_CENTRE, figure = 0): Note[] {
  const voicings = voiceLead(section.chords, null, voicingCentre);
  const notes: Note[] = [];
  const pattern: CompPattern = section.energy < 0.4 && traits.comp !== 'broken' && traits.comp !== 'arpeggio' ? 'sustain' : traits.comp;
  const stab = random.pick(STABS);
  const base = 50 + Math.round(40 * section.energy);
  section.chords.forEach((chord: ChordSpan, index) => {
    const voicing = doubledRoot(voicings[index] ?? [], chord);
    const velocity = () => Math.min(115, base + random.int(-6, 6));
    const play = (pitches: readonly number[], offset: number, length: number, spread = 0) => {
      if (offset >= chord.durationTicks) return;
      pitches.forEach((pitch, i) => notes.push({ pitch, startTick: chord.startTick + offset + i * spread, durationTicks: Math.max(30, Math.min(length, chord.durationTicks - offset) - i * spread), velocity: velocity() }));
    };
    const span = chord.durationTicks;
    switch (pattern) {
      case 'block':
      case 'sustain': {
        // Held, or struck again within each four beats (each chord held up to the next stroke).
        const onsets = SUSTAINS[figure] ?? [0];
        if (onsets.length === 1) play(voicing, 0, span);
        else everyFourBeats(span, onsets, (tick) => play(voicing, tick, (onsets.find((onset) => onset * EIGHTH > tick % (4 * PPQ)) ?? 8) * EIGHTH - (tick % (4 * PPQ)) - 20));
        break;
      }
      case 'halves':
        everyFourBeats(span, HALVES[figure] ?? [0, 4], (tick) => play(voicing, tick, 2 * PPQ - 40));
        break;
      case 'pulse': {
        const marks = PULSES[figure] ?? 'xxxxxxxx';
        for (let tick = 0, i = 0; tick < span; tick += EIGHTH, i += 1) if (marks[i % marks.length] === 'x') play(voicing, tick, EIGHTH - 40);
        break;
      }
      case 'strum':
        [...(STRUMS[figure] ?? 'xx.x.xxx')].forEach((mark, i) => {
          for (let tick = i * EIGHTH; tick < span; tick += 4 * PPQ) if (mark === 'x') play(i % 2 === 1 ? [...voicing].reverse() : voicing, swungTick(i * 2, traits.swing) + tick - i * EIGHTH, EIGHTH * 2, 12);
        });
        break;
      case 'arpeggio': {
        const notes = figureOrder([...voicing, (voicing[0] ?? 60) + 12], figure);
        for (let tick = 0, i = 0; tick < span; tick += EIGHTH, i += 1) play([notes[i % notes.length] ?? 60], swungTick(i * 2, traits.swing), EIGHTH * 2);
        break;
      }
      case 'broken': {
        const low = (voicing[0] ?? 60) - 12;
        play([low], 0, span);
        const upper = figureOrder(voicing.slice(1), figure);
        for (let tick = EIGHTH, i = 0; tick < span; tick += EIGHTH, i += 1) play([upper[i % upper.length] ?? 64], tick, EIGHTH * 2);
        break;
      }
      case 'offbeat':
        for (let tick = EIGHTH; tick < span; tick += PPQ) play(voicing, tick + Math.round(traits.swing * EIGHTH), EIGHTH - 60);
        break;
      case 'stabs':
        for (let step = 0; step * SIXTEENTH < span; step += 1) if (stab[step % 16] === 'x') play(voicing, swungTick(step, traits.swing), SIXTEENTH + 40);
        break;
      case 'bossa':
        for (let step = 0; step * SIXTEENTH < span; step += 1) if ('x..x..x...x..x..'[step % 16] === 'x') play(voicing, step * SIXTEENTH, EIGHTH);
        break;
      case 'charleston':
        for (let tick = 0; tick < span; tick += 4 * PPQ) {
          play(voicing, tick, PPQ + EIGHTH);
          play(voicing, tick + PPQ + EIGHTH + Math.round(traits.swing * EIGHTH), EIGHTH);
        }
        break;
      case 'oom-pah':
        for (let beat = 0; beat * PPQ < span; beat += 1) if (beat % traits.beatsPerBar !== 0) play(voicing, beat * PPQ, PPQ - 60);
        break;
      case 'power': {
        const root = voicing.find((pitch) => pitch % 12 === chord.root) ?? voicing[0] ?? 52;
        const low = root > 60 ? root - 12 : root;
        // A power chord's overtones sound a major third (the fifth harmonic), so a song of power
        // chords in minor was heard as major: minor chords are played as full barre chords, the
        // tonic's minor third doubled, so the mode is played rather than implied.
        const third = thirdOf(chord) !== 3 ? [] : chord.degree === '1' ? [low + 3, low + 15] : [low + 15];
        const marks = PULSES[figure] ?? 'xxxxxxxx';
        for (let tick = 0, i = 0; tick < span; tick += EIGHTH, i += 1) if (marks[i % marks.length] === 'x') play([low, low + 7, low + 12, ...third], tick, EIGHTH - 30);
        break;
      }
      case 'tremolo':
        // Sixteenths, eighths, or sixteenths breathing on every fourth.
        for (let tick = 0, i = 0; tick < span; tick += figure === 1 ? EIGHTH : SIXTEENTH, i += 1) if (figure !== 2 || i % 4 !== 3) play(voicing, tick, figure === 1 ? EIGHTH : SIXTEENTH);
        break;
      default: {
        const unhandled: never = pattern;
        throw new Error(`Unhandled comping pattern ${String(unhandled)}`);
      }
    }
  });
  return notes;
}

/** Sustained chords an octave above the comping, quieter; only where the section has some energy. */
export function padNotes(section: Section, random: Random, voicingCentre = VOICING_CENTRE): Note[] {
  if (section.energy < 0.3) return [];
  const voicings = voiceLead(section.chords, null, voicingCentre);
  return section.chords.flatMap((chord, index) =>
    doubledRoot(voicings[index] ?? [], chord).map((pitch) => ({ pitch: pitch + 12, startTick: chord.startTick, durationTicks: chord.durationTicks, velocity: Math.min(100, 40 + Math.round(30 * section.energy) + random.int(-3, 3)) })),
  );
}
