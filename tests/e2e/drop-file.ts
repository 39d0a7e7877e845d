// Dropping a file on an element as a browser does (dragover, then drop, with the file in a
// DataTransfer), for the journeys that drop audio on the assistant chat.
import type { Locator, Page } from '@playwright/test';

export async function dropFile(page: Page, target: Locator, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const dataTransfer = await page.evaluateHandle(({ name, mimeType, base64 }) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], name, { type: mimeType }));
    return transfer;
  }, { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
}
