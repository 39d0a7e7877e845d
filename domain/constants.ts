// Business constants from the product spec (documents 1-3). Change them here only.

/** Spec 1 §1 / §9: new users receive a welcome bonus of 50 tokens. */
export const WELCOME_BONUS_TOKENS = 50;

/** Spec 1 §5 plus wav and flac (issue 2). Keys are what the content sniffer reports. */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['mp3', 'mp4', 'jpg', 'jpeg', 'png', 'txt', 'pdf', 'docx', 'wav', 'flac'] as const;
export type UploadExtension = (typeof ACCEPTED_UPLOAD_EXTENSIONS)[number];

/** Spec 3 §2.13: API files up to 50 MB; the web upload uses the same ceiling. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

export const CONTENT_TYPES = ['music', 'video', 'image', 'text'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** Spec 1 §5: royalty split slider 0..100, default 100. */
export const ROYALTY_SPLIT_MIN = 0;
export const ROYALTY_SPLIT_MAX = 100;
export const ROYALTY_SPLIT_DEFAULT = 100;

/** Spec 1 §9: upload 10, copyright check 5, registry registration 15 tokens. */
export const UPLOAD_COST_TOKENS = 10;
export const COPYRIGHT_CHECK_COST_TOKENS = 5;
export const REGISTRY_REGISTRATION_COST_TOKENS = 15;
