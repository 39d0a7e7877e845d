// Standard MIDI Files for the renderer's tests, in the shape the composer hands over:
// format 1, one named track per instrument on its own channel with a GM program, drums on channel
// 10, lyric meta events. Sections change the chords and the density so a longer piece has parts.
import { MIDIBuilder } from 'spessasynth_core';

export interface TestPart {
  name: string;
  /** 0-based; 9 is drums. */
  channel: number;
  program: number;
}

export const TEST_PARTS: readonly TestPart[] = [
  { name: 'Piano', channel: 0, program: 0 },
  { name: 'Bass', channel: 1, program: 33 },
  { name: 'Strings', channel: 2, program: 48 },
  { name: 'Lead', channel: 3, program: 80 },
  { name: 'Drums', channel: 9, program: 0 },
];

const PPQ = 480;
const PROGRESSIONS = [
  [0, 7, 9, 5],
  [9, 5, 0, 7],
  [5, 7, 0, 0],
];
const LYRIC_META = 0x05;

/** A piece of `seconds` at `bpm` in 4/4 over the given parts, with a lyric syllable per bar. */
export function testSongMidi(seconds: number, bpm = 120, parts: readonly TestPart[] = TEST_PARTS): Uint8Array {
  const builder = new MIDIBuilder({ name: 'test song', timeDivision: PPQ, initialTempo: bpm, format: 1 });
  const beats = Math.round((seconds * bpm) / 60);
  const lyricTrack = parts.length + 1;
  parts.forEach((part, index) => {
    builder.addTrack(part.name);
    const track = index + 1;
    if (part.channel !== 9) builder.programChange(0, track, part.channel, part.program);
    for (let beat = 0; beat < beats; beat++) {
      const bar = Math.floor(beat / 4);
      const section = Math.floor(bar / 8) % PROGRESSIONS.length;
      const root = 48 + PROGRESSIONS[section]![bar % 4]!;
      const tick = beat * PPQ;
      const notes =
        part.channel === 9
          ? [beat % 2 === 0 ? 36 : 38, 42]
          : part.program >= 32 && part.program < 40
            ? [root - 12]
            : part.program >= 80
              ? [root + 24 + [0, 4, 7, 12, 7][(beat + section) % 5]!]
              : [root, root + 4, root + 7].map((n) => n + 12);
      const length = part.program >= 48 && part.program < 56 ? PPQ - 10 : (PPQ * 3) / 4;
      for (const note of notes) {
        builder.noteOn(tick, track, part.channel, note, 70 + ((beat * 7) % 30));
        builder.noteOff(tick + length, track, part.channel, note);
      }
    }
  });
  builder.addTrack('Lyrics');
  for (let bar = 0; bar * 4 < beats; bar++) builder.addEvent(bar * 4 * PPQ, lyricTrack, LYRIC_META, new TextEncoder().encode(bar % 2 ? 'la ' : 'na '));
  builder.flush();
  return new Uint8Array(builder.writeMIDI());
}
