// The websocket hub at /api/ws: each signed-in browser gets the committed read-model changes that
// belong to its user, and nothing else. Fed by the projector after each commit. Operators' browsers
// also hear `operations` when a ledger step fails or is retried anywhere (the operations page);
// the role is checked when the socket opens and again before each such message. Support users'
// browsers hear every change marked for their role (`alsoToRole`: the support queue), checked the same way.
// An account an operator suspends has its open sockets closed at once.
// A browser that reconnects gives the last seq it saw (`?after=`): the hub holds the socket's live
// messages, replays the user's logged changes after that seq (the same rules as live), then sends
// what it held, leaving out what it has just replayed: nothing is missed or told twice. When the API process
// stops, every socket closes with 1012 (service restart) and the browsers resume elsewhere.
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { ACCOUNT_SUSPENDED_CLOSE_CODE, REALTIME_PATH, RESUME_AFTER_PARAM, SERVICE_RESTART_CLOSE_CODE, type RealtimeMessage } from '../../domain/contracts/realtime';
import type { RolesOf } from '../../domain/identity/ports';
import { logger } from '../../infra/logger/logger';
import { changeLogReader, type ChangeLogReader } from '../../projections/read-model-change-log';
import type { ReadModelFeed } from '../../projections/read-model-feed';
import type { ReadModelChange } from '../../projections/projection';

/** The events that change what the operations page lists (api/routes/operations). */
const OPERATIONS_EVENTS = new Set([
  'TrackRegistrationFailed',
  'TrackRegistrationRetryRequested',
  'TrackRegistrationSubmitted',
  'RoyaltyContractAnchorStatusRecorded',
  'RoyaltyPayoutLinePaid',
  // Payable money: claimed, funded and released per partner and period.
  'PartnerFundsReceived',
  'PayableClaimsRecorded',
  'PayableEarningsReleased',
]);

/** A suspended account hears nothing more: its open sockets close (its sessions ended with it). */
const SUSPENDS_ACCOUNT = 'UserSuspended';

/** The roles whose holders hear more than their own changes. */
type ListeningRole = 'operator' | 'support';
const LISTENING_ROLES: readonly ListeningRole[] = ['operator', 'support'];

type EventMessage = Extract<RealtimeMessage, { type: 'event' }>;

/** One logged change's message to one socket: its seq and read model (an operator who owns the change hears it twice, as two read models). */
const replayKey = (message: EventMessage): string => `${message.seq}:${message.readModel}`;

function eventMessage(change: ReadModelChange): EventMessage {
  return {
    type: 'event',
    readModel: change.readModel,
    streamId: change.streamId,
    eventType: change.eventType,
    subjectId: change.subjectId,
    workflowId: change.workflowId,
    recordedAt: change.recordedAt,
    seq: change.seq ?? null,
  };
}

export class RealtimeHub {
  private readonly socketsByUser = new Map<string, Set<WebSocket>>();
  /** Users who held each listening role when their socket opened. */
  private readonly holders: Record<ListeningRole, Set<string>> = { operator: new Set(), support: new Set() };
  /** Live messages of sockets not started yet (their roles being read, their missed changes replayed). */
  private readonly held = new WeakMap<WebSocket, RealtimeMessage[]>();
  /** Per socket, the replayed messages whose live copy has not come yet: it is dropped when it comes. */
  private readonly replayed = new WeakMap<WebSocket, Set<string>>();

  /**
   * `rolesOf`: checks an operator still holds the role before an operations message; absent, no operations messages.
   * `log`: the change log a reconnecting browser resumes from; absent, browsers refetch after a reconnect.
   */
  constructor(
    private readonly rolesOf?: RolesOf,
    private readonly log?: ChangeLogReader,
  ) {}

  /** Registers a socket at once, so it misses no change; its messages are held until `start`. */
  add(userId: string, socket: WebSocket): void {
    const sockets = this.socketsByUser.get(userId) ?? new Set();
    sockets.add(socket);
    this.socketsByUser.set(userId, sockets);
    this.held.set(socket, []);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) {
        this.socketsByUser.delete(userId);
        for (const users of Object.values(this.holders)) users.delete(userId);
      }
    });
  }

  /** Marks a connected user as holding the listening roles among `roles` (after their roles were read); ignored once they left. */
  addRoleHolder(userId: string, roles: readonly string[]): void {
    if (!this.socketsByUser.has(userId)) return;
    for (const role of LISTENING_ROLES) if (roles.includes(role)) this.holders[role].add(userId);
  }

  /**
   * Says hello, replays the user's changes after `after` (when given and still logged), then sends
   * the live messages held meanwhile but those just replayed, and lets the socket go live.
   */
  async start(socket: WebSocket, userId: string, { roles, after }: { roles: readonly string[]; after: number | null }): Promise<void> {
    const listening = LISTENING_ROLES.filter((role) => roles.includes(role) && this.rolesOf);
    let head: number | null = null;
    let missed: ReadModelChange[] | null = null;
    try {
      head = (await this.log?.head()) ?? null;
      if (after !== null && this.log) missed = (await this.log.replay(after, { userId, roles: listening, operationsEvents: OPERATIONS_EVENTS }))?.map((logged) => logged.change) ?? null;
    } catch (error) {
      logger.warn({ err: error, userId }, 'change log not read for a realtime socket: the browser refetches instead');
      missed = null;
    }
    const held = this.held.get(socket) ?? [];
    this.held.delete(socket);
    this.send(socket, { type: 'hello', userId, seq: head, resumed: missed !== null });
    const replayed = new Set<string>();
    for (const change of missed ?? []) {
      for (const message of this.messagesFor(change, userId, listening)) {
        this.send(socket, message);
        replayed.add(replayKey(message));
      }
    }
    for (const message of held) if (!(message.type === 'event' && replayed.delete(replayKey(message)))) this.send(socket, message);
    if (replayed.size > 0) this.replayed.set(socket, replayed);
  }

  /** What `userId` (holding `roles`) is told of `change`, by the same rules as live publishing. */
  private messagesFor(change: ReadModelChange, userId: string, roles: readonly ListeningRole[]): EventMessage[] {
    const messages: EventMessage[] = [];
    if (change.ownerId === userId) messages.push(eventMessage(change));
    if (roles.includes('operator') && OPERATIONS_EVENTS.has(change.eventType)) messages.push(eventMessage({ ...change, readModel: 'operations' }));
    if (change.alsoToRole && roles.includes(change.alsoToRole) && change.ownerId !== userId) messages.push(eventMessage(change));
    return messages;
  }

  publish(change: ReadModelChange): void {
    this.publishToOwner(change);
    if (change.eventType === SUSPENDS_ACCOUNT) {
      for (const socket of this.socketsByUser.get(change.ownerId) ?? []) socket.close(ACCOUNT_SUSPENDED_CLOSE_CODE, 'Account suspended');
    }
    if (OPERATIONS_EVENTS.has(change.eventType)) void this.publishToRole('operator', { ...change, readModel: 'operations' });
    if (change.alsoToRole) void this.publishToRole(change.alsoToRole, change);
  }

  /** Tells each connected holder of `role` (but the change's owner, told already) who still holds it. */
  private async publishToRole(role: ListeningRole, change: ReadModelChange): Promise<void> {
    const { rolesOf } = this;
    if (!rolesOf) return;
    for (const userId of [...this.holders[role]]) {
      if (userId === change.ownerId && change.readModel !== 'operations') continue;
      const viewer = await rolesOf(userId).catch(() => null);
      if (!viewer?.roles.includes(role)) {
        this.holders[role].delete(userId);
        continue;
      }
      this.publishToOwner({ ...change, ownerId: userId });
    }
  }

  private publishToOwner(change: ReadModelChange): void {
    const sockets = this.socketsByUser.get(change.ownerId);
    if (!sockets) return;
    const message = eventMessage(change);
    for (const socket of sockets) this.deliver(socket, message);
  }

  /** Closes every socket: the process is stopping, and its browsers reconnect at once to another and resume. */
  closeAll(): void {
    for (const sockets of this.socketsByUser.values()) for (const socket of sockets) socket.close(SERVICE_RESTART_CLOSE_CODE, 'service restart');
  }

  /** Sends a live message: held while the socket starts, dropped when it was just replayed. */
  private deliver(socket: WebSocket, message: EventMessage): void {
    const held = this.held.get(socket);
    if (held) {
      held.push(message);
      return;
    }
    const replayed = this.replayed.get(socket);
    if (replayed && message.seq !== null && replayed.delete(replayKey(message))) return;
    this.send(socket, message);
  }

  private send(socket: WebSocket, message: RealtimeMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}

const resumeQuery = z.object({
  [RESUME_AFTER_PARAM]: z.coerce.number().int().nonnegative().optional().describe('The last change-log seq the browser saw: the changes after it are replayed'),
});

export function realtimeRoutes(projector: ReadModelFeed): FastifyPluginAsync {
  return async (app) => {
    const hub = new RealtimeHub(app.rolesOf, changeLogReader(app.services.db));
    const unsubscribe = projector.onChange((change) => hub.publish(change));
    app.addHook('onClose', async () => {
      unsubscribe();
      hub.closeAll();
    });
    // A websocket is outside what OpenAPI describes; its messages are domain/contracts/realtime.ts.
    app.get(REALTIME_PATH, { websocket: true, schema: { hide: true, querystring: resumeQuery } }, (socket, request) => {
      const userId = request.userId;
      if (!userId) {
        socket.close(4401, 'Not signed in');
        return;
      }
      const after = (request.query as z.infer<typeof resumeQuery>)[RESUME_AFTER_PARAM] ?? null;
      // Added at once, so no change of the user's own is missed while their roles are read.
      hub.add(userId, socket);
      void app
        .rolesOf(userId)
        .then(
          (viewer) => viewer?.roles ?? [],
          (error: unknown) => {
            request.log.warn({ err: error, userId }, 'roles not read for the realtime socket');
            return [];
          },
        )
        .then(async (roles) => {
          hub.addRoleHolder(userId, roles);
          await hub.start(socket, userId, { roles, after });
        })
        .catch((error: unknown) => {
          request.log.error({ err: error, userId }, 'realtime socket not started');
          socket.close(1011, 'internal error');
        });
    });
  };
}
