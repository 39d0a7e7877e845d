// The websocket hub at /api/ws: each signed-in browser gets the committed read-model changes that
// belong to its user, and nothing else. Fed by the projector after each commit. Operators' browsers
// also hear `operations` when a ledger step fails or is retried anywhere (the operations page);
// the role is checked when the socket opens and again before each such message. Support users'
// browsers hear every change marked for their role (`alsoToRole`: the support queue), checked the same way.
// An account an operator suspends has its open sockets closed at once.
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { ACCOUNT_SUSPENDED_CLOSE_CODE, REALTIME_PATH, type RealtimeMessage } from '../../domain/contracts/realtime';
import type { RolesOf } from '../../domain/identity/ports';
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

export class RealtimeHub {
  private readonly socketsByUser = new Map<string, Set<WebSocket>>();
  /** Users who held each listening role when their socket opened. */
  private readonly holders: Record<ListeningRole, Set<string>> = { operator: new Set(), support: new Set() };

  /** `rolesOf`: checks an operator still holds the role before an operations message; absent, no operations messages. */
  constructor(private readonly rolesOf?: RolesOf) {}

  add(userId: string, socket: WebSocket): void {
    const sockets = this.socketsByUser.get(userId) ?? new Set();
    sockets.add(socket);
    this.socketsByUser.set(userId, sockets);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) {
        this.socketsByUser.delete(userId);
        for (const users of Object.values(this.holders)) users.delete(userId);
      }
    });
    this.send(socket, { type: 'hello', userId });
  }

  /** Marks a connected user as holding the listening roles among `roles` (after their roles were read); ignored once they left. */
  addRoleHolder(userId: string, roles: readonly string[]): void {
    if (!this.socketsByUser.has(userId)) return;
    for (const role of Object.keys(this.holders) as ListeningRole[]) if (roles.includes(role)) this.holders[role].add(userId);
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
    const message: RealtimeMessage = {
      type: 'event',
      readModel: change.readModel,
      streamId: change.streamId,
      eventType: change.eventType,
      subjectId: change.subjectId,
      workflowId: change.workflowId,
      recordedAt: change.recordedAt,
    };
    for (const socket of sockets) this.send(socket, message);
  }

  closeAll(): void {
    for (const sockets of this.socketsByUser.values()) for (const socket of sockets) socket.close(1001, 'server shutting down');
  }

  private send(socket: WebSocket, message: RealtimeMessage): void {
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
  }
}

export function realtimeRoutes(projector: ReadModelFeed): FastifyPluginAsync {
  return async (app) => {
    const hub = new RealtimeHub(app.rolesOf);
    const unsubscribe = projector.onChange((change) => hub.publish(change));
    app.addHook('onClose', async () => {
      unsubscribe();
      hub.closeAll();
    });
    // A websocket is outside what OpenAPI describes; its messages are domain/contracts/realtime.ts.
    app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      const userId = request.userId;
      if (!userId) {
        socket.close(4401, 'Not signed in');
        return;
      }
      // Added at once, so no change of the user's own is missed while their roles are read.
      hub.add(userId, socket);
      void app.rolesOf(userId).then(
        (viewer) => viewer && hub.addRoleHolder(userId, viewer.roles),
        (error: unknown) => request.log.warn({ err: error, userId }, 'roles not read for the realtime socket'),
      );
    });
  };
}
