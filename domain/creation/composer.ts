// The creation engine's composer: a song request and a seed in, a Composition out, the same one
// for the same request, seed, plan and engine version on any machine. Each part of each section
// draws from its own random stream (random.ts), so a section can be regenerated (its next take)
// and a song extended without a note of the other sections changing. Pure: no clock, no I/O.
import { requestHash, requestSeed, SEED_LIMIT, type SongRequest } from '../contracts/creation';
import { ValidationError } from '../shared/errors';
import { PPQ, ticksToSeconds, type Composition, type LyricSection, type LyricSyllable, type Note, type Part, type Plan, type Section, type SectionType } from './composition';
import { bassNotes, compNotes, drumGroove, drumNotes, FIGURES, padNotes } from './accompaniment';
import { chooseProgression, keySignature, NATURAL_MINOR_FAMILIES, sectionChords, VOICING_CENTRE, voiceLead } from './harmony';
import { assignLyrics, makeMotif, melodyNotes, REGISTERS } from './melody';
import { DURATION_RANGE, KEYS, MAX_EXTENDED_DURATION_SECONDS } from './options';
import { extendPlan, planSong, sectionEnergy } from './plan';
import { randomStream, type Random } from './random';
import { blendTraits, GM_PROGRAM_NAMES, INSTRUMENT_PARTS, MOOD_TRAITS, programFamily, type Traits } from './styles';

/** Changes whenever the same request and seed would give other notes; recorded in the provenance. */
export const COMPOSER_ENGINE_VERSION = 'goose-composer/1.3.0';

export interface ComposeOptions {
  /** Default: the request's own seed (requestSeed), so the same request makes the same song. */
  seed?: number;
  /** The version the caller expects; a composition made by another version cannot be reproduced here. */
  engineVersion?: string;
  /** The lyrics, syllable by syllable; without them a sung melody has no words. */
  lyrics?: readonly LyricSection[];
  /** A plan to follow instead of the one the duration gives (a regenerated section, an extended song). */
  plan?: Plan;
}

const SECTION_TYPES: SectionType[] = ['intro', 'verse', 'chorus', 'bridge', 'outro'];
const DRUM_CHANNEL = 9;

export function composeSong(request: SongRequest, options: ComposeOptions = {}): Composition {
  const engineVersion = options.engineVersion ?? COMPOSER_ENGINE_VERSION;
  if (engineVersion !== COMPOSER_ENGINE_VERSION) throw new ValidationError(`This server composes with ${COMPOSER_ENGINE_VERSION}; a song made with ${engineVersion} cannot be reproduced by it`);
  const seed = options.seed ?? requestSeed(request);
  if (!Number.isInteger(seed) || seed < 0 || seed >= SEED_LIMIT) throw new ValidationError('seed must be a whole number from 0 to 2^48 - 1');
  const hash = requestHash(request);
  // The request is part of every stream's key, so two requests never make the same song, even from one seed.
  const stream = (name: string, ...indices: number[]) => randomStream(seed, `${hash}/${name}`, ...indices);
  const mood = MOOD_TRAITS[request.mood];
  const blended = blendTraits(request.genre, request.selectedStyles);
  const traits: Traits = { ...blended, density: clamp(blended.density + mood.density, 0.15, 0.9), harmonicRhythm: blended.beatsPerBar === 3 ? 1 : blended.harmonicRhythm };
  const plan = options.plan ?? planSong(request.duration, request.tempo, traits.beatsPerBar);
  const barTicks = traits.beatsPerBar * PPQ;
  const energies = sectionEnergy(plan.sections, mood.energy);
  const mode = traits.minorOnly ? 'minor' : mood.mode;
  const keyContext = { tonic: request.key, mode, sevenths: traits.seventhChords, naturalMinor: NATURAL_MINOR_FAMILIES.includes(traits.progression) };

  let startTick = 0;
  const sections: Section[] = plan.sections.map((planned, index) => {
    const last = index === plan.sections.length - 1;
    const endTick = last ? plan.totalTicks : startTick + planned.bars * barTicks;
    const typeIndex = SECTION_TYPES.indexOf(planned.type);
    // Every take-0 section of a type plays the type's progression, so choruses sound alike.
    const progressionRandom = planned.take === 0 ? stream('progression', typeIndex) : stream('progression-take', index, planned.take);
    const progression = chooseProgression(traits.progression, planned.type, progressionRandom);
    const chords = sectionChords(progression, keyContext, startTick, endTick, barTicks, traits.harmonicRhythm, planned.type === 'bridge' && !last ? 'dominant' : 'tonic');
    const section: Section = {
      ...planned,
      index,
      startTick,
      endTick,
      startSeconds: ticksToSeconds(startTick, request.tempo),
      endSeconds: ticksToSeconds(endTick, request.tempo),
      energy: energies[index] ?? 0.5,
      progression: [...progression],
      chords,
    };
    startTick = endTick;
    return section;
  });

  // The seed picks the band from the style's instrument palettes, where the chords sit and the
  // figures the comping and bass play the style's patterns in, so a variation (the next seed) is
  // another band's take on the same brief, not a copy of it.
  const take = stream('take');
  const lineup = bandFor(request, traits, take);
  const voicingCentre = VOICING_CENTRE + take.pick(VOICING_CENTRE_SHIFTS);
  const compFigure = take.int(0, FIGURES - 1);
  const bassFigure = take.int(0, FIGURES - 1);
  const lyricSheet = options.lyrics ?? [];
  const sung = request.includeVocals;
  // An instrumental sings no words: its lyrics are neither placed nor dropped.
  const { linesBySection, placed: placedLines, dropped } = sung ? assignLyrics(sections, lyricSheet) : { linesBySection: new Map<number, { syllables: string[] }[]>(), placed: 0, dropped: 0 };
  const register = REGISTERS[sung ? request.voiceType : 'lead'];
  const melodyContext = { tonic: KEYS.indexOf(request.key), mode, register, stepsPerBar: traits.beatsPerBar * 4, beatsPerBar: traits.beatsPerBar, swing: traits.swing };

  const melody: Note[] = [];
  for (const section of sections) {
    if (section.type === 'intro' || section.type === 'outro') continue;
    const motifRandom = section.take === 0 ? stream('motif', SECTION_TYPES.indexOf(section.type)) : stream('motif-take', section.index, section.take);
    const motif = makeMotif(motifRandom, traits.density, melodyContext.stepsPerBar, section.type);
    const lines = sung && lyricSheet.length > 0 ? (linesBySection.get(section.index) ?? []) : null;
    melody.push(...withinSection(melodyNotes(section, motif, melodyContext, stream('melody', section.index, section.take), lines), section));
  }

  const parts: Part[] = [];
  let channel = 0;
  const nextChannel = () => {
    const chosen = channel;
    channel += channel + 1 === DRUM_CHANNEL ? 2 : 1;
    return chosen;
  };
  parts.push({ name: sung ? 'Vocals' : (GM_PROGRAM_NAMES[lineup.lead[0] ?? lineup.solo] ?? 'Lead'), role: 'melody', channel: nextChannel(), program: sung ? 53 : (lineup.lead[0] ?? lineup.solo), sung, notes: melody });
  // Lead instruments beside a voice double its melody (without words); without a voice the first one plays it.
  for (const program of sung ? lineup.lead : lineup.lead.slice(1)) parts.push({ name: GM_PROGRAM_NAMES[program] ?? 'Lead', role: 'melody', channel: nextChannel(), program, sung: false, notes: melody.map(({ syllable: _syllable, ...note }) => ({ ...note, pitch: note.pitch < 60 ? note.pitch + 12 : note.pitch, velocity: Math.round(note.velocity * 0.8) })) });

  const finalChord = sections[sections.length - 1]?.chords.at(-1);
  lineup.chords.forEach((program, i) => {
    const notes = sections.flatMap((section) => withinSection(compNotes(section, i === 0 ? traits : { ...traits, comp: 'arpeggio' }, stream(`chords-${i}`, section.index, section.take), voicingCentre, compFigure), section));
    parts.push({ name: GM_PROGRAM_NAMES[program] ?? 'Chords', role: 'chords', channel: nextChannel(), program, sung: false, notes: finalChord ? holdFinalChord(notes, finalChord, 0) : notes });
  });
  lineup.pad.forEach((program, i) => {
    const notes = sections.flatMap((section) => withinSection(padNotes(section, stream(`pad-${i}`, section.index, section.take), voicingCentre), section).map((note) => ({ ...note, pitch: note.pitch + 12 * i })));
    parts.push({ name: GM_PROGRAM_NAMES[program] ?? 'Pad', role: 'pad', channel: nextChannel(), program, sung: false, notes });
  });
  lineup.bass.forEach((program, i) => {
    const notes = sections.flatMap((section) => withinSection(bassNotes(section, traits, stream(`bass-${i}`, section.index, section.take), bassFigure), section));
    parts.push({ name: GM_PROGRAM_NAMES[program] ?? 'Bass', role: 'bass', channel: nextChannel(), program, sung: false, notes: finalChord ? holdFinalChord(notes, finalChord, 1) : notes });
  });
  if (lineup.drums) {
    const groove = drumGroove(traits, stream('groove'));
    const notes = sections.flatMap((section, index) => withinSection(drumNotes(section, traits, stream('drums', section.index, section.take), index === sections.length - 1, groove), section));
    if (notes.length > 0) parts.push({ name: 'Drums', role: 'drums', channel: DRUM_CHANNEL, program: 0, sung: false, notes });
  }
  uniqueNames(parts);

  const syllables: LyricSyllable[] = [];
  let previousLine = '';
  for (const note of melody) {
    if (note.syllable === undefined) continue;
    const section = sections.find((candidate) => note.startTick >= candidate.startTick && note.startTick < candidate.endTick);
    if (!section) continue;
    const line = lineIndex(section, note, traits.beatsPerBar);
    const lineKey = `${section.index}/${line}`;
    syllables.push({ text: note.syllable, tick: note.startTick, seconds: ticksToSeconds(note.startTick, request.tempo), durationSeconds: ticksToSeconds(note.durationTicks, request.tempo), pitch: note.pitch, section: section.index, line, lineStart: lineKey !== previousLine });
    previousLine = lineKey;
  }

  return {
    engineVersion,
    seed,
    requestHash: hash,
    tempo: request.tempo,
    key: request.key,
    mode,
    keySignature: keySignature(request.key, mode),
    beatsPerBar: traits.beatsPerBar,
    ppq: PPQ,
    totalTicks: plan.totalTicks,
    durationSeconds: ticksToSeconds(plan.totalTicks, request.tempo),
    traits,
    plan: { sections: plan.sections.map((section) => ({ ...section })), totalTicks: plan.totalTicks },
    sections,
    parts,
    lyrics: { syllables, placedLines, droppedLines: dropped, sheet: lyricSheet.map((lyric) => ({ ...lyric, lines: lyric.lines.map((line) => ({ syllables: [...line.syllables] })) })) },
  };
}

/** The same song with one section composed again (its next take); every other section keeps its notes. */
export function regenerateSection(composition: Composition, request: SongRequest, sectionIndex: number): Composition {
  sameRequest(composition, request);
  const target = composition.plan.sections[sectionIndex];
  if (!target) throw new ValidationError(`The song has sections 0 to ${composition.plan.sections.length - 1}; there is no section ${sectionIndex}`);
  const sections = composition.plan.sections.map((section, index) => (index === sectionIndex ? { ...section, take: section.take + 1 } : { ...section }));
  return composeSong(request, { seed: composition.seed, engineVersion: composition.engineVersion, lyrics: composition.lyrics.sheet, plan: { sections, totalTicks: composition.plan.totalTicks } });
}

/** The song made longer by `seconds`: its sections up to the outro stay, new verses and choruses and a new outro follow. */
export function extendSong(composition: Composition, request: SongRequest, seconds: number): Composition {
  sameRequest(composition, request);
  if (!Number.isInteger(seconds) || seconds < DURATION_RANGE.step || seconds % DURATION_RANGE.step !== 0) throw new ValidationError(`An extension must be a whole number of seconds, a multiple of ${DURATION_RANGE.step}`);
  const duration = Math.round(composition.durationSeconds) + seconds;
  if (duration > MAX_EXTENDED_DURATION_SECONDS) throw new ValidationError(`A song can be extended up to ${MAX_EXTENDED_DURATION_SECONDS} seconds; this one would be ${duration}`);
  const plan = extendPlan(composition.plan, duration, composition.tempo, composition.beatsPerBar);
  return composeSong(request, { seed: composition.seed, engineVersion: composition.engineVersion, lyrics: composition.lyrics.sheet, plan });
}

/** What a provenance record keeps of a song: what was chosen, and enough (seed, plan, version) to compose it again. */
export function compositionSummary(composition: Composition) {
  return {
    engineVersion: composition.engineVersion,
    seed: composition.seed,
    requestHash: composition.requestHash,
    tempo: composition.tempo,
    key: composition.key,
    mode: composition.mode,
    beatsPerBar: composition.beatsPerBar,
    durationSeconds: composition.durationSeconds,
    traits: composition.traits,
    plan: composition.plan,
    sections: composition.sections.map((section) => ({ type: section.type, take: section.take, bars: section.bars, startSeconds: section.startSeconds, endSeconds: section.endSeconds, chords: section.chords.map((chord) => chord.symbol) })),
    parts: composition.parts.map((part) => ({ name: part.name, role: part.role, channel: part.channel, program: part.program, sung: part.sung })),
  };
}

/** A variation: the same request with the next seed. */
export function variationSeed(seed: number): number {
  return (seed + 1) % SEED_LIMIT;
}

function sameRequest(composition: Composition, request: SongRequest): void {
  if (requestHash(request) !== composition.requestHash) throw new ValidationError('This request is not the one the song was composed from');
}

interface Lineup {
  lead: number[];
  chords: number[];
  pad: number[];
  bass: number[];
  drums: boolean;
  /** Plays the melody when there is no voice and no lead instrument named. */
  solo: number;
}

/** Semitones the chords' register moves by, per song: low, middle or high in the comping range. */
const VOICING_CENTRE_SHIFTS = [-6, 0, 6] as const;

/**
 * The band: the instruments the request names (only those, beside the melody, which the style's
 * lead plays when no lead instrument is named), or the blended style's own, each drawn from its
 * instrument family by the song's take.
 */
function bandFor(request: SongRequest, traits: Traits, take: Random): Lineup {
  const solo = take.pick(programFamily(traits.programs.lead));
  if (request.instruments.length === 0) {
    const { chords, pad, bass } = traits.programs;
    return { lead: [], chords: [take.pick(programFamily(chords))], pad: pad === null ? [] : [take.pick(programFamily(pad))], bass: [take.pick(programFamily(bass))], drums: traits.drums !== 'none', solo };
  }
  const lineup: Lineup = { lead: [], chords: [], pad: [], bass: [], drums: false, solo };
  for (const instrument of request.instruments) {
    const { role, program } = INSTRUMENT_PARTS[instrument];
    if (role === 'drums') lineup.drums = true;
    else lineup[role].push(program);
  }
  return lineup;
}

function withinSection(notes: Note[], section: Section): Note[] {
  return notes.filter((note) => note.startTick >= section.startTick && note.startTick < section.endTick).map((note) => ({ ...note, durationTicks: Math.min(note.durationTicks, section.endTick - note.startTick) }));
}

/** The song ends on its last chord held to the exact end: patterns stop there and the chord (or its root) sounds out. */
function holdFinalChord(notes: Note[], chord: { startTick: number; durationTicks: number; pitchClasses: number[]; root: number }, mode: 0 | 1): Note[] {
  const before = notes.filter((note) => note.startTick < chord.startTick);
  const velocity = 70;
  const held = mode === 1 ? [33 + ((chord.root - 9 + 12) % 12)] : (voiceLead([chord], null)[0] ?? []);
  return [...before, ...held.map((pitch) => ({ pitch, startTick: chord.startTick, durationTicks: chord.durationTicks, velocity }))];
}

function uniqueNames(parts: Part[]): void {
  const seen = new Map<string, number>();
  for (const part of parts) {
    const count = (seen.get(part.name) ?? 0) + 1;
    seen.set(part.name, count);
    if (count > 1) part.name = `${part.name} ${count}`;
  }
}

/** Lines are sung one per two-bar phrase (melody.ts). */
function lineIndex(section: Section, note: Note, beatsPerBar: number): number {
  return Math.floor((note.startTick - section.startTick) / (2 * beatsPerBar * PPQ));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
