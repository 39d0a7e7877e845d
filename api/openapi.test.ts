// The API document: every route the app serves declares its schemas (so the document, the
// validation and the answers are one thing), and the document at /api/openapi.json lists them all.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../tests/support/test-app';
import { API_DOCS_PATH, API_TAGS, OPENAPI_PATH } from './openapi';
import type { RouteEntry } from './route-table';

let testApp: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'goose-openapi-'));
  const unused = async (): Promise<never> => {
    throw new Error('not called');
  };
  testApp = await startTestApp(dataDir, { start: unused, master: unused, startMaster: unused, check: unused, register: unused, retryRegistration: unused });
  await testApp.app.ready();
});

afterAll(async () => {
  await testApp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The API's own routes: not the reference page's, the document itself or the websocket. */
function documentedRoutes(): RouteEntry[] {
  return testApp.app.routeTable.filter((route) => !route.websocket && !route.schema?.hide && !route.url.startsWith(API_DOCS_PATH));
}

/** What a route lacks of its schemas, in words. */
function missingSchemas(route: RouteEntry): string[] {
  const schema = route.schema ?? {};
  const missing: string[] = [];
  if (!schema.summary) missing.push('summary');
  if (!schema.tags?.length || !schema.tags.every((tag) => tag in API_TAGS)) missing.push(`tags (one of ${Object.keys(API_TAGS).join(', ')})`);
  const responses = Object.keys((schema.response as Record<string, unknown> | undefined) ?? {});
  if (!responses.some((status) => /^2\d\d$/.test(status))) missing.push('a success response');
  if (route.url.includes(':') && !schema.params) missing.push('params');
  if (['POST', 'PUT', 'PATCH'].includes(route.method) && !schema.body) missing.push('body (noBody when it takes none)');
  return missing;
}

describe('the API document', () => {
  it('has every route declare its summary, tags, params, body and success response', () => {
    const routes = documentedRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const lacking = routes.map((route) => [`${route.method} ${route.url}`, missingSchemas(route)] as const).filter(([, missing]) => missing.length > 0);
    expect(Object.fromEntries(lacking)).toEqual({});
  });

  it('serves an OpenAPI 3.1 document listing every route with its answers, the shared error answer and who may call it', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.securitySchemes)).toEqual(['session', 'operatorToken', 'apiKey']);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    for (const path of ['/api/v1/oracle/analyze', '/api/v1/smart-contracts/create']) expect(document.paths[path].post.security).toEqual([{ apiKey: [] }]);
    // The v1 analysis takes JSON or a form, each documented with its own fields.
    const analyze = document.paths['/api/v1/oracle/analyze'].post;
    expect(analyze.requestBody.content['application/json'].schema.required).toEqual(['contentId']);
    expect(analyze.requestBody.content['multipart/form-data'].schema).toMatchObject({ required: ['file'], properties: { file: { format: 'binary' } } });
    expect(analyze['x-multipart-form']).toBeUndefined();
    for (const route of documentedRoutes()) {
      const documentPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      const operation = document.paths[documentPath]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url} in the document`).toBeDefined();
      expect(operation.summary).toBe(route.schema!.summary);
      expect(operation.responses['4XX'].content['application/json'].schema.required).toEqual(['error']);
      for (const name of route.url.match(/:([A-Za-z]+)/g) ?? []) {
        expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain(`path:${name.slice(1)}`);
      }
    }
    expect(document.paths['/api/verify/{certificateId}'].get.security).toEqual([]);
    // Password recovery is for someone who cannot sign in.
    for (const path of ['/api/auth/password-reset', '/api/auth/password-reset/confirm']) expect(document.paths[path].post.security).toEqual([]);
    expect(document.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('email');
    expect(document.paths['/api/vault'].get.security).toBeUndefined();
    expect(document.security).toEqual([{ session: [] }]);
    expect(document.paths['/api/upload'].post.requestBody.content['multipart/form-data'].schema.properties.file).toEqual(expect.objectContaining({ format: 'binary' }));
  });

  it('serves the reference page under the same content security policy as the web app', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
