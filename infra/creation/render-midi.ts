// MIDI to audio through spessasynth_core with the MuseScore General SoundFont, offline: the stereo
// mix and one stereo stem per instrument.
//
// Why the stems add up to the mix: the synthesizer's processSplit renders every voice into its MIDI
// channel's own dry output pair and sends the voices' reverb/chorus/delay sends into one shared
// effects bus; `process()` is exactly processSplit with every channel and the effects written into
// the same pair. So one processSplit pass gives each instrument's dry stem plus an effects-return
// stem ("Reverb and chorus"), and the mix is their sum: the same arithmetic as a render together,
// differing only in the order floats are added (the tests measure the residual against a separate
// `process()` render). Nothing is normalized inside the synthesizer (no `normalizeAudio`): one gain
// for the mix and the stems is set afterwards (normalize.ts).
//
// Why a song can be rendered in parts, one per core: every voice is independent of the others, and
// the effects are linear (the reverb and chorus of two signals added is the two reverbs added). So a
// part that plays only some of the notes (`plays`, planned by render-parts.ts), with every
// controller and program change, renders exactly those notes' share of each stem and of the effects
// return; the parts added up are the whole render to within float rounding (−140 dB, measured).
//
// Deterministic: the synthesizer has no randomness in its voices or effects, events are applied at
// fixed block boundaries, and nothing depends on the clock.
import { closeSync, openSync, writeSync } from 'node:fs';
import path from 'node:path';
import { BasicMIDI, SpessaLog, SpessaSynthProcessor, SpessaSynthSequencer } from 'spessasynth_core';
import { loadSoundFont } from './soundfont';

export const RENDER_SAMPLE_RATE = 44_100;
/** Frames per synthesizer block: MIDI events are applied at block starts (2.9 ms at 44.1 kHz). */
const BLOCK = 128;
/** Longest release/reverb tail rendered after the last MIDI event. */
const MAX_TAIL_SECONDS = 3;
/** The tail is cut after the last frame above this level (−100 dBFS). */
const TAIL_FLOOR = 1e-5;
const MIDI_CHANNELS = 16;
export const DRUM_CHANNEL = 9;
export const EFFECTS_STEM_NAME = 'Reverb and chorus';
/** Blocks gathered before a part's stems are written to their files (about 0.37 s of audio). */
const BLOCKS_PER_WRITE = 128;

/** The notes one part plays: each channel listed, with every key (`keys` null) or only those keys. */
export type NotePlan = readonly { channel: number; keys: readonly number[] | null }[];

export interface RenderOptions {
  /** Default 44.1 kHz. */
  sampleRate?: number;
  /** Called with the share of the MIDI rendered, 0..1, about once per second of audio. */
  onProgress?: (fraction: number) => void;
  /** Stop at this length (to the end of its block): a song cut to its exact duration needs no tail synthesized past it. */
  maxSeconds?: number;
  /** Only these notes sound (default every note); the other channels' controllers still apply. */
  plays?: NotePlan;
}

export interface Stem {
  /** From the MIDI track name that plays on the channel ("Reverb and chorus" for the effects return). */
  name: string;
  /** The MIDI channel, 0-based (9 is drums); null for the effects return. */
  channel: number | null;
  /** Interleaved stereo float PCM, as long as the mix. */
  pcm: Float32Array;
}

export interface RenderedAudio {
  sampleRate: number;
  frames: number;
  /** The MIDI's own length (to its last event), seconds; the audio adds the release tail. */
  midiSeconds: number;
  /** Interleaved stereo float PCM: the sum of the stems. */
  mix: Float32Array;
  stems: Stem[];
}

/** A stem of a part, written to a file of interleaved stereo float32 (machine order) as it was synthesized. */
export interface StemFile {
  name: string;
  channel: number | null;
  file: string;
}

/** One part of a song: its share of every stem, and their sum, in files. */
export interface RenderedPart {
  sampleRate: number;
  /** The part's length; the files hold at least this many frames. */
  frames: number;
  midiSeconds: number;
  /** Interleaved stereo float32: the sum of this part's stems and effects. */
  mixFile: string;
  /** The instruments this part played, then its effects return. */
  stems: StemFile[];
}

/** The MIDI file could not be read. */
export class InvalidMidiError extends Error {
  readonly kind = 'invalid_midi' as const;
}

// The synthesizer logs every loaded preset to the console; the engine logs through pino instead.
SpessaLog.setLogLevel(false, false, false);

/** Parses a Standard MIDI File, or throws InvalidMidiError. */
export function parseMidi(midi: Uint8Array): BasicMIDI {
  try {
    const parsed = BasicMIDI.fromArrayBuffer(midi.buffer.slice(midi.byteOffset, midi.byteOffset + midi.byteLength) as ArrayBuffer);
    if (!(parsed.duration > 0)) throw new Error('it has no notes');
    return parsed;
  } catch (error) {
    throw new InvalidMidiError(`Not a playable MIDI file: ${(error as Error).message}`);
  }
}

const isNoteOn = (statusByte: number, data: ArrayLike<number>): boolean => (statusByte & 0xf0) === 0x90 && data[1]! > 0;

/** The channels that play notes, each named after the first named track that plays on it. */
function instrumentChannels(midi: BasicMIDI): { channel: number; name: string }[] {
  const played = new Set<number>();
  for (const track of midi.tracks) for (const event of track.events) if (isNoteOn(event.statusByte, event.data)) played.add(event.statusByte & 0x0f);
  return [...played]
    .sort((a, b) => a - b)
    .map((channel) => {
      const named = midi.tracks.find((track) => track.channels.has(channel) && track.name.trim() !== '');
      return { channel, name: named?.name.trim() ?? (channel === DRUM_CHANNEL ? 'Drums' : `Channel ${channel + 1}`) };
    });
}

/**
 * Drops the note-ons a part does not play. Their note-offs stay (a note-off for a key that is not
 * sounding does nothing), so the MIDI's length and every controller are the whole song's.
 */
function keepOnly(midi: BasicMIDI, plan: NotePlan): void {
  const keys = new Map(plan.map(({ channel, keys: only }) => [channel, only ? new Set(only) : null]));
  for (const track of midi.tracks)
    track.events = track.events.filter((event) => {
      if (!isNoteOn(event.statusByte, event.data)) return true;
      const channel = event.statusByte & 0x0f;
      if (!keys.has(channel)) return false;
      const only = keys.get(channel);
      return !only || only.has(event.data[0]!);
    });
  // The sequencer plays from the MIDI's event timeline, rebuilt from the tracks here.
  midi.flush(false);
}

/**
 * Where the synthesizer's blocks go: `next` answers the arrays the next `count` frames at `start`
 * are interleaved into (one stereo array per instrument in order, then the effects return) and the
 * sample offset in them.
 */
interface BlockSink {
  next(start: number, count: number): { stems: readonly Float32Array[]; offset: number };
}

interface Synthesized {
  frames: number;
  midiSeconds: number;
}

/** Runs the synthesizer over the MIDI block by block into `sink`, for the channels in `stems` (same order as the sink's). */
async function synthesize(midi: BasicMIDI, stems: readonly { channel: number }[], capacity: number, sampleRate: number, sink: BlockSink, onProgress?: (fraction: number) => void): Promise<Synthesized> {
  const bank = await loadSoundFont();
  const synth = new SpessaSynthProcessor(sampleRate, { effectsEnabled: true, eventsEnabled: false, maxBufferSize: BLOCK });
  synth.soundBankManager.addSoundBank(bank, 'main');
  const sequencer = new SpessaSynthSequencer(synth);
  // The audio starts at the MIDI's time zero, so lyrics and sections keep their times.
  sequencer.skipToFirstNoteOn = false;
  sequencer.loadNewSongList([midi]);
  sequencer.play();

  const blockOut = Array.from({ length: MIDI_CHANNELS }, () => [new Float32Array(BLOCK), new Float32Array(BLOCK)]);
  const dry = stems.map(({ channel }) => blockOut[channel]!);
  const effectsL = new Float32Array(BLOCK);
  const effectsR = new Float32Array(BLOCK);
  const midiFrames = Math.ceil(midi.duration * sampleRate);
  let lastAudible = 0;
  for (let start = 0; start < capacity; start += BLOCK) {
    const count = Math.min(BLOCK, capacity - start);
    for (const [l, r] of blockOut) {
      l!.fill(0);
      r!.fill(0);
    }
    effectsL.fill(0);
    effectsR.fill(0);
    sequencer.processTick();
    synth.processSplit(blockOut, effectsL, effectsR, 0, count);
    // A channel without notes is silent; a voice on it would be a bug in the MIDI, not music.
    const { stems: into, offset } = sink.next(start, count);
    for (const [index, [l, r]] of dry.entries()) interleave(l!, r!, into[index]!, offset, count);
    interleave(effectsL, effectsR, into[dry.length]!, offset, count);
    if (start >= midiFrames && blockPeak(dry, effectsL, effectsR, count) < TAIL_FLOOR) {
      if (sequencer.isFinished && synth.voiceCount === 0) break;
    } else lastAudible = start + count;
    if (onProgress && start % sampleRate < BLOCK) onProgress(Math.min(1, start / midiFrames));
  }
  const frames = Math.min(capacity, Math.max(midiFrames, lastAudible));
  onProgress?.(1);
  return { frames, midiSeconds: midi.duration };
}

function prepare(midiBytes: Uint8Array, options: RenderOptions): { midi: BasicMIDI; sampleRate: number; capacity: number; channels: { channel: number; name: string }[] } {
  const midi = parseMidi(midiBytes);
  const sampleRate = options.sampleRate ?? RENDER_SAMPLE_RATE;
  // Named from the whole song, before a part drops notes: a part's stem has its instrument's name.
  const named = instrumentChannels(midi);
  if (options.plays) keepOnly(midi, options.plays);
  const playing = new Set(instrumentChannels(midi).map(({ channel }) => channel));
  // A cut ends on a whole block: the synthesizer ramps its parameters over a block, so a shorter
  // last block would change the samples before the cut.
  const capacity = Math.min(Math.ceil((midi.duration + MAX_TAIL_SECONDS) * sampleRate), Math.ceil(((options.maxSeconds ?? Number.POSITIVE_INFINITY) * sampleRate) / BLOCK) * BLOCK);
  return { midi, sampleRate, capacity, channels: named.filter(({ channel }) => playing.has(channel)) };
}

/** Renders a Standard MIDI File to a stereo mix and its stems, all in memory. */
export async function renderMidi(midiBytes: Uint8Array, options: RenderOptions = {}): Promise<RenderedAudio> {
  const { midi, sampleRate, capacity, channels } = prepare(midiBytes, options);
  const stems: Stem[] = [...channels.map(({ channel, name }) => ({ name, channel, pcm: new Float32Array(capacity * 2) })), { name: EFFECTS_STEM_NAME, channel: null, pcm: new Float32Array(capacity * 2) }];
  const whole = stems.map((stem) => stem.pcm);
  const { frames, midiSeconds } = await synthesize(midi, channels, capacity, sampleRate, { next: (start) => ({ stems: whole, offset: start * 2 }) }, options.onProgress);
  const all = stems.map((stem) => ({ ...stem, pcm: stem.pcm.subarray(0, frames * 2) }));
  const mix = new Float32Array(frames * 2);
  for (const stem of all) for (let i = 0; i < mix.length; i++) mix[i] = mix[i]! + stem.pcm[i]!;
  return { sampleRate, frames, midiSeconds, mix, stems: all };
}

/**
 * Renders the notes `options.plays` names into `dir`: each stem, and their sum, written to a file as
 * it is synthesized (a 3-minute stem is 64 MB of float that never sits in memory whole). `prefix`
 * keeps two parts' files apart in one folder.
 */
export async function renderPart(midiBytes: Uint8Array, dir: string, prefix: string, options: RenderOptions = {}): Promise<RenderedPart> {
  const { midi, sampleRate, capacity, channels } = prepare(midiBytes, options);
  const stems: StemFile[] = [
    ...channels.map(({ channel, name }) => ({ name, channel, file: path.join(dir, `${prefix}-channel-${channel}.f32`) })),
    { name: EFFECTS_STEM_NAME, channel: null, file: path.join(dir, `${prefix}-effects.f32`) },
  ];
  const mixFile = path.join(dir, `${prefix}-mix.f32`);
  const chunkFrames = BLOCK * BLOCKS_PER_WRITE;
  const chunks = stems.map(() => new Float32Array(chunkFrames * 2));
  const mixChunk = new Float32Array(chunkFrames * 2);
  const fds = [...stems.map((stem) => openSync(stem.file, 'w')), openSync(mixFile, 'w')];
  let filled = 0;
  const write = (fd: number, pcm: Float32Array): void => void writeSync(fd, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  const flush = (): void => {
    const mix = mixChunk.subarray(0, filled * 2);
    mix.fill(0);
    for (const [index, chunk] of chunks.entries()) {
      const pcm = chunk.subarray(0, filled * 2);
      write(fds[index]!, pcm);
      for (let i = 0; i < pcm.length; i++) mix[i] = mix[i]! + pcm[i]!;
    }
    write(fds.at(-1)!, mix);
    filled = 0;
  };
  try {
    const { frames, midiSeconds } = await synthesize(
      midi,
      channels,
      capacity,
      sampleRate,
      {
        next(_start, count) {
          if (filled === chunkFrames) flush();
          const offset = filled * 2;
          filled += count;
          return { stems: chunks, offset };
        },
      },
      options.onProgress,
    );
    flush();
    return { sampleRate, frames, midiSeconds, mixFile, stems };
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

function interleave(left: Float32Array, right: Float32Array, out: Float32Array, offset: number, count: number): void {
  for (let i = 0, o = offset; i < count; i++, o += 2) {
    out[o] = left[i]!;
    out[o + 1] = right[i]!;
  }
}

function blockPeak(outputs: readonly Float32Array[][], effectsL: Float32Array, effectsR: Float32Array, count: number): number {
  let peak = 0;
  for (const buffer of [...outputs.flat(), effectsL, effectsR])
    for (let i = 0; i < count; i++) {
      const v = Math.abs(buffer[i]!);
      if (v > peak) peak = v;
    }
  return peak;
}
