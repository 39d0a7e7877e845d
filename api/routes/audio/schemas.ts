// The creation routes' requests and answers: the lyrics request of domain/creation/lyrics-contract.ts.
export { lyricsRequestSchema, lyricsResponseSchema } from '../../../domain/creation/lyrics-contract';
