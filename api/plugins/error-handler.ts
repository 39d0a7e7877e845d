// The one place errors become HTTP answers: domain error kinds map to statuses, request
// validation to 400, and every answer carries an `error` field saying what is wrong. 5xx details
// are logged with the request's context and hidden from the client.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DomainError } from '../../domain/shared/errors';

const STATUS_BY_KIND: Record<DomainError['kind'], number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  illegal_state: 409,
  not_found: 404,
  concurrency: 412,
  payment_required: 402,
};

/** What the multipart parser (busboy) throws for a body that is not the form its header announced. */
const MALFORMED_MULTIPART = /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data)/;

/** An error with a chosen status and client-facing message (e.g. 413 file too large, 503 service off); a 500's message is logged, not sent. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** spaRoot: the built web app; unknown GET pages outside /api and /uploads load its index.html. */
export function registerErrorHandler(app: FastifyInstance, spaRoot: string | null = null): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue?.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid request';
      return reply.status(400).send({ error: message });
    }
    if (error instanceof DomainError) return reply.status(STATUS_BY_KIND[error.kind]).send({ error: error.message });
    if (error instanceof HttpError) {
      if (error.statusCode < 500) return reply.status(error.statusCode).send({ error: error.message });
      // A chosen 5xx (a service off or unreachable, a wait timed out) is a condition to watch; a 500 is a fault.
      const level = error.statusCode === 500 ? 'error' : 'warn';
      request.log[level]({ err: error, statusCode: error.statusCode, method: request.method, url: request.url }, 'request failed');
      // A chosen 5xx answer (unavailable, timed out) tells the client what to do; a 500 is a fault
      // whose details stay in the log.
      return reply.status(error.statusCode).send({ error: error.statusCode === 500 ? 'Internal server error' : error.message });
    }
    if (MALFORMED_MULTIPART.test(error.message)) return reply.status(400).send({ error: `Malformed multipart form: ${error.message}` });
    const statusCode = (error as FastifyError).statusCode;
    if (statusCode && statusCode >= 400 && statusCode < 500) {
      return reply.status(statusCode).send({ error: error.message });
    }
    request.log.error({ err: error, method: request.method, url: request.url }, 'request failed');
    return reply.status(500).send({ error: 'Internal server error' });
  });

  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/uploads/') && !request.url.startsWith('/media/');
    if (spaRoot && isPage) return reply.type('text/html').sendFile('index.html', spaRoot);
    return reply.status(404).send({ error: `No route for ${request.method} ${request.url}` });
  });
}
