// How a song's notes are shared between the render pool's workers so each does about as much: the
// synthesizer's work is its voices, so a note costs about as long as it sounds, plus its release.
// Notes are dealt out by channel and key, never finer: the synthesizer relates two notes only when
// they share a key on a channel (a key struck again cuts or releases its last voice) or share the
// drum kit (an open hi-hat is choked by a closed one), so the drums stay whole in one part and each
// melodic key of a channel in one part. Everything that is not a note (programs, controllers,
// tempo) is played by every part. Deterministic: the same MIDI and part count give the same plan.
import { DRUM_CHANNEL, parseMidi, type NotePlan } from './render-midi';

/** What a note is assumed to sound after its note-off: pads and strings ring for about a second. */
const RELEASE_SECONDS = 1;

interface NoteGroup {
  channel: number;
  /** null for the whole channel (the drums). */
  key: number | null;
  cost: number;
}

/** At most `count` plans that together play every note of the MIDI once (fewer when it has fewer groups). */
export function planParts(midiBytes: Uint8Array, count: number): NotePlan[] {
  const midi = parseMidi(midiBytes);
  const groups = new Map<string, NoteGroup>();
  for (const [channel, notes] of midi.getNoteTimes().entries())
    for (const note of notes) {
      const key = channel === DRUM_CHANNEL ? null : note.midiNote;
      const id = `${channel}:${key ?? '*'}`;
      const group = groups.get(id) ?? { channel, key, cost: 0 };
      group.cost += Math.max(0, note.length) + RELEASE_SECONDS;
      groups.set(id, group);
    }
  // Longest first, each to the least loaded part (ties by index): within a few per cent of even.
  const sorted = [...groups.values()].sort((a, b) => b.cost - a.cost || a.channel - b.channel || (a.key ?? -1) - (b.key ?? -1));
  const parts = Array.from({ length: Math.max(1, Math.min(count, sorted.length)) }, () => ({ load: 0, groups: [] as NoteGroup[] }));
  for (const group of sorted) {
    const lightest = parts.reduce((best, part) => (part.load < best.load ? part : best));
    lightest.load += group.cost;
    lightest.groups.push(group);
  }
  return parts.map(({ groups: dealt }) => {
    const byChannel = new Map<number, number[] | null>();
    for (const { channel, key } of dealt) {
      if (key === null) byChannel.set(channel, null);
      else byChannel.set(channel, [...(byChannel.get(channel) ?? []), key]);
    }
    return [...byChannel.entries()].sort(([a], [b]) => a - b).map(([channel, keys]) => ({ channel, keys: keys ? keys.sort((a, b) => a - b) : null }));
  });
}
