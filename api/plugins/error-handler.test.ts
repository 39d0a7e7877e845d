// The error handler's answers: a chosen 4xx or unavailable/timed-out 5xx says what is wrong; a
// 500's details go to the log with the request, never to the client.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { HttpError, registerErrorHandler } from './error-handler';

async function appThrowing(error: Error) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  registerErrorHandler(app);
  app.get('/boom', () => {
    throw error;
  });
  await app.ready();
  return { app, lines };
}

describe('error handler', () => {
  it('hides a 500 HttpError message from the client and logs it with the request', async () => {
    const { app, lines } = await appThrowing(new HttpError(500, 'row 42 of table secrets is corrupt'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expect(lines.join('')).toContain('row 42 of table secrets is corrupt');
    expect(lines.join('')).toContain('/boom');
    expect(JSON.parse(lines[0]!).level).toBe(50);
    await app.close();
  });

  it('sends a chosen 503 message, and logs it as a warning', async () => {
    const { app, lines } = await appThrowing(new HttpError(503, 'The operator API is off'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'The operator API is off' });
    expect(lines.join('')).toContain('The operator API is off');
    expect(JSON.parse(lines[0]!).level).toBe(40);
    await app.close();
  });

  it('sends a 4xx HttpError message without logging it as a failure', async () => {
    const { app, lines } = await appThrowing(new HttpError(413, 'The file is too large'));
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'The file is too large' });
    expect(lines).toEqual([]);
    await app.close();
  });
});
