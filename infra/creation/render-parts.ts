// How a song's notes are shared between the render pool's workers so each does about as much: the
// synthesizer's work is its voices, so a note costs about as long as it sounds, plus its release
// (how long that is, and how many samples a note layers, depends on the instrument).
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
  // Each channel's keys are dealt out on their own, longest first to the part holding least of that
  // channel (ties: least in all), so every part plays about an even share of every instrument and a
  // misjudged instrument (a long release, layered samples) weighs on every part alike. The drums
  // then go to the part holding least in all.
  const parts = Array.from({ length: Math.max(1, Math.min(count, groups.size)) }, () => ({ load: 0, groups: [] as NoteGroup[] }));
  const lightest = (weigh: (index: number) => number): number => parts.reduce((best, _part, index) => (weigh(index) < weigh(best) || (weigh(index) === weigh(best) && parts[index]!.load < parts[best]!.load) ? index : best), 0);
  const deal = (group: NoteGroup, index: number): void => {
    parts[index]!.load += group.cost;
    parts[index]!.groups.push(group);
  };
  const byChannel = new Map<number, NoteGroup[]>();
  for (const group of groups.values()) byChannel.set(group.channel, [...(byChannel.get(group.channel) ?? []), group]);
  for (const [channel, keys] of [...byChannel.entries()].sort(([a], [b]) => a - b)) {
    if (channel === DRUM_CHANNEL) continue;
    const share = parts.map(() => 0);
    for (const group of keys.sort((a, b) => b.cost - a.cost || (a.key ?? 0) - (b.key ?? 0))) {
      const index = lightest((i) => share[i]!);
      share[index]! += group.cost;
      deal(group, index);
    }
  }
  for (const drums of byChannel.get(DRUM_CHANNEL) ?? []) deal(drums, lightest((i) => parts[i]!.load));
  return parts.map(({ groups: dealt }) => {
    const byChannel = new Map<number, number[] | null>();
    for (const { channel, key } of dealt) {
      if (key === null) byChannel.set(channel, null);
      else byChannel.set(channel, [...(byChannel.get(channel) ?? []), key]);
    }
    return [...byChannel.entries()].sort(([a], [b]) => a - b).map(([channel, keys]) => ({ channel, keys: keys ? keys.sort((a, b) => a - b) : null }));
  });
}
