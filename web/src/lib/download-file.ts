// Fetches a file with the session cookie and saves it under a chosen name through a blob link, so
// a refusal (4xx with `{ error }`) reaches the caller as an ApiError instead of being saved as the
// file. Shared by features that offer downloads.
import { throwIfNotOk } from './api-client';

export async function downloadFile(url: string, fileName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(response);
  const blobUrl = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = blobUrl;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob when the click is handled; the URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(blobUrl), 10_000);
}
