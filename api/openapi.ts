// The OpenAPI 3.1 document of the whole API, generated from the zod schemas the routes validate
// with (so it cannot drift from what the server accepts and answers), served at
// /api/openapi.json, with a reference page at /api/docs. Every operation is documented with the
// error answer every route shares ({ error }), and whether it needs the session cookie.
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_KEY_HEADER } from '../domain/developer/api-tiers';
import { SESSION_COOKIE } from './plugins/auth';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/** The groups operations are listed under on the reference page. */
export const API_TAGS = {
  auth: 'Accounts and sessions',
  upload: 'Uploading content',
  vault: 'The vault and stored files',
  mastering: 'Mastering',
  creation: 'The creation studio: lyrics',
  copyright: 'The copyright check, registration and certificates',
  tokens: 'Tokens: prices, balance, history and payments',
  receivers: 'Royalty receivers and their invitations',
  distribution: 'Distribution: stores, genres, releases, takedowns, release packages, sales statements and royalties',
  contracts: 'Royalty contracts, payouts and their history',
  licensing: 'The licensing marketplace: offers, purchases, licenses and sales',
  disputes: 'Dispute management and the review of copyright holds: cases, evidence, messages, resolutions, appeals and their history',
  proofs: 'The proof explorer: proofs of creation and licensing, their bundles and evidence',
  registry: 'The public rights registry: registered works, their identifiers and evidence',
  developer: 'The developer API: keys, usage and pricing',
  notifications: 'Notifications: the bell, the list, read state, preferences and the mail unsubscribe',
  analytics: "The creator's analytics overview",
  legal: 'The legal documents, the acceptance of the terms, and the FAQ',
  support: 'The support centre: tickets, their messages and attachments, the support queue, canned replies and the grounded support agent',
  streaming: 'The waiting list of the planned per-stream streaming platform: join, confirm, status and stats',
  references: "Rights holders' reference catalogues: deliveries of reference recordings, their progress, the references",
  public: 'Public verification',
  v1: 'The external API, called with an X-API-Key header',
  operations: 'Operators',
  platform: 'Health',
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** A route that takes no body: none, or an empty JSON object. */
export const noBody = z.object({}).optional();

/** The body of a file or a stream rather than JSON. */
export const binarySchema = z.string().meta({ format: 'binary' });

/** A response that is a file or a stream rather than JSON. */
export function fileResponse(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: binarySchema } } };
}

const MULTIPART_FORM = 'x-multipart-form';

/**
 * For a route that takes JSON or a multipart form (`consumes` both): the form's own fields, so the
 * document does not describe the form with the JSON body's schema. Spread into the route's schema.
 */
export function multipartForm(form: z.ZodType): { [MULTIPART_FORM]: unknown } {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(form, { io: 'input' });
  return { [MULTIPART_FORM]: schema };
}

/** Puts each route's declared multipart form in place of the JSON body's schema under multipart/form-data. */
function withMultipartForms(document: OpenApiDocument): OpenApiDocument {
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const form = operation[MULTIPART_FORM];
      if (!form) continue;
      delete operation[MULTIPART_FORM];
      const content = operation.requestBody?.content;
      if (content?.['multipart/form-data']) content['multipart/form-data'] = { schema: form };
    }
  }
  return document;
}

/** For operations anyone may call: no session cookie. */
export const PUBLIC: { security: [] } = { security: [] };

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string', description: 'What is wrong, in words a person can act on' } },
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'GOOSE API',
        version: '1.0.0',
        description:
          'Upload, master, copyright-check and register music. Signed-in calls carry the session cookie that sign-up and login set; writes from a browser must come from this site (Origin). Every error answer is a JSON object with an `error` field.',
      },
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by POST /api/auth/signup and POST /api/auth/login' },
          operatorToken: { type: 'apiKey', in: 'header', name: 'X-Operator-Token', description: 'The OPS_TOKEN configured on the server' },
          apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description: 'A developer API key (gk_…), created on the Developer tab or with POST /api/developer/keys; the v1 routes take it instead of the session' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (document) => withTextRule(withErrorAnswers(withMultipartForms(jsonSchemaTransformObject(document) as OpenApiDocument))),
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true }, logLevel: 'warn' });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}

interface OpenApiOperation {
  responses?: Record<string, unknown>;
  [MULTIPART_FORM]?: unknown;
  parameters?: { schema?: unknown }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, OpenApiOperation>>;
  [key: string]: unknown;
}

/** The request guard's rule (api/plugins/request-guard.ts) as a pattern: no control characters. */
const NO_CONTROL_CHARACTERS = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$';

/** States on every free-text string a request carries that control characters are refused. */
function withTextRule(document: OpenApiDocument): OpenApiDocument {
  const visit = (schema: unknown): void => {
    if (!schema || typeof schema !== 'object') return;
    const node = schema as Record<string, unknown>;
    const freeText = node.type === 'string' && !('pattern' in node) && !('enum' in node) && !('const' in node) && !('format' in node);
    if (freeText) node.pattern = NO_CONTROL_CHARACTERS;
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(visit);
      else visit(value);
    }
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      operation.parameters?.forEach((parameter) => visit(parameter.schema));
      Object.values(operation.requestBody?.content ?? {}).forEach((media) => visit(media.schema));
    }
  }
  return document;
}

/** Adds the shared `{ error }` answer for 4XX and 5XX to every operation that does not name its own. */
function withErrorAnswers(document: OpenApiDocument): OpenApiDocument {
  const error = (description: string) => ({ description, content: { 'application/json': { schema: errorSchema } } });
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      operation.responses = { '4XX': error('The request was refused; `error` says why'), '5XX': error('The server or a service it needs failed; `error` says what to do'), ...operation.responses };
    }
  }
  return document;
}
