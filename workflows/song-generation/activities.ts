// The song generation's I/O: make the song (compose, write lyrics when vocals are asked without
// words, sing or speak them where this server has a voice, render through the process's render
// pool, cut to the exact length, store WAV, MP3, MIDI, stems and LRC, build the provenance record), stage its WAV for the track lifecycle, and record
// the end. Every write goes through the generation's decider, which records each stage once, so a
// retried activity appends nothing twice; its files are rewritten with the same bytes.
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Context } from '@temporalio/activity';
import { songRequestSchema, type C2paRecord, type GenerationSource, type Provenance, type SongRequest } from '../../domain/contracts/creation';
import { COMPOSER_ENGINE_VERSION, compositionSummary, composeSong, extendSong, regenerateSection } from '../../domain/creation/composer';
import type { Composition } from '../../domain/creation/composition';
import { generationDecider, type GenerationCommand } from '../../domain/creation/generation.decider';
import { generationStreamId, type GenerationRequested } from '../../domain/creation/generation.events';
import { timeLine, toLrc, type TimedLyricLine } from '../../domain/creation/lyrics-lrc';
import { randomStream } from '../../domain/creation/random';
import { formatLyrics, type LyricLine, type LyricSection } from '../../domain/creation/lyrics-sections';
import { toMidi } from '../../domain/creation/midi';
import { openC2paSigner, songManifest, type C2paAvailability } from '../../infra/creation/c2pa/c2pa';
import { CREATION_CEILING_DBTP, CREATION_TARGET_LUFS } from '../../infra/creation/normalize';
import { RenderPool } from '../../infra/creation/render-pool';
import { INSTRUMENT_VOCAL_ENGINE, NO_VOICE_NOTES, NOTHING_TO_SING_NOTE, performVocals, planVocals, type PerformedVocals } from '../../infra/creation/vocals/perform';
import type { RenderProgress, SongRender } from '../../infra/creation/render-song';
import { handleCommand } from '../../infra/eventstore/command-handler';
import type { EventStore } from '../../infra/eventstore/event-store';
import { logger } from '../../infra/logger/logger';
import { sha256File } from '../../infra/storage/file-storage';
import type { ContentStorage } from '../../infra/storage/storage';
import { currentWorkflowIdOrNull } from '../activity-context';
import { deterministicEventId } from '../track-lifecycle/activities';
import type { TrackLifecycleInput } from '../track-lifecycle/shared';
import type { ProducedFile, ProducedSong, SongGenerationInput } from './shared';

const log = logger.child({ module: 'song-generation' });
const require = createRequire(import.meta.url);

type Requested = ReturnType<typeof GenerationRequested.create>['data'];

export interface SongGenerationActivityDeps {
  eventStore: EventStore;
  storage: ContentStorage;
  /** The process's render pool; by default one per process, created on the first render. */
  renderPool?: () => RenderPool;
  /** The C2PA signer of the data folder, or why there is none; by default looked up once per process. */
  c2pa?: () => Promise<C2paAvailability>;
}

let processPool: RenderPool | null = null;
/** One pool per process: a worker thread per core with the SoundFont loaded once. */
export function processRenderPool(): RenderPool {
  processPool ??= new RenderPool();
  return processPool;
}

/**
 * Stops the process's render pool, if one started: a song being rendered fails at once (its
 * activity is retried when a worker runs again) rather than holding the process past its stop.
 */
export async function closeProcessRenderPool(): Promise<void> {
  const pool = processPool;
  processPool = null;
  await pool?.close();
}

const c2paSigners = new Map<string, Promise<C2paAvailability>>();
/** One C2PA signer per data folder and process: c2pa-python is looked for once, the certificate made at first use. */
export function processC2paSigner(dataDir: string): Promise<C2paAvailability> {
  let signer = c2paSigners.get(dataDir);
  if (!signer) {
    signer = openC2paSigner(dataDir);
    // A failed look-up is tried again by the next song rather than remembered.
    signer.catch(() => c2paSigners.delete(dataDir));
    c2paSigners.set(dataDir, signer);
  }
  return signer;
}

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** The lines of the lyrics a composition sings, each at its syllables' note times. */
export function timedLyrics(composition: Composition, sections: readonly LyricSection[]): TimedLyricLine[] {
  const byText = new Map<string, LyricLine>();
  for (const section of sections) for (const line of section.lines) byText.set(line.syllables.join('\u0001'), line);
  const groups: Composition['lyrics']['syllables'][] = [];
  for (const syllable of composition.lyrics.syllables) {
    if (syllable.lineStart || groups.length === 0) groups.push([]);
    groups.at(-1)!.push(syllable);
  }
  return groups.map((group) => {
    const last = group.at(-1)!;
    const end = last.seconds + last.durationSeconds;
    const line = byText.get(group.map((s) => s.text).join('\u0001'));
    return line
      ? timeLine(line, group.map((s) => s.seconds), end)
      : { start: group[0]!.seconds, end, text: group.map((s) => s.text).join(' ') };
  });
}

/** The studio's names for a song's sections: "Intro", "Verse 1", "Chorus 2"… (numbered when a kind comes back). */
export function sectionNames(composition: Composition): string[] {
  const totals = new Map<string, number>();
  for (const section of composition.sections) totals.set(section.type, (totals.get(section.type) ?? 0) + 1);
  const seen = new Map<string, number>();
  return composition.sections.map((section) => {
    const count = (seen.get(section.type) ?? 0) + 1;
    seen.set(section.type, count);
    const name = section.type.charAt(0).toUpperCase() + section.type.slice(1);
    return (totals.get(section.type) ?? 1) > 1 ? `${name} ${count}` : name;
  });
}

export function createSongGenerationActivities({ eventStore, storage, renderPool = processRenderPool, c2pa = () => processC2paSigner(storage.root) }: SongGenerationActivityDeps) {
  /** `workflowId` is read once when the activity starts: a callback of the render pool runs in the pool's async context, not the activity's. */
  async function record(input: SongGenerationInput, command: GenerationCommand, key: string, workflowId: string | null): Promise<void> {
    await handleCommand(eventStore, generationStreamId(input.generationId), generationDecider, command, {
      correlationId: input.correlationId,
      actor: input.actor,
      workflowId,
      eventIds: workflowId ? (index) => deterministicEventId(workflowId, key, index) : undefined,
    });
  }

  async function requested(generationId: string): Promise<Requested> {
    const events = await eventStore.readStream(generationStreamId(generationId));
    const first = events.find((event) => event.type === 'GenerationRequested');
    if (!first) throw new Error(`Generation ${generationId} was never requested`);
    return first.data as Requested;
  }

  /** The words sung: the user's own, else written from the prompt when vocals are asked; none for an instrumental. */
  async function lyricsFor(request: SongRequest, seed: number): Promise<LyricSection[]> {
    if (!request.includeVocals) return [];
    const { parseLyrics, writeLyrics } = await import('../../domain/creation/lyrics');
    if (request.lyrics.trim() !== '') return parseLyrics(request.lyrics);
    return writeLyrics({ prompt: request.prompt, genre: request.genre, mood: request.mood, duration: request.duration, vocalStyle: request.vocalStyle }, randomStream(seed, 'lyrics')).sections;
  }

  function compose(request: SongRequest, seed: number, source: GenerationSource | null, sheet: LyricSection[]): Composition {
    const composition = composeSong(request, { seed, lyrics: sheet });
    if (source?.operation === 'extend') return extendSong(composition, request, source.seconds);
    if (source?.operation === 'replace-section') return regenerateSection(composition, request, source.sectionIndex);
    return composition;
  }

  /**
   * Moves a file into the store under the generation's name for it. A rendered file comes with the
   * hash the renderer took as it wrote it (a move leaves the bytes as they were), so a song's
   * 400 MB of stems are not read back to hash them again.
   */
  async function keep(input: SongGenerationInput, workDir: string, relative: string, name: string, written?: { sha256: string; bytes: number }): Promise<ProducedFile> {
    const storedName = `generation-${input.generationId}-${name}`;
    const to = storage.workingPath(storedName);
    await rename(path.join(workDir, relative), to);
    await storage.save(storedName);
    if (written) return { storedName, sha256: written.sha256, bytes: written.bytes };
    const { size } = await stat(to);
    return { storedName, sha256: await sha256File(to), bytes: size };
  }

  return {
    async produceSong(input: SongGenerationInput): Promise<ProducedSong> {
      // Taken now, in the activity's own context: the render pool calls back from its own.
      const workflowId = currentWorkflowIdOrNull();
      const context = workflowId === null ? null : Context.current();
      const heartbeat = (details?: unknown) => context?.heartbeat(details);
      const progress = (status: 'composing' | 'rendering' | 'finishing', value: number, stage: string, queuePosition: number | null = null) =>
        record(input, { type: 'RecordProgress', data: { generationId: input.generationId, status, progress: value, stage, queuePosition } }, `progress-${value}-${stage}`, workflowId);

      const asked = await requested(input.generationId);
      const request = songRequestSchema.parse(asked.request);
      await progress('composing', 5, request.includeVocals && request.lyrics.trim() === '' ? 'Writing lyrics' : 'Composing');
      const sheet = await lyricsFor(request, asked.seed);
      const composition = compose(request, asked.seed, asked.source, sheet);
      const lyricsText = sheet.length > 0 ? formatLyrics(sheet) : null;
      const workDir = path.join(storage.root, 'generations', input.generationId);
      await rm(workDir, { recursive: true, force: true });
      await mkdir(workDir, { recursive: true });

      // Vocals: sung (or rapped) by a real voice where this server has one, before the render so
      // the render pool mixes the voice in; without one the melody stays on its instrument.
      const vocalPlan = request.includeVocals ? await planVocals(request) : null;
      let performed: PerformedVocals | null = null;
      if (vocalPlan?.engine && composition.lyrics.syllables.length > 0) {
        const stage = vocalPlan.kind === 'sung' ? 'Singing vocals' : 'Speaking vocals';
        await progress('composing', 8, stage);
        let sungSteps = Promise.resolve();
        let shown = 8;
        // The voice reports as its batches of lines end; the heartbeat goes on between them.
        const beat = setInterval(() => heartbeat({ stage }), 5000);
        performed = await performVocals(vocalPlan, composition, sheet, {
          voiceType: request.voiceType,
          workDir,
          onProgress: (fraction) => {
            heartbeat({ stage, fraction });
            const value = 8 + Math.floor(fraction * 3) * 2;
            if (value <= shown) return;
            shown = value;
            sungSteps = sungSteps.then(() => progress('composing', value, stage));
            // Surfaces at `await sungSteps`; marked handled so a failed singer cannot end the process first.
            sungSteps.catch(() => undefined);
          },
        }).finally(() => clearInterval(beat));
        await sungSteps;
      }
      const vocalsNote = !vocalPlan ? null : performed ? performed.note : vocalPlan.engine ? NOTHING_TO_SING_NOTE : NO_VOICE_NOTES[vocalPlan.kind];
      await record(
        input,
        {
          type: 'RecordComposition',
          data: {
            generationId: input.generationId,
            durationSeconds: composition.durationSeconds,
            lyrics: lyricsText,
            vocals: vocalPlan?.kind ?? 'none',
            vocalsNote,
            sections: sectionNames(composition).map((name, index) => ({ name, startSeconds: composition.sections[index]!.startSeconds, endSeconds: composition.sections[index]!.endSeconds })),
          },
        },
        'composed',
        workflowId,
      );
      await progress('composing', 15, 'Composed');

      const midi = toMidi(composition);
      const pool = renderPool();
      // Progress is recorded in steps of 10 % so the read model moves without an event per block.
      let recorded = 15;
      let reported: Promise<void> = Promise.resolve();
      // Progress is recorded in order while the render runs; a failure surfaces at `await reported`
      // below, and is marked handled meanwhile so it cannot end the process first.
      const report = (next: () => Promise<void>) => {
        reported = reported.then(next);
        reported.catch(() => undefined);
      };
      const onProgress = ({ stage, fraction }: RenderProgress) => {
        heartbeat({ stage, fraction });
        const value = stage === 'synthesize' ? 20 + Math.floor(fraction * 6) * 10 : stage === 'loudness' ? 85 : 90;
        if (value <= recorded) return;
        recorded = value;
        const words = stage === 'synthesize' ? `Rendering ${composition.parts.map((part) => part.name).join(', ')}` : stage === 'loudness' ? 'Mixing to -14 LUFS' : 'Encoding WAV, MP3 and stems';
        report(() => progress(stage === 'synthesize' ? 'rendering' : 'finishing', value, words));
      };
      const job = performed
        ? pool.render(toMidi(performed.renderComposition), { outDir: workDir, durationSeconds: composition.durationSeconds, onProgress, vocals: { pcmPath: performed.pcmPath, midiFile: midi } })
        : pool.render(midi, { outDir: workDir, durationSeconds: composition.durationSeconds, onProgress });
      // While the song waits for a worker, the studio shows its place in the queue.
      let lastPosition = -1;
      const watch = setInterval(() => {
        const position = job.position();
        heartbeat({ position });
        if (position !== null && position > 0 && position !== lastPosition) {
          lastPosition = position;
          report(() => progress('rendering', 16, `Waiting for the renderer: ${position} ahead`, position));
        }
      }, 500);
      let render: SongRender;
      try {
        render = await job.result;
      } finally {
        clearInterval(watch);
      }
      await reported;
      await progress('finishing', 95, 'Storing the files');

      const files: ProducedSong['files'] = {
        mixWav: await keep(input, workDir, render.files.mixWav.path, 'mix.wav', render.files.mixWav),
        mixMp3: render.files.mixMp3 ? await keep(input, workDir, render.files.mixMp3.path, 'mix.mp3', render.files.mixMp3) : await Promise.reject(new Error('The MP3 was not written')),
        midi: await keep(input, workDir, render.files.midi.path, 'song.mid', render.files.midi),
        lrc: null,
        stems: [],
      };
      for (const [index, stem] of render.files.stems.entries()) files.stems.push({ name: stem.name, ...(await keep(input, workDir, stem.path, `stem-${index}.wav`, stem)) });
      if (sheet.length > 0 && composition.lyrics.syllables.length > 0) {
        const lrc = toLrc(timedLyrics(composition, sheet), { title: asked.title, length: composition.durationSeconds }, { enhanced: true });
        await writeFile(path.join(workDir, 'lyrics.lrc'), lrc);
        files.lrc = await keep(input, workDir, 'lyrics.lrc', 'lyrics.lrc');
      }
      await rm(workDir, { recursive: true, force: true });

      const summary = compositionSummary(composition);
      const described: Omit<Provenance, 'outputs' | 'c2pa' | 'c2paNote' | 'createdAt'> = {
        digitalSourceType: 'algorithmicMedia',
        generationId: input.generationId,
        request: asked.request,
        requestHash: asked.requestHash,
        seed: asked.seed,
        source: asked.source,
        engine: { composer: COMPOSER_ENGINE_VERSION, packages: { spessasynth_core: packageVersion('spessasynth_core'), tonal: packageVersion('tonal') } },
        soundFont: render.settings.soundFont,
        render: {
          sampleRate: render.settings.sampleRate,
          bitDepth: render.settings.bitDepth,
          synthesizer: render.settings.synthesizer,
          effects: render.settings.effects,
          parts: render.settings.parts,
          targetLufs: CREATION_TARGET_LUFS,
          ceilingDbtp: CREATION_CEILING_DBTP,
          integratedLufs: render.loudness.integratedLufs,
          truePeakDbtp: render.loudness.truePeakDbtp,
        },
        composition: {
          tempo: summary.tempo,
          key: summary.key,
          mode: summary.mode,
          durationSeconds: summary.durationSeconds,
          sections: summary.sections.map((section) => ({ type: section.type, startSeconds: section.startSeconds, endSeconds: section.endSeconds, chords: section.chords })),
          parts: summary.parts.map((part) => ({ name: part.name, program: part.program, sung: part.sung })),
        },
        vocals: vocalPlan ? { kind: vocalPlan.kind, engine: performed ? vocalPlan.engine : INSTRUMENT_VOCAL_ENGINE, note: vocalsNote } : { kind: 'none', engine: null, note: null },
      };

      // Signing: a C2PA manifest embedded in the WAV and MP3 (docs/creation-provenance.md); from
      // here their hashes and sizes are the signed files'. Without c2pa-python the song goes on unsigned.
      await progress('finishing', 97, 'Signing');
      const signing = await c2pa();
      let c2paRecord: C2paRecord | null = null;
      if (signing.signer) {
        const mixes = [
          { file: files.mixWav, format: 'audio/wav' as const },
          { file: files.mixMp3, format: 'audio/mpeg' as const },
        ];
        // Signed in place in this process's copy, then stored again: nobody has been told of the files yet.
        c2paRecord = await signing.signer.sign(mixes.map(({ file, format }) => ({ path: storage.workingPath(file.storedName), storedName: file.storedName, format })), songManifest(described));
        for (const { file } of mixes) {
          const stored = storage.workingPath(file.storedName);
          file.sha256 = await sha256File(stored);
          file.bytes = (await stat(stored)).size;
          await storage.save(file.storedName);
        }
      }

      const outputs = [files.mixWav, files.mixMp3, files.midi, ...(files.lrc ? [files.lrc] : []), ...files.stems].map((file) => ({ path: file.storedName, sha256: file.sha256, bytes: file.bytes }));
      const provenance: Provenance = { ...described, outputs, c2pa: c2paRecord, c2paNote: signing.note, createdAt: new Date().toISOString() };
      log.info({ generationId: input.generationId, seconds: render.seconds, stems: files.stems.length }, 'song produced');
      return { files, provenance };
    },

    /** A copy of the song's WAV in staging, and the lifecycle input an upload of it would have. */
    async stageTrack(input: SongGenerationInput, song: ProducedSong): Promise<TrackLifecycleInput> {
      const asked = await requested(input.generationId);
      const stagingName = `generation-${input.generationId}.part`;
      await copyFile(await storage.localCopy(song.files.mixWav.storedName), storage.stagingPath(stagingName));
      // The track workflow may store it on another worker.
      await storage.handOverStaged(stagingName);
      const slug = asked.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'song';
      const request = songRequestSchema.parse(asked.request);
      return {
        trackId: input.trackId,
        ownerId: input.ownerId,
        title: asked.title,
        description: `Generated in the studio from: ${request.prompt}`.slice(0, 5000),
        contentType: 'music',
        royaltySplit: 100,
        genre: request.genre,
        originalName: `${slug}.wav`,
        stagingName,
        detectedExtension: 'wav',
        detectedMimeType: 'audio/wav',
        size: song.files.mixWav.bytes,
        generationId: input.generationId,
        correlationId: input.correlationId,
        actor: input.actor,
      };
    },

    async completeGeneration(input: SongGenerationInput, song: ProducedSong): Promise<void> {
      const provenance = song.provenance as Provenance;
      await record(input, { type: 'CompleteGeneration', data: { generationId: input.generationId, files: song.files, provenance, completedAt: new Date().toISOString() } }, 'completed', currentWorkflowIdOrNull());
    },

    async failGeneration(input: SongGenerationInput, reason: string): Promise<void> {
      await record(input, { type: 'FailGeneration', data: { generationId: input.generationId, reason: reason.slice(0, 1000), failedAt: new Date().toISOString() } }, 'failed', currentWorkflowIdOrNull());
    },
  };
}

export type SongGenerationActivities = ReturnType<typeof createSongGenerationActivities>;
