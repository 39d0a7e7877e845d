// The creation routes' requests and answers, from the creation contracts.
export { lyricsRequestSchema, lyricsResponseSchema } from '../../../domain/contracts/creation';
