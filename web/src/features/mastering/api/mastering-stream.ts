// Reads the body of POST /api/landr/master-with-progress:
// lines `data: {"step","description","progress"}` that arrive in chunks which may cut a line, or a
// character, anywhere. Kept free of React and fetch so the parsing is tested on its own.
import { masteringProgressSchema, type MasteringProgress } from '../../../../../domain/contracts/lifecycle';

const DATA_PREFIX = 'data:';

/** One `data:` line as a progress event, or null for anything else (comments, blank lines, bad JSON). */
export function parseDataLine(line: string): MasteringProgress | null {
  if (!line.startsWith(DATA_PREFIX)) return null;
  const payload = line.slice(DATA_PREFIX.length).replace(/^ /, '');
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const event = masteringProgressSchema.safeParse(json);
  return event.success ? event.data : null;
}

export interface SseParser {
  /** Adds decoded text and returns the events of every line it completed. */
  push(text: string): MasteringProgress[];
  /** Ends the stream: a last line without a newline still counts. */
  flush(): MasteringProgress[];
}

export function createSseParser(): SseParser {
  let buffer = '';
  const parseAll = (lines: string[]) => lines.map(parseDataLine).filter((event): event is MasteringProgress => event !== null);
  return {
    push(text) {
      buffer += text;
      const lines = buffer.split(/\r\n|\r|\n/);
      // The last piece has no line end yet: it waits for the next chunk.
      buffer = lines.pop() ?? '';
      return parseAll(lines);
    },
    flush() {
      const rest = buffer;
      buffer = '';
      return parseAll([rest]);
    },
  };
}

/**
 * Reads a byte stream to its end, calling `onEvent` for each progress event in order. The decoder
 * runs in streaming mode, so a character split between two chunks is put back together.
 */
export async function readProgressStream(body: ReadableStream<Uint8Array>, onEvent: (event: MasteringProgress) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true })).forEach(onEvent);
    }
    parser.push(decoder.decode()).forEach(onEvent);
    parser.flush().forEach(onEvent);
  } finally {
    reader.releaseLock();
  }
}
