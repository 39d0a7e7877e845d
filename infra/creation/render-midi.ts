// MIDI to audio through spessasynth_core with the MuseScore General SoundFont, offline: the stereo
// mix and one stereo stem per instrument.
//
// Why the stems add up to the mix: the synthesizer's processSplit renders every voice into its MIDI
// channel's own dry output pair and sends the voices' reverb/chorus/delay sends into one shared
// effects bus; `process()` is exactly processSplit with every channel and the effects written into
// the same pair. So one processSplit pass gives each instrument's dry stem plus an effects-return
// stem ("Reverb and chorus"), and the mix is their sum: the same arithmetic as a render together,
// differing only in the order floats are added (the tests measure the residual against a separate
// `process()` render). Rendering every channel again on its own synthesizer would give each stem its
// own reverb, but the effects cost about as much as the voices (1.5 s of CPU per 30 s measured),
// once more per instrument. Nothing is normalized inside the synthesizer (no `normalizeAudio`):
// one gain for the mix and the stems is set afterwards (normalize.ts).
//
// Deterministic: the synthesizer has no randomness in its voices or effects, events are applied at
// fixed block boundaries, and nothing depends on the clock.
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
export const EFFECTS_STEM_NAME = 'Reverb and chorus';

export interface RenderOptions {
  /** Default 44.1 kHz. */
  sampleRate?: number;
  /** Called with the share of the MIDI rendered, 0..1, about once per second of audio. */
  onProgress?: (fraction: number) => void;
  /** Stop at this length (to the end of its block): a song cut to its exact duration needs no tail synthesized past it. */
  maxSeconds?: number;
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

/** The channels that play notes, each named after the first named track that plays on it. */
function instrumentChannels(midi: BasicMIDI): { channel: number; name: string }[] {
  const played = new Set<number>();
  for (const track of midi.tracks)
    for (const event of track.events) if ((event.statusByte & 0xf0) === 0x90 && event.data[1]! > 0) played.add(event.statusByte & 0x0f);
  return [...played]
    .sort((a, b) => a - b)
    .map((channel) => {
      const named = midi.tracks.find((track) => track.channels.has(channel) && track.name.trim() !== '');
      return { channel, name: named?.name.trim() ?? (channel === 9 ? 'Drums' : `Channel ${channel + 1}`) };
    });
}

/** Renders a Standard MIDI File to a stereo mix and its stems. */
export async function renderMidi(midiBytes: Uint8Array, options: RenderOptions = {}): Promise<RenderedAudio> {
  const midi = parseMidi(midiBytes);
  const sampleRate = options.sampleRate ?? RENDER_SAMPLE_RATE;
  const bank = await loadSoundFont();
  const synth = new SpessaSynthProcessor(sampleRate, { effectsEnabled: true, eventsEnabled: false, maxBufferSize: BLOCK });
  synth.soundBankManager.addSoundBank(bank, 'main');
  const sequencer = new SpessaSynthSequencer(synth);
  // The audio starts at the MIDI's time zero, so lyrics and sections keep their times.
  sequencer.skipToFirstNoteOn = false;
  sequencer.loadNewSongList([midi]);
  sequencer.play();

  const channels = instrumentChannels(midi);
  // A cut ends on a whole block: the synthesizer ramps its parameters over a block, so a shorter
  // last block would change the samples before the cut.
  const capacity = Math.min(Math.ceil((midi.duration + MAX_TAIL_SECONDS) * sampleRate), Math.ceil(((options.maxSeconds ?? Number.POSITIVE_INFINITY) * sampleRate) / BLOCK) * BLOCK);
  const stems: Stem[] = channels.map(({ channel, name }) => ({ name, channel, pcm: new Float32Array(capacity * 2) }));
  const effects: Stem = { name: EFFECTS_STEM_NAME, channel: null, pcm: new Float32Array(capacity * 2) };
  const byChannel = new Array<Stem | null>(MIDI_CHANNELS).fill(null);
  for (const stem of stems) byChannel[stem.channel!] = stem;

  const blockOut = Array.from({ length: MIDI_CHANNELS }, () => [new Float32Array(BLOCK), new Float32Array(BLOCK)]);
  const effectsL = new Float32Array(BLOCK);
  const effectsR = new Float32Array(BLOCK);
  const midiFrames = Math.ceil(midi.duration * sampleRate);
  const progressEvery = sampleRate;
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
    for (let ch = 0; ch < MIDI_CHANNELS; ch++) {
      const stem = byChannel[ch];
      // A channel without notes is silent; a voice on it would be a bug in the MIDI, not music.
      if (stem) interleave(blockOut[ch]![0]!, blockOut[ch]![1]!, stem.pcm, start, count);
    }
    interleave(effectsL, effectsR, effects.pcm, start, count);
    if (start >= midiFrames && blockPeak(blockOut, effectsL, effectsR, count) < TAIL_FLOOR) {
      if (sequencer.isFinished && synth.voiceCount === 0) break;
    } else lastAudible = start + count;
    if (options.onProgress && start % progressEvery < BLOCK) options.onProgress(Math.min(1, start / midiFrames));
  }
  const frames = Math.min(capacity, Math.max(midiFrames, lastAudible));
  const all = [...stems, effects].map((stem) => ({ ...stem, pcm: stem.pcm.subarray(0, frames * 2) }));
  const mix = new Float32Array(frames * 2);
  for (const stem of all) for (let i = 0; i < mix.length; i++) mix[i] = mix[i]! + stem.pcm[i]!;
  options.onProgress?.(1);
  return { sampleRate, frames, midiSeconds: midi.duration, mix, stems: all };
}

function interleave(left: Float32Array, right: Float32Array, out: Float32Array, start: number, count: number): void {
  for (let i = 0, o = 2 * start; i < count; i++, o += 2) {
    out[o] = left[i]!;
    out[o + 1] = right[i]!;
  }
}

function blockPeak(outputs: Float32Array[][], effectsL: Float32Array, effectsR: Float32Array, count: number): number {
  let peak = 0;
  for (const buffer of [...outputs.flat(), effectsL, effectsR])
    for (let i = 0; i < count; i++) {
      const v = Math.abs(buffer[i]!);
      if (v > peak) peak = v;
    }
  return peak;
}
