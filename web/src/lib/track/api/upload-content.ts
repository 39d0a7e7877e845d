// The upload of a file and its form, resumable (the tus protocol, tus-js-client): the file goes up
// in chunks, a dropped connection is retried from where the server says it stopped, and choosing
// the same file again after a reload continues the unfinished upload (its address is kept in this
// browser's storage until it finishes). Shared by the Upload tab and the assistant chat, so a file
// dropped on the chat takes exactly the Upload tab's route. The finished upload's id is its track's.
import { Upload, type DetailedError } from 'tus-js-client';
import type { ContentType } from '../../../../../domain/constants';
import { RESUMABLE_UPLOAD_CHUNK_BYTES, RESUMABLE_UPLOAD_PATH } from '../../../../../domain/contracts/vault';
import { ApiError } from '../../api-client';

export interface UploadInput {
  file: File | null;
  title: string;
  description: string;
  contentType: ContentType;
  royaltySplit: number;
}

/** The track a finished upload became: its workflow has started. */
export interface UploadedTrack {
  id: string;
}

/** Waits between attempts after a dropped connection, about a minute and a half in all. */
const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000];
const UNREACHABLE = 'The upload could not reach the server. Check your connection and upload the same file again: it continues where it stopped.';

export function uploadContent(input: UploadInput, onProgress?: (percent: number) => void): Promise<UploadedTrack> {
  const { file } = input;
  if (!file) return Promise.reject(new Error('No file selected'));

  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, window.location.origin).href,
      chunkSize: RESUMABLE_UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        title: input.title.trim(),
        description: input.description.trim(),
        contentType: input.contentType,
        royaltySplit: String(input.royaltySplit),
        metadata: JSON.stringify({ originalName: file.name, size: file.size, type: file.type }),
      },
      onProgress: (sent, total) => onProgress?.(total > 0 ? Math.floor((sent / total) * 100) : 0),
      onSuccess: () => resolve({ id: new URL(upload.url!).pathname.split('/').pop()! }),
      onError: (error) => reject(refusal(error)),
    });
    upload
      .findPreviousUploads()
      .then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      })
      .catch(reject);
  });
}

/** The server's refusal as an ApiError (its JSON `error` is what the toast shows); a lost connection in words. */
function refusal(error: Error | DetailedError): Error {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new Error(UNREACHABLE);
  return new ApiError(response.getStatus(), response.getBody() ?? '', 'Upload refused');
}
