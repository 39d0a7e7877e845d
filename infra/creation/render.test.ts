import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebur128 } from '../audio/ebur128';
import { decodePcm } from '../audio/ffmpeg';
import { measureLoudness } from '../audio/loudness';
import { quantizeWav } from '../audio/wav-file';
import { CREATION_CEILING_DBTP, CREATION_TARGET_LUFS, normalizeLoudness } from './normalize';
import { fadeGain, writeMixFiles, writeStemFile } from './outputs';
import { renderTogether, residualDb, sumOfStems as sumStems } from './reference-render';
import { EFFECTS_STEM_NAME, InvalidMidiError, renderMidi, type RenderedAudio } from './render-midi';
import { planParts } from './render-parts';
import { renderSong, type SongRender } from './render-song';
import { decodedSampleBytes, soundFontInfo, trimDecodedSamples } from './soundfont';
import { testSongMidi } from './test-midi';

const run = promisify(execFile);
const SECONDS = 4;

function sumOfStems(render: RenderedAudio): Float32Array {
  return sumStems(render.stems, render.mix.length);
}

async function probe(file: string): Promise<{ codec_name: string; sample_rate: string; channels: number; bits_per_sample: number; duration: string }> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', file]);
  return (JSON.parse(stdout) as { streams: never[] }).streams[0]!;
}

describe('the SoundFont', () => {
  it('is MuseScore General under MIT, with the hash of the file on disk', async () => {
    const info = soundFontInfo();
    expect(info.name).toMatch(/MuseScore_General/);
    expect(info.licence).toMatch(/^MIT/);
    expect(info.file).not.toMatch(/TimGM6mb/);
    const { createHash } = await import('node:crypto');
    expect(info.sha256).toBe(createHash('sha256').update(await readFile(info.file)).digest('hex'));
  });
});

describe('renderMidi', () => {
  const midi = testSongMidi(SECONDS);
  let first: RenderedAudio;
  beforeAll(async () => {
    first = await renderMidi(midi);
  });

  it('gives one stem per instrument, named from its track, plus the shared effects', () => {
    expect(first.stems.map((s) => s.name)).toEqual(['Piano', 'Bass', 'Strings', 'Lead', 'Drums', EFFECTS_STEM_NAME]);
    expect(first.stems.find((s) => s.name === 'Drums')!.channel).toBe(9);
    for (const stem of first.stems) expect(measureLoudness(stem.pcm, 44_100, 2, { truePeak: false }).integratedLufs).toBeGreaterThan(-60);
    expect(first.sampleRate).toBe(44_100);
    expect(first.frames / 44_100).toBeGreaterThanOrEqual(first.midiSeconds);
    expect(first.frames / 44_100).toBeLessThanOrEqual(first.midiSeconds + 3);
  });

  it('stops at maxSeconds with the very samples a full render has there (no tail synthesized past a cut)', async () => {
    const cut = await renderMidi(midi, { maxSeconds: 2.5 });
    const wanted = Math.ceil(2.5 * 44_100);
    expect(cut.frames).toBeGreaterThanOrEqual(wanted);
    expect(cut.frames).toBeLessThan(wanted + 128);
    expect(cut.frames).toBeLessThan(first.frames);
    expect(cut.stems.map((s) => s.name)).toEqual(first.stems.map((s) => s.name));
    const head = (pcm: Float32Array) => Buffer.from(pcm.buffer, pcm.byteOffset, cut.frames * 2 * 4);
    expect(head(cut.mix).equals(head(first.mix))).toBe(true);
    for (const [i, stem] of cut.stems.entries()) expect(head(stem.pcm).equals(head(first.stems[i]!.pcm))).toBe(true);
  });

  it('is byte-identical on a second render of the same MIDI', async () => {
    const second = await renderMidi(midi);
    expect(Buffer.from(second.mix.buffer, second.mix.byteOffset, second.mix.byteLength).equals(Buffer.from(first.mix.buffer, first.mix.byteOffset, first.mix.byteLength))).toBe(true);
    for (const [i, stem] of second.stems.entries()) expect(Buffer.compare(Buffer.from(stem.pcm.buffer, stem.pcm.byteOffset, stem.pcm.byteLength), Buffer.from(first.stems[i]!.pcm.buffer, first.stems[i]!.pcm.byteOffset, first.stems[i]!.pcm.byteLength))).toBe(0);
  });

  it('has stems that add up to a render of all channels together within −60 dB', async () => {
    const together = await renderTogether(midi, first.frames);
    const residual = residualDb(together, sumOfStems(first));
    expect(residual).toBeLessThan(-60);
    // Without the effects stem the instruments alone fall well short of it: the check can fail.
    const dryOnly = sumOfStems({ ...first, stems: first.stems.filter((s) => s.channel !== null) });
    expect(residualDb(together, dryOnly)).toBeGreaterThan(-60);
  });

  it('renders in parts that add up to the whole render, each stem and the effects return too', async () => {
    const plans = planParts(midi, 2);
    expect(plans).toHaveLength(2);
    // The drums stay whole in one part; a melodic channel may be shared out by key, each key once.
    const drums = plans.flat().filter((share) => share.channel === 9);
    expect(drums).toEqual([{ channel: 9, keys: null }]);
    for (const channel of [0, 1, 2, 3]) {
      const keys = plans.flat().filter((share) => share.channel === channel).flatMap((share) => share.keys ?? []);
      expect(new Set(keys).size).toBe(keys.length);
    }
    // Cut as a song is, so every part runs as long as the whole (a part's own tail would end where it falls under −100 dBFS).
    const whole = await renderMidi(midi, { maxSeconds: SECONDS });
    const parts = await Promise.all(plans.map((plays) => renderMidi(midi, { plays, maxSeconds: SECONDS })));
    expect(parts.map((part) => part.frames)).toEqual([whole.frames, whole.frames]);
    const added = (pick: (render: RenderedAudio) => Float32Array | undefined): Float32Array => {
      const sum = new Float32Array(whole.mix.length);
      for (const part of parts) {
        const pcm = pick(part);
        if (pcm) for (let i = 0; i < Math.min(sum.length, pcm.length); i++) sum[i] = sum[i]! + pcm[i]!;
      }
      return sum;
    };
    expect(residualDb(whole.mix, added((part) => part.mix))).toBeLessThan(-120);
    for (const stem of whole.stems) expect(residualDb(stem.pcm, added((part) => part.stems.find((s) => s.name === stem.name)?.pcm))).toBeLessThan(-120);
    // One part alone is far from the whole: the check can fail.
    expect(residualDb(whole.mix, parts[0]!.mix)).toBeGreaterThan(-20);
  });

  it('refuses what is not a MIDI file', async () => {
    await expect(renderMidi(new TextEncoder().encode('not a midi file'))).rejects.toBeInstanceOf(InvalidMidiError);
  });
});

describe('normalizeLoudness', () => {
  it('brings a quiet render to −14 LUFS by gain alone, stems by the same gain', async () => {
    // Sustained strings: peaks close to their loudness, so gain alone stays under the ceiling.
    const render = await renderMidi(testSongMidi(SECONDS, 120, [{ name: 'Strings', channel: 2, program: 48 }]));
    const before = measureLoudness(render.mix, 44_100, 2);
    expect(before.truePeakDbtp + (CREATION_TARGET_LUFS - before.integratedLufs)).toBeLessThan(CREATION_CEILING_DBTP - 1);
    const report = normalizeLoudness(render);
    expect(report.stemsPreLimiter).toBe(false);
    expect(report.integratedLufs).toBeCloseTo(CREATION_TARGET_LUFS, 1);
    expect(report.truePeakDbtp).toBeLessThanOrEqual(CREATION_CEILING_DBTP);
    expect(residualDb(render.mix, sumOfStems(render))).toBeLessThan(-100);
  });

  it('limits a mix whose peaks the gain would push over the ceiling, and says its stems are pre-limiter', async () => {
    const render = await renderMidi(testSongMidi(SECONDS));
    // Loud drums alone make the peaks: −14 LUFS by gain alone would cross the ceiling.
    const drums = render.stems.find((s) => s.name === 'Drums')!;
    for (let i = 0; i < drums.pcm.length; i++) drums.pcm[i] = drums.pcm[i]! * 8;
    render.mix = sumOfStems(render);
    const before = measureLoudness(render.mix, 44_100, 2);
    expect(before.truePeakDbtp + (CREATION_TARGET_LUFS - before.integratedLufs)).toBeGreaterThan(CREATION_CEILING_DBTP);
    const report = normalizeLoudness(render);
    expect(report.stemsPreLimiter).toBe(true);
    expect(report.limiterGainReductionDb).toBeGreaterThan(0);
    expect(Math.abs(report.integratedLufs - CREATION_TARGET_LUFS)).toBeLessThanOrEqual(0.2);
    expect(report.truePeakDbtp).toBeLessThanOrEqual(CREATION_CEILING_DBTP);
    // The mix now holds the limited audio the report measured.
    const after = measureLoudness(render.mix, 44_100, 2);
    expect(after.integratedLufs).toBeCloseTo(report.integratedLufs, 3);
    expect(after.truePeakDbtp).toBeLessThanOrEqual(report.truePeakDbtp + 1e-3);
  });
});

describe('renderSong', () => {
  const midi = testSongMidi(SECONDS);
  let dir: string;
  let song: SongRender;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'creation-render-'));
    song = await renderSong(midi, { outDir: path.join(dir, 'a') });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes a 24-bit WAV, an mp3, the MIDI and a WAV per stem, each with its SHA-256', async () => {
    const out = path.join(dir, 'a');
    const wav = await probe(path.join(out, song.files.mixWav.path));
    expect(wav).toMatchObject({ codec_name: 'pcm_s24le', sample_rate: '44100', channels: 2 });
    expect(Number(wav.duration)).toBeCloseTo(song.seconds, 2);
    expect(await probe(path.join(out, song.files.mixMp3!.path))).toMatchObject({ codec_name: 'mp3', sample_rate: '44100', channels: 2 });
    expect(await readFile(path.join(out, song.files.midi.path))).toEqual(Buffer.from(midi));
    expect(song.files.stems.map((s) => s.name)).toEqual(['Piano', 'Bass', 'Strings', 'Lead', 'Drums', EFFECTS_STEM_NAME]);
    for (const stem of song.files.stems) expect(await probe(path.join(out, stem.path))).toMatchObject({ codec_name: 'pcm_s24le', channels: 2 });
    const { createHash } = await import('node:crypto');
    for (const file of [song.files.mixWav, song.files.mixMp3!, song.files.midi, ...song.files.stems])
      expect(createHash('sha256').update(await readFile(path.join(out, file.path))).digest('hex')).toBe(file.sha256);
  });

  it('lands −14 LUFS at or under −1 dBTP by ffmpeg’s own meter, in the WAV and the mp3', async () => {
    for (const file of [song.files.mixWav, song.files.mixMp3!]) {
      const measured = await ebur128(path.join(dir, 'a', file.path));
      expect(Math.abs(measured.integratedLufs - CREATION_TARGET_LUFS)).toBeLessThanOrEqual(0.5);
      expect(measured.truePeakDbtp).toBeLessThanOrEqual(CREATION_CEILING_DBTP);
    }
  });

  it('writes stems that add up to the mix when the loudness gain alone was enough', async () => {
    const strings = testSongMidi(SECONDS, 120, [{ name: 'Strings', channel: 2, program: 48 }, { name: 'Bass', channel: 1, program: 33 }]);
    const out = path.join(dir, 'strings');
    const quiet = await renderSong(strings, { outDir: out, durationSeconds: SECONDS, mp3: false });
    expect(quiet.loudness.stemsPreLimiter).toBe(false);
    const decode = (file: { path: string }) => decodePcm(path.join(out, file.path), { sampleRate: 44_100, channels: 2 });
    const mix = await decode(quiet.files.mixWav);
    const stems = await Promise.all(quiet.files.stems.map(async (stem) => ({ pcm: await decode(stem) })));
    expect(residualDb(mix, sumStems(stems, mix.length))).toBeLessThan(-60);
    expect(residualDb(mix, sumStems(stems.slice(1), mix.length))).toBeGreaterThan(-60);
    expect(20 * Math.log10(Math.max(...mix.subarray(-2).map(Math.abs)))).toBeLessThan(-60);
  });

  it('writes the same bytes on a second run', async () => {
    const again = await renderSong(midi, { outDir: path.join(dir, 'b'), mp3: true });
    expect(again.files).toEqual(song.files);
  });

  it('lets go of the samples it decoded beyond its budget, and writes the same bytes when it decodes them again', async () => {
    await renderSong(midi, { outDir: path.join(dir, 'c'), mp3: false });
    expect(decodedSampleBytes()).toBeGreaterThan(1_000_000);
    trimDecodedSamples(0);
    expect(decodedSampleBytes()).toBe(0);
    const again = await renderSong(midi, { outDir: path.join(dir, 'd'), mp3: false });
    expect(decodedSampleBytes()).toBeGreaterThan(1_000_000);
    expect({ ...again.files, mixMp3: song.files.mixMp3 }).toEqual(song.files);
  });

  it('records the render settings and the SoundFont for the provenance', () => {
    expect(song.settings).toMatchObject({ sampleRate: 44_100, bitDepth: 24, synthesizer: expect.stringMatching(/^spessasynth_core@4\./) as unknown });
    expect(song.settings.soundFont.sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the files', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'creation-files-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  /** Stereo noise, the same on every call with the same seed. */
  const noise = (frames: number, seed: number): Float32Array => {
    let state = seed;
    return Float32Array.from({ length: frames * 2 }, () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5) * 0.8);
  };

  it('writes the mix as the audio engine’s 24-bit quantizer would, and each stem as its parts added up, gained and faded like the mix', async () => {
    const frames = 300_000;
    const fadeFrames = 2_205;
    const mix = noise(frames, 1);
    // One stem from two parts' files, the second shorter (a part whose tail ended sooner).
    const [a, b] = [noise(frames, 2), noise(frames - 1_000, 3)];
    await writeFile(path.join(dir, 'a.f32'), Buffer.from(a.buffer));
    await writeFile(path.join(dir, 'b.f32'), Buffer.from(b.buffer));
    const shaping = { frames, gain: 0.7, fadeFrames };
    const files = await writeMixFiles({ mix, sampleRate: 44_100 }, new Uint8Array([1]), path.join(dir, 'out'), { mp3: false });
    expect(Buffer.compare(await readFile(path.join(dir, 'out', files.mixWav.path)), Buffer.from(quantizeWav(mix, 44_100, 'pcm_s24le', 1).file))).toBe(0);
    const written = await writeStemFile(0, { name: 'Strings', files: [path.join(dir, 'a.f32'), path.join(dir, 'b.f32')], gain: 0.5 }, shaping, 44_100, path.join(dir, 'out'));
    const stem = new Float32Array(frames * 2);
    for (let i = 0; i < stem.length; i++) stem[i] = Math.fround(Math.fround((a[i]! + (b[i] ?? 0)) * 0.5) * fadeGain(i >> 1, frames, fadeFrames)) * 0.7;
    expect(written).toMatchObject({ name: 'Strings', path: path.join('stems', '01-strings.wav'), format: 'wav' });
    expect(Buffer.compare(await readFile(path.join(dir, 'out', written.path)), Buffer.from(quantizeWav(stem, 44_100, 'pcm_s24le', 1).file))).toBe(0);
    // The fade reaches silence on the last frame and leaves the frames before it alone.
    expect(Math.abs(stem.at(-1)!)).toBe(0);
    expect(fadeGain(frames - fadeFrames - 1, frames, fadeFrames)).toBe(1);
  });
});

