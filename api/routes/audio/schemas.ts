// The creation routes' requests and answers, from the creation contracts.
export { generationStartedSchema, lyricsRequestSchema, lyricsResponseSchema, songRequestSchema } from '../../../domain/contracts/creation';
