// A song card's words: the queue place, the names its files are saved under, the sections to replace, the extension limit.
import { describe, expect, it } from 'vitest';
import { generatedSong } from './generated-song.fixture';
import { extendUnavailable, queueText, sectionLabel, songDownloads } from './song-labels';

describe('song labels', () => {
  it('says the place in the render queue only while waiting', () => {
    expect(queueText({ status: 'queued', queuePosition: 1 })).toBe('Waiting: 1 song ahead in the render queue');
    expect(queueText({ status: 'queued', queuePosition: 0 })).toBe('Next in the render queue');
    expect(queueText({ status: 'queued', queuePosition: null })).toBeNull();
    expect(queueText({ status: 'rendering', queuePosition: 3 })).toBeNull();
  });

  it('saves each file under the song\'s title with the extension the server serves', () => {
    const song = generatedSong({ title: 'Rain: Tokyo/Night' });
    expect(songDownloads(song).map((file) => [file.label, file.fileName])).toEqual([
      ['WAV', 'Rain_ Tokyo_Night.wav'],
      ['MP3', 'Rain_ Tokyo_Night.mp3'],
      ['MIDI', 'Rain_ Tokyo_Night.mid'],
      ['LRC', 'Rain_ Tokyo_Night.lrc'],
      ['Stem: Piano', 'Rain_ Tokyo_Night - Piano.wav'],
      ['Stem: Drums', 'Rain_ Tokyo_Night - Drums.wav'],
    ]);
    expect(songDownloads(song).map((file) => file.url)).toContain('/api/generated-music/gen-1/files/stems/drums.wav');
  });

  it('names a section with its times, and stops extensions at 10 minutes', () => {
    expect(sectionLabel({ name: 'Chorus 2', startSeconds: 48, endSeconds: 64.2 })).toBe('Chorus 2 (0:48–1:04)');
    expect(extendUnavailable({ durationSeconds: 570 })).toBeNull();
    expect(extendUnavailable({ durationSeconds: 575 })).toBe('A song can be extended up to 10 minutes');
  });
});
