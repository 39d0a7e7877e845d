// Fetches an owner-only file with the session cookie and saves it under a chosen name through a
// blob link, so the name does not depend on the server's headers.
export async function fetchFile(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  return response.blob();
}

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the blob when the click is handled; the URL can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function downloadFile(url: string, fileName: string): Promise<void> {
  saveBlob(await fetchFile(url), fileName);
}
