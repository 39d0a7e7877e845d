// What every request passes before a route sees it:
// - Cross-site writes are refused. A browser names the page that made a request in `Origin` (and
//   `Sec-Fetch-Site`); a write or a websocket from another site is refused whatever its content
//   type, since SameSite=Lax alone lets some through. Clients that are not browsers send neither
//   header and are not affected.
// - Text reaches the domain without control characters: a NUL or an escape code in a title, a
//   query or an id is refused with a 400 naming the field, never stored or handed to a workflow.
// - An empty JSON body counts as no body, so a route whose body has defaults works without one.
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { ValidationError } from '../../domain/shared/errors';
import { HttpError } from './error-handler';

/**
 * The zod validator, except that a missing body reaches the schema as undefined (Fastify hands
 * validators null), so a body schema's defaults apply to a request without one.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = (validatorCompiler as FastifySchemaCompiler<unknown>)(route);
  if (route.httpPart !== 'body') return validate;
  return (data) => validate(data === null ? undefined : data);
};

export interface RequestGuardOptions {
  /** The configured public origin (PUBLIC_URL), accepted besides the origin the request was addressed to. */
  publicUrl: string | null;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** C0 controls but tab, line feed and carriage return; DEL; the C1 controls. */
// eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** The dotted path of the first string under `value` that holds a control character, or null. */
export function controlCharacterAt(value: unknown, at: string): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? at : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = controlCharacterAt(item, `${at}.${index}`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      const found = controlCharacterAt(key, at) ?? controlCharacterAt(item, `${at}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses text holding control characters, naming the field. */
export function refuseControlCharacters(value: unknown, at: string): void {
  const found = controlCharacterAt(value, at);
  if (found) throw new ValidationError(`${found}: must not contain control characters`);
}

function isCrossSite(request: FastifyRequest, publicUrl: string | null): { origin: string } | null {
  const origin = request.headers.origin;
  if (origin) {
    const claimed = originOf(origin);
    if (claimed && publicUrl && claimed === new URL(publicUrl).origin) return null;
    // The origin the request was addressed to: scheme, host and port, all three. A browser sets the
    // host and a page on another site cannot; the scheme is the connection's, or X-Forwarded-Proto
    // from a proxy that TRUST_PROXY names. An https page is another origin than the http site.
    // Fastify knows no protocol for a request without a socket (an injected upgrade): plain http.
    const protocol = (request.protocol as string | undefined) ?? 'http';
    return claimed && claimed === originOf(`${protocol}://${request.host}`) ? null : { origin };
  }
  return request.headers['sec-fetch-site'] === 'cross-site' ? { origin: 'another site' } : null;
}

/** scheme://host[:port] of a URL, its scheme's default port dropped; null for what is not a URL (e.g. "null"). */
function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export const requestGuard = fp<RequestGuardOptions>(
  async (app: FastifyInstance, { publicUrl }) => {
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      if ((body as string).trim() === '') return done(null, undefined);
      parseJson(request, body as string, done);
    });

    app.addHook('onRequest', async (request) => {
      const isWebsocket = request.headers.upgrade?.toLowerCase() === 'websocket';
      if (SAFE_METHODS.has(request.method) && !isWebsocket) return;
      const crossSite = isCrossSite(request, publicUrl);
      if (crossSite) throw new HttpError(403, `Cross-site request refused: ${crossSite.origin} is not this site`);
    });

    app.addHook('preValidation', async (request) => {
      refuseControlCharacters(request.params, 'params');
      refuseControlCharacters(request.query, 'query');
      refuseControlCharacters(request.body, 'body');
    });
  },
  { name: 'request-guard' },
);
