// A composition as a Standard MIDI File, format 1: a conductor track (tempo, time and key
// signature, the engine and seed as text), then one track per part on its own channel with its
// General MIDI program and the instrument's name (the renderer names stems by it); the sung
// melody carries its syllables as lyric meta events (0x05). Written by hand: the format is small,
// and writing it here keeps the bytes the same for the same composition.
import type { Composition, Note, Part } from './composition';

const encoder = new TextEncoder();

function variableLength(value: number): number[] {
  const bytes = [value & 0x7f];
  let rest = value >>> 7;
  while (rest > 0) {
    bytes.unshift((rest & 0x7f) | 0x80);
    rest >>>= 7;
  }
  return bytes;
}

function meta(type: number, data: readonly number[]): number[] {
  return [0xff, type, ...variableLength(data.length), ...data];
}

function text(type: number, value: string): number[] {
  return meta(type, [...encoder.encode(value)]);
}

interface TimedEvent {
  tick: number;
  /** Sorts events at the same tick: note-offs, then lyrics, then note-ons. */
  order: number;
  bytes: number[];
}

function chunk(id: string, body: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(8 + body.length);
  bytes.set(encoder.encode(id), 0);
  new DataView(bytes.buffer).setUint32(4, body.length);
  bytes.set(body, 8);
  return bytes;
}

function append(target: number[], bytes: readonly number[]): void {
  for (const byte of bytes) target.push(byte);
}

function track(header: readonly number[], events: TimedEvent[], endTick: number): Uint8Array {
  const sorted = events.map((event, index) => ({ event, index })).sort((a, b) => a.event.tick - b.event.tick || a.event.order - b.event.order || a.index - b.index);
  const body: number[] = [...header];
  let now = 0;
  for (const { event } of sorted) {
    append(body, variableLength(event.tick - now));
    append(body, event.bytes);
    now = event.tick;
  }
  append(body, variableLength(Math.max(0, endTick - now)));
  append(body, meta(0x2f, []));
  return chunk('MTrk', body);
}

/** Notes as played: inside the song, one per pitch and tick, each cut where its pitch starts again (a note-off must not end the next note). */
function playable(notes: readonly Note[], endTick: number): Note[] {
  const sorted = notes
    .filter((note) => note.startTick < endTick)
    .map((note) => ({ ...note, durationTicks: Math.min(note.durationTicks, endTick - note.startTick) }))
    .sort((a, b) => a.startTick - b.startTick || a.pitch - b.pitch || b.velocity - a.velocity);
  const kept: Note[] = [];
  const sounding = new Map<number, Note>();
  for (const note of sorted) {
    const previous = sounding.get(note.pitch);
    if (previous && previous.startTick === note.startTick) continue;
    if (previous && previous.startTick + previous.durationTicks > note.startTick) previous.durationTicks = note.startTick - previous.startTick;
    sounding.set(note.pitch, note);
    kept.push(note);
  }
  return kept;
}

function partTrack(part: Part, endTick: number): Uint8Array {
  const header = [0x00, ...text(0x03, part.name), 0x00, ...text(0x04, part.name), 0x00, 0xc0 | part.channel, part.program & 0x7f];
  const events: TimedEvent[] = [];
  for (const note of playable(part.notes, endTick)) {
    if (note.syllable !== undefined && note.syllable.length > 0) events.push({ tick: note.startTick, order: 1, bytes: text(0x05, note.syllable) });
    events.push({ tick: note.startTick, order: 2, bytes: [0x90 | part.channel, note.pitch & 0x7f, Math.max(1, note.velocity & 0x7f)] });
    events.push({ tick: note.startTick + note.durationTicks, order: 0, bytes: [0x80 | part.channel, note.pitch & 0x7f, 0] });
  }
  return track(header, events, endTick);
}

function conductorTrack(composition: Composition): Uint8Array {
  const microsecondsPerQuarter = Math.round(60_000_000 / composition.tempo);
  const { accidentals, minor } = composition.keySignature;
  const header = [
    0x00,
    ...text(0x03, `GOOSE composition in ${composition.key} ${composition.mode}`),
    0x00,
    ...text(0x01, `${composition.engineVersion} seed ${composition.seed} request ${composition.requestHash}`),
    0x00,
    ...meta(0x58, [composition.beatsPerBar, 2, 24, 8]),
    0x00,
    ...meta(0x59, [accidentals & 0xff, minor ? 1 : 0]),
    0x00,
    ...meta(0x51, [(microsecondsPerQuarter >>> 16) & 0xff, (microsecondsPerQuarter >>> 8) & 0xff, microsecondsPerQuarter & 0xff]),
  ];
  const markers: TimedEvent[] = composition.sections.map((section) => ({ tick: section.startTick, order: 0, bytes: text(0x06, section.type) }));
  return track(header, markers, composition.totalTicks);
}

export function toMidi(composition: Composition): Uint8Array {
  const tracks = [conductorTrack(composition), ...composition.parts.map((part) => partTrack(part, composition.totalTicks))];
  const header = chunk('MThd', [0x00, 0x01, (tracks.length >>> 8) & 0xff, tracks.length & 0xff, (composition.ppq >>> 8) & 0xff, composition.ppq & 0xff]);
  const file = new Uint8Array(header.length + tracks.reduce((sum, bytes) => sum + bytes.length, 0));
  file.set(header, 0);
  let at = header.length;
  for (const bytes of tracks) {
    file.set(bytes, at);
    at += bytes.length;
  }
  return file;
}
