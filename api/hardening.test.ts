// What an attacker or a careless client tries at the edge: forged proxy headers, control characters,
// malformed bodies, cross-site writes and websockets, and the headers every answer carries.
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COPYRIGHT_ANALYSIS_STAGES } from '../domain/constants';
import { TrackCopyrightCheckFailed, TrackCopyrightCheckProgressed, TrackCopyrightCheckStarted, TrackCopyrightChecked, TrackMastered, TrackMasteringRequested } from '../domain/track/stage.events';
import { sineWav } from '../tests/support/audio';
import { multipartBody } from '../tests/support/multipart';
import { appendTrackEvents, checkAnalysis, seedTrack } from '../tests/support/seed-track';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import type { RegisterCommand } from '../workflows/track-lifecycle/shared';

const registrations: RegisterCommand[] = [];
const lifecycle = {
  start: async () => ({ workflowId: 'never-started' }),
  master: async (input: { trackId: string }, command: { masteringId: string }) => masterStandIn(input.trackId, command.masteringId),
  startMaster: notExpected,
  check: async (input: { trackId: string }, command: { checkId: string }) => checkStandIn(input.trackId, command.checkId),
  register: async (_input: unknown, command: RegisterCommand) => {
    registrations.push(command);
    return { ok: false as const, reason: 'stopped by the test after the command was built', resultCode: null };
  },
  retryRegistration: notExpected,
};

/** What the workflow does with a mastering run, as the test in progress wants it. */
let masterStandIn: (trackId: string, masteringId: string) => Promise<{ ok: true; value: { masteringId: string } }> = notExpected;

/** What the workflow does with a check, as the test in progress wants it. */
let checkStandIn: (trackId: string, checkId: string) => Promise<{ ok: false; reason: string; refused?: boolean }> = notExpected;

async function notExpected(): Promise<never> {
  throw new Error('the API reached the workflow where it should have refused');
}

let plain: TestApp;
let proxied: TestApp;
const dirs: string[] = [];

beforeAll(async () => {
  const dir = async () => {
    const created = await mkdtemp(path.join(os.tmpdir(), 'goose-hardening-'));
    dirs.push(created);
    return created;
  };
  plain = await startTestApp(await dir(), lifecycle);
  proxied = await startTestApp(await dir(), lifecycle, { publicUrl: 'https://goose.example', trustProxy: ['127.0.0.1'] });
  for (const { app } of [plain, proxied]) {
    app.get('/test/client', async (request) => ({ ip: request.ip, protocol: request.protocol }));
  }
});

afterAll(async () => {
  await plain.close();
  await proxied.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function signup({ app }: TestApp, headers: Record<string, string> = {}) {
  const username = `user_${randomUUID().slice(0, 8)}`;
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username, password: 'correct horse battery' }, headers });
  const cookie = response.cookies.find((c) => c.name === 'goose_session')!;
  const ownerId = (await app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `goose_session=${cookie.value}` } })).json().id as string;
  return { cookie: `goose_session=${cookie.value}`, sessionCookie: cookie, ownerId };
}

/** A probed track whose latest check cleared it: registration is allowed. */
async function clearedTrack(testApp: TestApp, ownerId: string): Promise<string> {
  return (await seedTrack(testApp, ownerId)).trackId;
}

const forgedProxyHeaders = { 'x-forwarded-host': 'goose-verify.evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };

describe('the origin in certificates and the client behind proxies', () => {
  it('signs the configured origin, or the listening address, never a forwarded host', async () => {
    for (const [testApp, expected] of [
      [plain, 'http://localhost'],
      [proxied, 'https://goose.example'],
    ] as const) {
      const owner = await signup(testApp);
      const trackId = await clearedTrack(testApp, owner.ownerId);
      const response = await testApp.app.inject({ method: 'POST', url: `/api/copyright-register/${trackId}`, headers: { cookie: owner.cookie, ...forgedProxyHeaders } });
      expect(response.statusCode).toBe(422);
      expect(registrations.at(-1)!.publicUrl).toBe(expected);
    }
  });

  it('believes X-Forwarded-* only from a configured proxy', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/test/client', headers: forgedProxyHeaders })).json()).toEqual({ ip: '127.0.0.1', protocol: 'http' });
    expect((await proxied.app.inject({ method: 'GET', url: '/test/client', headers: forgedProxyHeaders })).json()).toEqual({ ip: '203.0.113.9', protocol: 'https' });
  });

  it('marks the session cookie Secure behind https, and only then', async () => {
    expect((await signup(plain, forgedProxyHeaders)).sessionCookie.secure).toBeFalsy();
    expect((await signup(proxied, { 'x-forwarded-proto': 'https' })).sessionCookie.secure).toBe(true);
  });
});

describe('text and bodies', () => {
  it('refuses control characters in JSON, ids and queries with a 400 naming the field', async () => {
    const signupNul = await plain.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { username: 'nul\u0000user', password: 'correct horse battery' } });
    expect(signupNul.statusCode).toBe(400);
    expect(signupNul.json()).toEqual({ error: 'body.username: must not contain control characters' });
    const verify = await plain.app.inject({ method: 'GET', url: '/api/verify/%00' });
    expect(verify.statusCode).toBe(400);
    expect(verify.json()).toEqual({ error: 'params.certificateId: must not contain control characters' });
    expect((await plain.app.inject({ method: 'GET', url: '/api/verify/GOOSE%1B[2J' })).statusCode).toBe(400);
  });

  it('refuses control characters in an upload\'s fields, metadata and file name before anything is staged or started', async () => {
    const owner = await signup(plain);
    const file = { filename: 'take.wav', contentType: 'audio/wav', content: sineWav({ seconds: 0.2 }) };
    const cases: [Record<string, string>, typeof file, string][] = [
      [{ title: 'Take\u0000One', contentType: 'music' }, file, 'title: must not contain control characters'],
      [{ title: 'Take', description: 'bell\u0007', contentType: 'music' }, file, 'description: must not contain control characters'],
      [{ title: 'Take', contentType: 'music', metadata: '{"genre":"pop\\u0000"}' }, file, 'metadata.genre: must not contain control characters'],
      [{ title: 'Take', contentType: 'music' }, { ...file, filename: 'take\u0001.wav' }, 'file name: must not contain control characters'],
    ];
    for (const [fields, part, error] of cases) {
      const { payload, headers } = multipartBody(fields, part);
      const response = await plain.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, cookie: owner.cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error });
    }
    expect(await readdir(plain.storage.stagingDir)).toEqual([]);
  });

  it('answers a malformed multipart body with a 400', async () => {
    const owner = await signup(plain);
    const upload = (contentType: string, payload: string) => plain.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { cookie: owner.cookie, 'content-type': contentType } });
    const noBoundary = await upload('multipart/form-data', '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nabc\r\n--x--\r\n');
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error).toMatch(/^Malformed multipart form/);
    const truncated = await upload('multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\n\r\nRIFF');
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error).toMatch(/^Malformed multipart form/);
    expect(await readdir(plain.storage.stagingDir)).toEqual([]);
  });

  it('takes a command with no body, or an empty JSON one, with its defaults', async () => {
    const owner = await signup(plain);
    const url = `/api/mastering/start/${randomUUID()}`;
    for (const headers of [{}, { 'content-type': 'application/json' }]) {
      const response = await plain.app.inject({ method: 'POST', url, headers: { ...headers, cookie: owner.cookie } });
      expect(response.json()).toEqual({ error: expect.stringMatching(/^No content item/) });
      expect(response.statusCode).toBe(404);
    }
    expect((await plain.app.inject({ method: 'POST', url, payload: '{"style":', headers: { cookie: owner.cookie, 'content-type': 'application/json' } })).statusCode).toBe(400);
  });
});

describe('a command the workflow refuses after the route allowed it', () => {
  it('answers 409 with the reason at once, not a timeout waiting for a check that never started', async () => {
    // By the time the workflow took the check, another command had changed the track.
    checkStandIn = async () => ({ ok: false, reason: 'The track is being mastered; check it once the master is done', refused: true });
    const owner = await signup(plain);
    const trackId = await clearedTrack(plain, owner.ownerId);
    const response = await plain.app.inject({ method: 'POST', url: `/api/copyright-check/${trackId}`, headers: { cookie: owner.cookie } });
    expect(response.json()).toEqual({ error: 'The track is being mastered; check it once the master is done' });
    expect(response.statusCode).toBe(409);
  });

  it('answers 409 when the check ran but a newer one replaced it in the vault before its result could be shown', async () => {
    const owner = await signup(plain);
    const trackId = await clearedTrack(plain, owner.ownerId);
    const sha256 = 'c'.repeat(64);
    checkStandIn = async (id, checkId) => {
      await appendTrackEvents(plain, id, owner.ownerId, [
        TrackCopyrightCheckStarted.create({ trackId: id, checkId, storedName: `${id}.wav`, sha256 }),
        TrackCopyrightChecked.create({ trackId: id, checkId, sha256, elapsedSeconds: 1, analysis: checkAnalysis({ clearanceScore: 0, status: 'conflict', reason: 'A copy' }) }),
        TrackCopyrightCheckStarted.create({ trackId: id, checkId: 'a-newer-check', storedName: `${id}.wav`, sha256 }),
      ]);
      return { ok: false, reason: 'A copy' };
    };
    const response = await plain.app.inject({ method: 'POST', url: `/api/copyright-check/${trackId}`, headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^A newer copyright check or master of this track came right after this check/);
  });

  it('answers a preview with its own results when a newer mastering run started right after it', async () => {
    const owner = await signup(plain);
    const { trackId } = await seedTrack(plain, owner.ownerId, { until: 'probed' });
    const settings = { style: 'warm' as const, loudness: 'medium' as const, format: 'wav' as const };
    const results = { lufs: -9.1, dynamicRange: 6.2, peak: -1.2, processing: ['Limiter'] };
    masterStandIn = async (id, masteringId) => {
      const files = { master: `${masteringId}-m.wav`, preview: `${masteringId}-p.mp3`, preLimiter: `${masteringId}-l.wav`, abOriginal: `${masteringId}-a.wav`, abMaster: `${masteringId}-b.wav` };
      await appendTrackEvents(plain, id, owner.ownerId, [
        TrackMasteringRequested.create({ trackId: id, masteringId, kind: 'preview', settings }),
        TrackMastered.create({ trackId: id, masteringId, kind: 'preview', settings, files, masterSha256: 'd'.repeat(64), results, inputLufs: -20, inputTruePeakDbtp: -3, elapsedSeconds: 2 }),
        TrackMasteringRequested.create({ trackId: id, masteringId: 'a-newer-run', kind: 'master', settings }),
      ]);
      return { ok: true, value: { masteringId } };
    };
    const response = await plain.app.inject({ method: 'POST', url: '/api/landr/preview', payload: { contentId: trackId, ...settings }, headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, kind: 'preview', results, masteredFilePath: null, previewFilePath: `/uploads/${body.masterId}-p.mp3` });
    // A free preview serves its excerpt only: the run's master and the files beside it, were they on disk, are not served.
    for (const suffix of ['p.mp3', 'm.wav', 'l.wav', 'a.wav', 'b.wav']) await writeFile(plain.storage.storedPath(`${body.masterId}-${suffix}`), sineWav({ seconds: 0.2 }));
    const served = async (suffix: string) => (await plain.app.inject({ method: 'GET', url: `/uploads/${body.masterId}-${suffix}`, headers: { cookie: owner.cookie } })).statusCode;
    expect(await served('p.mp3')).toBe(200);
    for (const suffix of ['m.wav', 'l.wav', 'a.wav', 'b.wav']) expect(await served(suffix)).toBe(404);
  });

  it('answers a check that failed with its reason and the failed check, the stage it stopped at marked failed, not a 504', async () => {
    const owner = await signup(plain);
    const trackId = await clearedTrack(plain, owner.ownerId);
    const reason = 'The audio could not be decoded';
    checkStandIn = async (id, checkId) => {
      await appendTrackEvents(plain, id, owner.ownerId, [
        TrackCopyrightCheckStarted.create({ trackId: id, checkId, storedName: `${id}.wav`, sha256: 'c'.repeat(64) }),
        TrackCopyrightCheckProgressed.create({ trackId: id, checkId, stage: COPYRIGHT_ANALYSIS_STAGES[0], step: 1, state: 'started' }),
        TrackCopyrightCheckFailed.create({ trackId: id, checkId, reason }),
      ]);
      return { ok: false, reason };
    };
    const response = await plain.app.inject({ method: 'POST', url: `/api/copyright-check/${trackId}`, headers: { cookie: owner.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: false, reason, check: { status: 'failed', reason, checkId: expect.any(String) } });
    expect(body.check.checkId).not.toBe('c1');
    expect(body.check.stages.map((stage: { status: string }) => stage.status)).toEqual(['failed', ...Array(COPYRIGHT_ANALYSIS_STAGES.length - 1).fill('pending')]);
  });

  it('refuses at once a check of audio shorter than the oracle can analyse, starting nothing', async () => {
    const owner = await signup(plain);
    const { trackId } = await seedTrack(plain, owner.ownerId, { until: 'probed', durationSeconds: 2 });
    checkStandIn = notExpected;
    const response = await plain.app.inject({ method: 'POST', url: `/api/copyright-check/${trackId}`, headers: { cookie: owner.cookie } });
    expect(response.json()).toEqual({ error: 'The track is 2.0 s long; the copyright check needs at least 3 s of audio' });
    expect(response.statusCode).toBe(409);
  });
});

describe('cross-site requests', () => {
  it('refuses a write carrying the session cookie from a foreign Origin, whatever its content type', async () => {
    const owner = await signup(plain);
    const trackId = await clearedTrack(plain, owner.ownerId);
    const attempts = [
      { method: 'POST' as const, url: `/api/copyright-check/${trackId}`, payload: 'x', headers: { 'content-type': 'text/plain' } },
      { method: 'POST' as const, url: '/api/upload', ...multipartBody({ title: 'x', contentType: 'music' }, { filename: 'a.wav', content: sineWav({ seconds: 0.2 }) }) },
      { method: 'POST' as const, url: '/api/auth/logout', headers: {} },
    ];
    for (const { headers, ...attempt } of attempts) {
      const response = await plain.app.inject({ ...attempt, headers: { ...headers, cookie: owner.cookie, origin: 'https://evil.example' } });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Cross-site request refused: https://evil.example is not this site' });
    }
    const noOrigin = await plain.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: owner.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(noOrigin.statusCode).toBe(403);
    // The session survived every attempt.
    expect((await plain.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
  });

  it('accepts the site\'s own origin: the one the request was addressed to, or PUBLIC_URL', async () => {
    const owner = await signup(plain);
    const sameOrigin = await plain.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: owner.cookie, host: 'goose.local:3000', origin: 'http://goose.local:3000' } });
    expect(sameOrigin.statusCode).toBe(200);
    const proxiedOwner = await signup(proxied);
    const configured = await proxied.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: proxiedOwner.cookie, host: 'internal:3000', origin: 'https://goose.example' } });
    expect(configured.statusCode).toBe(200);
  });

  it('compares the whole origin: another scheme or another port of the same host is another site', async () => {
    const owner = await signup(plain);
    const logout = (headers: Record<string, string>) => plain.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: owner.cookie, ...headers } });
    const https = await logout({ host: 'goose.local:3000', origin: 'https://goose.local:3000' });
    expect(https.statusCode).toBe(403);
    expect(https.json()).toEqual({ error: 'Cross-site request refused: https://goose.local:3000 is not this site' });
    expect((await logout({ host: 'goose.local:3000', origin: 'http://goose.local:3001' })).statusCode).toBe(403);
    expect((await logout({ host: 'goose.local', origin: 'https://goose.local' })).statusCode).toBe(403);
    // A forwarded scheme counts only from a trusted proxy: here no proxy is trusted.
    expect((await logout({ host: 'goose.local', origin: 'https://goose.local', 'x-forwarded-proto': 'https' })).statusCode).toBe(403);
    expect((await logout({ host: 'goose.local:3000', origin: 'null' })).statusCode).toBe(403);
    expect((await plain.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: owner.cookie } })).statusCode).toBe(200);
    expect((await logout({ host: 'goose.local:80', origin: 'http://goose.local' })).statusCode).toBe(200);
  });

  it('accepts an https site behind a trusted proxy that says so in X-Forwarded-Proto', async () => {
    const owner = await signup(proxied);
    const logout = (headers: Record<string, string>) => proxied.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: owner.cookie, ...headers } });
    expect((await logout({ host: 'mirror.goose.example', origin: 'https://mirror.goose.example' })).statusCode).toBe(403);
    expect((await logout({ host: 'mirror.goose.example', origin: 'https://mirror.goose.example', 'x-forwarded-proto': 'https' })).statusCode).toBe(200);
  });

  it('refuses a websocket opened from another site and accepts one from this site', async () => {
    const owner = await signup(plain);
    await plain.app.ready();
    await expect(plain.app.injectWS('/api/ws', { headers: { cookie: owner.cookie, origin: 'https://evil.example' } })).rejects.toThrow(/403/);
    const socket = await plain.app.injectWS('/api/ws', { headers: { cookie: owner.cookie, host: 'localhost:80', origin: 'http://localhost:80' } });
    socket.terminate();
  });
});

describe('headers', () => {
  it('sends a content security policy that forbids framing, and HSTS only over https', async () => {
    const page = await plain.app.inject({ method: 'GET', url: '/api/certificate-key' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(page.headers['strict-transport-security']).toBeUndefined();
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const secure = await proxied.app.inject({ method: 'GET', url: '/api/certificate-key' });
    expect(secure.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });

  it('lets only the /verify page connect to a ledger server over wss:', async () => {
    const connectSrc = async (url: string) => String((await plain.app.inject({ method: 'GET', url })).headers['content-security-policy']).split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(await connectSrc('/verify/GOOSE-CERT-1A2B?x=1')).toMatch(/ wss:$/);
    expect(await connectSrc('/verify')).toMatch(/ wss:$/);
    expect(await connectSrc('/dashboard')).not.toContain('wss:');
    expect(await connectSrc('/verifyx')).not.toContain('wss:');
  });

  it('serves a private file with Cache-Control private', async () => {
    const owner = await signup(plain);
    const { trackId, storedName } = await seedTrack(plain, owner.ownerId, { until: 'stored' });
    await writeFile(plain.storage.storedPath(storedName), sineWav({ seconds: 0.2 }));
    const served = await plain.app.inject({ method: 'GET', url: `/uploads/${trackId}.wav`, headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
  });
});
