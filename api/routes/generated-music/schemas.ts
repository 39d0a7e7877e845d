// The generated-music routes' requests and answers, from the creation contracts.
import { z } from 'zod';
export { extendSongRequestSchema, generatedSongListSchema, generatedSongSchema, generationStartedSchema, likeRequestSchema } from '../../../domain/contracts/creation';
export { idParams } from '../shared-schemas';

export const GENERATED_FILES = ['mix.wav', 'mix.mp3', 'song.mid', 'lyrics.lrc'] as const;

export const fileParams = z.object({ id: z.string().min(1).max(200), name: z.enum(GENERATED_FILES, { message: `the file must be one of ${GENERATED_FILES.join(', ')}` }) });
export const stemParams = z.object({ id: z.string().min(1).max(200), index: z.coerce.number({ message: 'index must be a number' }).int('index must be a whole number').min(0, 'index must be 0 or more') });
export const sectionParams = z.object({ id: z.string().min(1).max(200), index: z.coerce.number({ message: 'index must be a number' }).int('index must be a whole number').min(0, 'index must be 0 or more') });
