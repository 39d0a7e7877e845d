// The product's business constants, shared by the API, the workflows and the web. Change them here only.

/** New users receive a welcome bonus of 50 tokens. */
export const WELCOME_BONUS_TOKENS = 50;

/**
 * The accepted audio, image and video formats, wav and flac included: what the
 * content sniffer reports, and so the stored file's extension. (jpeg is never reported: a JPEG is
 * stored as jpg.)
 */
export const ACCEPTED_UPLOAD_EXTENSIONS = [
  'mp3',
  'mp4',
  'jpg',
  'jpeg',
  'png',
  'txt',
  'pdf',
  'docx',
  'wav',
  'flac',
  'm4a',
  'aac',
  'ogg',
  'opus',
  'aiff',
  'wma',
  'mov',
  'webm',
  'mkv',
  'wmv',
] as const;
export type UploadExtension = (typeof ACCEPTED_UPLOAD_EXTENSIONS)[number];

/**
 * The largest file an upload takes, on the web (resumable) and through POST /api/upload alike: room
 * for a six-minute 24-bit/96 kHz stereo WAV master (about 207 MB) with headroom.
 */
export const MAX_UPLOAD_BYTES = 300 * 1024 * 1024;

export const CONTENT_TYPES = ['music', 'video', 'image', 'text'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * The file name endings the upload takes, by the content type they suggest; for the web's file
 * picker and the texts that list the formats. The content sniffer decides what a file really is
 * and which names fit it, and a video container may also be uploaded as music (its audio).
 */
export const UPLOAD_FILE_NAMES = {
  music: ['mp3', 'wav', 'flac', 'aiff', 'aif', 'm4a', 'aac', 'ogg', 'oga', 'opus', 'wma', 'mka'],
  video: ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'wmv', 'asf'],
  image: ['jpg', 'jpeg', 'png'],
  text: ['txt', 'pdf', 'docx'],
} as const satisfies Record<ContentType, readonly string[]>;
export const ACCEPTED_FILE_NAME_EXTENSIONS: readonly string[] = Object.values(UPLOAD_FILE_NAMES).flat();

/** The upload form's royalty split slider: 0..100 percent to the creator, default 100. */
export const ROYALTY_SPLIT_MIN = 0;
export const ROYALTY_SPLIT_MAX = 100;
export const ROYALTY_SPLIT_DEFAULT = 100;

/** Every status a track can have, from generation to distribution. */
export const TRACK_STATUSES = [
  'generated',
  'completed',
  'processing',
  'mastering',
  'mastered',
  'copyrighted',
  'in_vault',
  'contracted',
  'failed',
  'expired',
] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

/** The mastering options a creator may choose, and their defaults. */
export const MASTER_STYLES = ['warm', 'balanced', 'open'] as const;
export const MASTER_LOUDNESS_LEVELS = ['low', 'medium', 'high'] as const;
export const MASTER_FORMATS = ['wav', 'cd', 'mp3'] as const;
export type MasterStyleOption = (typeof MASTER_STYLES)[number];
export type MasterLoudnessOption = (typeof MASTER_LOUDNESS_LEVELS)[number];
export type MasterFormatOption = (typeof MASTER_FORMATS)[number];
export const MASTER_DEFAULTS = { style: 'balanced', loudness: 'medium', format: 'wav' } as const;
/** The integrated loudness, in LUFS, the audio engine masters each loudness choice to. */
export const MASTER_LOUDNESS_LUFS: Record<MasterLoudnessOption, number> = { low: -14, medium: -9, high: -6 };

/** The eight mastering steps, in the order the audio engine runs them. */
export const MASTERING_STEPS = [
  'audio analysis',
  'EQ processing',
  'compression',
  'stereo enhancement',
  'harmonic processing',
  'limiting',
  'quality check',
  'export',
] as const;

/** The copyright oracle's eight stages, in the order it reports them. */
export const COPYRIGHT_ANALYSIS_STAGES = [
  'Audio Fingerprinting',
  'Melodic Pattern Recognition',
  'Database Comparison',
  'AI Pattern Matching',
  'Rhythmic Analysis',
  'Harmonic Structure',
  'Ownership Verification',
  'Clearance Assessment',
] as const;

/** The shortest audio the copyright oracle can fingerprint and compare, in seconds. */
export const COPYRIGHT_CHECK_MIN_SECONDS = 3;

/** The certificate format version named in its footer. */
export const CERTIFICATE_FORMAT_VERSION = '3.3.0';
