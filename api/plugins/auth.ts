// Session authentication: reads the session cookie on every request and exposes the signed-in
// user's id. Routes that need a user call `requireUserId`; routes that need a role call
// `requireRole`, which reads the user's roles from their events (RolesOf) on every call.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/contracts/roles';
import type { RolesOf, Viewer } from '../../domain/identity/ports';
import { ForbiddenError, UnauthorizedError } from '../../domain/shared/errors';
import { SESSION_TTL_MS, type SessionStore } from '../../infra/auth/session-store';
import { HttpError } from './error-handler';

export const SESSION_COOKIE = 'goose_session';

declare module 'fastify' {
  interface FastifyRequest {
    userId: string | null;
    /** The public id of the session the request came with (settings: marked current, kept on a password change). */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** The signed-in user's name and roles, from their events (the auth plugin's RolesOf). */
    rolesOf: RolesOf;
  }
}

export interface AuthOptions {
  sessions: SessionStore;
  secureCookies: boolean;
  rolesOf: RolesOf;
}

export const authPlugin = fp<AuthOptions>(
  async (app: FastifyInstance, { sessions, rolesOf }) => {
    app.decorate('rolesOf', rolesOf);
    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      const session = token ? await sessions.sessionFor(token) : null;
      request.userId = session?.userId ?? null;
      request.sessionId = session?.sessionId ?? null;
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);

export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new UnauthorizedError('Not signed in');
  return request.userId;
}

/** The signed-in user with their roles (creator always among them); null when signed out or the account is gone. */
export async function viewerOf(request: FastifyRequest): Promise<Viewer | null> {
  if (!request.userId) return null;
  return request.server.rolesOf(request.userId);
}

/**
 * The signed-in user, when they hold at least one of `roles`: 401 "Not signed in" when signed out,
 * 403 "This needs the <role> role" when they hold none of them.
 */
export async function requireRole(request: FastifyRequest, ...roles: Role[]): Promise<Viewer> {
  const viewer = await viewerOf(request);
  if (!viewer) throw new UnauthorizedError('Not signed in');
  if (!roles.some((role) => viewer.roles.includes(role))) throw new ForbiddenError(`This needs the ${roles.join(' or ')} role`);
  return viewer;
}

/**
 * The operator behind an operator call, by name: a signed-in user with the operator role (their
 * username), or, as a bootstrap for scripts, the shared OPS_TOKEN in X-Operator-Token (the name in
 * X-Operator-Name, else "operator"). A wrong token is a 401 (and counted by the operator throttle).
 */
export async function requireOperator(request: FastifyRequest): Promise<string> {
  const token = request.headers['x-operator-token'];
  if (token === undefined) return (await requireRole(request, 'operator')).username;
  const expected = process.env.OPS_TOKEN;
  if (!expected) throw new HttpError(503, 'The operator token is off: set OPS_TOKEN on the server, or sign in as a user with the operator role');
  const a = Buffer.from(typeof token === 'string' ? token : '');
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw new UnauthorizedError('A valid X-Operator-Token header is required');
  const name = request.headers['x-operator-name'];
  return typeof name === 'string' && name.trim() ? name.trim().slice(0, 100) : 'operator';
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
