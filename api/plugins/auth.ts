// Session authentication: reads the session cookie on every request and exposes the signed-in
// user's id. Routes that need a user call `requireUserId`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { UnauthorizedError } from '../../domain/shared/errors';
import { SESSION_TTL_MS, type SessionStore } from '../../infra/auth/session-store';

export const SESSION_COOKIE = 'goose_session';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string | null;
  }
}

export interface AuthOptions {
  sessions: SessionStore;
  secureCookies: boolean;
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, { sessions }) => {
    app.decorateRequest('userId', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      request.userId = token ? await sessions.userIdFor(token) : null;
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new UnauthorizedError('Not signed in');
  return request.userId;
}

/** Secure when configured, and whenever the request came over https (directly or through a trusted proxy). */
function secureFor(reply: FastifyReply, secureCookies: boolean): boolean {
  return secureCookies || reply.request.protocol === 'https';
}

export function setSessionCookie(reply: FastifyReply, token: string, secureCookies: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureFor(reply, secureCookies),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secureCookies: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: secureFor(reply, secureCookies), path: '/' });
}
