// POST /api/upload: a multipart form with the file and its fields. Sent with XMLHttpRequest because
// fetch cannot report upload progress. Shared by the Upload tab and the assistant chat, so a file
// dropped on the chat takes exactly the Upload tab's route.
import type { ContentType } from '../../../../../domain/constants';
import { uploadResponseSchema, type UploadResponse } from '../../../../../domain/contracts/vault';
import { ApiError, parseAnswer } from '../../api-client';

export const UPLOAD_URL = '/api/upload';

export interface UploadInput {
  file: File | null;
  title: string;
  description: string;
  contentType: ContentType;
  royaltySplit: number;
}

export function uploadContent(input: UploadInput, onProgress?: (percent: number) => void): Promise<UploadResponse> {
  const { file } = input;
  if (!file) return Promise.reject(new Error('No file selected'));

  const form = new FormData();
  form.append('title', input.title.trim());
  form.append('description', input.description.trim());
  form.append('contentType', input.contentType);
  form.append('royaltySplit', String(input.royaltySplit));
  form.append('metadata', JSON.stringify({ originalName: file.name, size: file.size, type: file.type }));
  // The file goes last so the server has every field by the time the file stream arrives.
  form.append('file', file, file.name);

  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      let answer: unknown;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {
        reject(new Error(`Invalid JSON response from ${UPLOAD_URL}`));
        return;
      }
      try {
        resolve(parseAnswer(uploadResponseSchema, answer, 'POST', UPLOAD_URL));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new Error('The upload could not reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new Error('The upload was cancelled'));
    xhr.send(form);
  });
}
