import { describe, expect, it } from 'vitest';
import { createSseParser, parseDataLine, readProgressStream } from './mastering-stream';

const line = (step: string, progress: number, description = `${step} at ${progress}`) => `data: ${JSON.stringify({ step, description, progress })}\n`;

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(chunk));
      controller.close();
    },
  });
}

describe('mastering progress stream', () => {
  it('reads data lines and skips everything else', () => {
    expect(parseDataLine('data: {"step":"limiting","description":"Limiting peaks","progress":0}')).toEqual({
      step: 'limiting',
      description: 'Limiting peaks',
      progress: 0,
    });
    expect(parseDataLine('data:{"step":"export","description":"","progress":100}')?.step).toBe('export');
    expect(parseDataLine(': keep-alive')).toBeNull();
    expect(parseDataLine('event: progress')).toBeNull();
    expect(parseDataLine('')).toBeNull();
    expect(parseDataLine('data: {not json')).toBeNull();
    expect(parseDataLine('data: {"step":"export"}')).toBeNull();
  });

  it('keeps a line cut across chunks until its end arrives', () => {
    const parser = createSseParser();
    const text = line('audio analysis', 0);
    expect(parser.push(text.slice(0, 7))).toEqual([]);
    expect(parser.push(text.slice(7, 30))).toEqual([]);
    expect(parser.push(text.slice(30))).toEqual([{ step: 'audio analysis', description: 'audio analysis at 0', progress: 0 }]);
  });

  it('returns every line of a chunk that holds several, with blank separators and CRLF', () => {
    const parser = createSseParser();
    const chunk = `${line('audio analysis', 0)}\n${line('audio analysis', 100)}\r\n${line('EQ processing', 0)}`.replace('\n\n', '\r\n\r\n');
    const events = parser.push(chunk + line('EQ processing', 100).slice(0, 12));
    expect(events.map((event) => [event.step, event.progress])).toEqual([
      ['audio analysis', 0],
      ['audio analysis', 100],
      ['EQ processing', 0],
    ]);
    expect(parser.push(line('EQ processing', 100).slice(12)).map((event) => event.progress)).toEqual([100]);
  });

  it('counts a last line that has no newline when the stream ends', () => {
    const parser = createSseParser();
    expect(parser.push(line('Complete', 100).trimEnd())).toEqual([]);
    expect(parser.flush().map((event) => event.step)).toEqual(['Complete']);
    expect(parser.flush()).toEqual([]);
  });

  it('puts back together a character split between two byte chunks', async () => {
    const bytes = new TextEncoder().encode(line('EQ processing', 40, 'Égalisation — 3 bands') + line('Complete', 100));
    const cut = bytes.indexOf(0xc3) + 1; // inside the two bytes of "É"
    const events: string[] = [];
    await readProgressStream(streamOf([bytes.slice(0, cut), bytes.slice(cut, cut + 5), bytes.slice(cut + 5)]), (event) => events.push(event.description));
    expect(events).toEqual(['Égalisation — 3 bands', 'Complete at 100']);
  });
});
