// Reads a chosen file in the browser chunk by chunk, reporting how much is read, so the /verify
// page can show progress on a large master and keep "Check bundle" off until the bytes are there
// (a check started mid-read would say no file was given).

export interface ReadProgress {
  name: string;
  /** 0–100. */
  percent: number;
}

export async function readFileWithProgress(file: Blob & { name: string }, onProgress: (progress: ReadProgress) => void): Promise<{ name: string; bytes: Uint8Array }> {
  const bytes = new Uint8Array(file.size);
  let offset = 0;
  onProgress({ name: file.name, percent: 0 });
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, offset);
    offset += value.byteLength;
    onProgress({ name: file.name, percent: file.size === 0 ? 100 : Math.floor((offset / file.size) * 100) });
  }
  onProgress({ name: file.name, percent: 100 });
  return { name: file.name, bytes: offset === bytes.length ? bytes : bytes.subarray(0, offset) };
}
