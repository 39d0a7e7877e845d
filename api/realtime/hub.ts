// The websocket hub at /api/ws: each signed-in browser gets the committed read-model changes that
// belong to its user, and nothing else. Fed by the projector after each commit.
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { REALTIME_PATH, type RealtimeMessage } from '../../domain/contracts/realtime';
import type { Projector } from '../../projections/projector';
import type { ReadModelChange } from '../../projections/projection';

export class RealtimeHub {
  private readonly socketsByUser = new Map<string, Set<WebSocket>>();

  add(userId: string, socket: WebSocket): void {
    const sockets = this.socketsByUser.get(userId) ?? new Set();
    sockets.add(socket);
    this.socketsByUser.set(userId, sockets);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) this.socketsByUser.delete(userId);
    });
    this.send(socket, { type: 'hello', userId });
  }

  publish(change: ReadModelChange): void {
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

export function realtimeRoutes(projector: Projector): FastifyPluginAsync {
  return async (app) => {
    const hub = new RealtimeHub();
    const unsubscribe = projector.onChange((change) => hub.publish(change));
    app.addHook('onClose', async () => {
      unsubscribe();
      hub.closeAll();
    });
    // A websocket is outside what OpenAPI describes; its messages are domain/contracts/realtime.ts.
    app.get(REALTIME_PATH, { websocket: true, schema: { hide: true } }, (socket, request) => {
      if (!request.userId) {
        socket.close(4401, 'Not signed in');
        return;
      }
      hub.add(request.userId, socket);
    });
  };
}
