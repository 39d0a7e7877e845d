// Sign-in through the QXMP Pay widget. The web asks for a nonce,
// opens the provider's widget with it, and posts back the provider's signed assertion; we verify
// it (infra/qxmp-pay/assertion.ts), consume the nonce, find or create the user linked to the
// provider's subject, and start a session like login. Without QXMP_PAY_ORIGIN and
// QXMP_PAY_PUBLIC_KEY the routes answer 503 and /api/auth/providers says so.
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authResponseSchema, type User } from '../../../domain/contracts/auth';
import { authProvidersSchema, qxmpPayNonceSchema, qxmpPaySignInSchema } from '../../../domain/contracts/qxmp-pay';
import { QxmpPaySubjectLinked, qxmpPaySubjectStreamId, USERNAME_PATTERN, userStreamId } from '../../../domain/identity/user.events';
import { ConcurrencyError, IllegalStateError, UnauthorizedError } from '../../../domain/shared/errors';
import { hashPassword } from '../../../infra/auth/password';
import { SignInNonces } from '../../../infra/auth/sign-in-nonces';
import { AssertionRejected, QxmpPayAssertions, type QxmpPayIdentity } from '../../../infra/qxmp-pay/assertion';
import { ACCOUNT_DELETED, findUserById, isDeletedUser } from '../../../projections/users/queries';
import { setSessionCookie } from '../../plugins/auth';
import { HttpError } from '../../plugins/error-handler';
import { PUBLIC } from '../../openapi';
import { registerAccount } from './index';

const NONCE_PROVIDER = 'qxmp-pay';
export const QXMP_PAY_NOT_CONFIGURED = 'Sign-in with QXMP Pay is not configured on this server';
/** Suffixed usernames tried when the provider's username is taken here. */
const USERNAME_ATTEMPTS = 5;

export const qxmpPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.services;
  const { db, eventStore, sessions, secureCookies, publicOrigin } = deps;
  const assertions = deps.qxmpPay ? new QxmpPayAssertions(deps.qxmpPay) : null;
  const nonces = new SignInNonces(db);
  const configured = () => {
    if (!assertions) throw new HttpError(503, QXMP_PAY_NOT_CONFIGURED);
    return assertions;
  };

  app.get(
    '/api/auth/providers',
    { schema: { summary: 'The outside sign-in providers this server offers', tags: ['auth'], ...PUBLIC, response: { 200: authProvidersSchema } } },
    () => ({
      qxmpPay: { configured: assertions !== null, origin: deps.qxmpPay?.origin ?? null, widgetUrl: deps.qxmpPay?.widgetUrl ?? null },
    }),
  );

  app.get(
    '/api/auth/qxmp-pay/nonce',
    { schema: { summary: 'A single-use nonce for the QXMP Pay widget, and the widget address (503 when not configured)', tags: ['auth'], ...PUBLIC, response: { 200: qxmpPayNonceSchema } } },
    async (_request, reply) => {
      const { config } = configured();
      reply.header('Cache-Control', 'no-store');
      return { nonce: await nonces.issue(NONCE_PROVIDER), widgetUrl: config.widgetUrl };
    },
  );

  app.post(
    '/api/auth/qxmp-pay',
    {
      schema: {
        summary: 'Sign in with the assertion the QXMP Pay widget signed; creates the account on first sign-in (401 when the assertion is refused, 503 when not configured)',
        tags: ['auth'],
        ...PUBLIC,
        body: qxmpPaySignInSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request, reply) => {
      let identity: QxmpPayIdentity;
      try {
        identity = await configured().verify(request.body.assertion, publicOrigin());
      } catch (error) {
        if (error instanceof AssertionRejected) throw new UnauthorizedError(error.message);
        throw error;
      }
      if (!(await nonces.consume(NONCE_PROVIDER, identity.nonce))) {
        throw new UnauthorizedError('The QXMP Pay sign-in was already used or was not started here; please sign in again');
      }
      const context = { correlationId: request.id, actor: `qxmp-pay:${identity.subject}` };
      const userId = await linkedUserId(identity, context);
      if (await isDeletedUser(db, userId)) throw new UnauthorizedError(ACCOUNT_DELETED);
      const user = (await findUserById(db, userId, deps.knowledge.termsVersion)) ?? (await registerLinkedUser(userId, identity, context));
      const session = await sessions.create(user.id, new Date(), request.headers['user-agent'] ?? null);
      setSessionCookie(reply, session.token, secureCookies);
      request.log.info({ userId: user.id }, 'user signed in with QXMP Pay');
      return { user };
    },
  );

  /** The user the subject is linked to; a first sign-in links it to a new user id. */
  async function linkedUserId(identity: QxmpPayIdentity, context: { correlationId: string; actor: string }): Promise<string> {
    const streamId = qxmpPaySubjectStreamId(identity.subject);
    const existing = await eventStore.readStream(streamId);
    if (existing.length > 0) return (existing[0]!.data as { userId: string }).userId;
    const userId = randomUUID();
    try {
      await eventStore.append(
        streamId,
        [
          {
            eventId: randomUUID(),
            ...QxmpPaySubjectLinked.create({ subject: identity.subject, userId, wallet: identity.wallet }),
            metadata: { ...context, causationId: null, workflowId: null, occurredAt: new Date().toISOString() },
          },
        ],
        'no_stream',
      );
      return userId;
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      // A simultaneous first sign-in of the same subject linked it first: sign in as that user.
      return ((await eventStore.readStream(streamId))[0]!.data as { userId: string }).userId;
    }
  }

  /**
   * Registers the linked user through the signup path, under the provider's username or, when it
   * is taken here, a suffixed one. The account has a password no one knows: it signs in through
   * QXMP Pay. Also finishes a registration that stopped after the link was written.
   */
  async function registerLinkedUser(userId: string, identity: QxmpPayIdentity, context: { correlationId: string; actor: string }): Promise<User> {
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const base = usernameBase(identity.username);
    for (let attempt = 0; attempt < USERNAME_ATTEMPTS; attempt += 1) {
      const username = attempt === 0 ? base : `${base.slice(0, 27)}-${randomBytes(2).toString('hex')}`;
      try {
        return await registerAccount(deps, { userId, username, passwordHash }, context);
      } catch (error) {
        // With a user id no one else registers, the only refusal is a taken username, unless a
        // simultaneous sign-in of the same subject registered this user meanwhile.
        if (!(error instanceof IllegalStateError)) throw error;
        if ((await eventStore.readStream(userStreamId(userId))).length > 0) {
          throw new IllegalStateError('This QXMP Pay account is being signed in elsewhere at this moment; please try again');
        }
      }
    }
    throw new IllegalStateError('Could not find a free username for this QXMP Pay account; please try again');
  }
};

/** The provider's username in our username rules (3-32 letters, digits, dots, dashes, underscores). */
export function usernameBase(providerUsername: string): string {
  const cleaned = providerUsername.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 32);
  const padded = cleaned.length >= 3 ? cleaned : `${cleaned}${'_'.repeat(3 - cleaned.length)}`;
  return USERNAME_PATTERN.test(padded) ? padded : 'qxmp_user';
}
