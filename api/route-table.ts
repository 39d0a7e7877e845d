// Every route the app serves, as registered: what the API document, the schema test and the
// authorization suite are generated from, so a new route cannot be left out of them.
import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';

export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema: (FastifySchema & { summary?: string; tags?: string[]; hide?: boolean; consumes?: string[] }) | undefined;
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Records routes registered from now on; call before registering them. */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      // Fastify adds a HEAD beside every GET; only a HEAD route of its own (a tus upload's) is listed.
      if (method === 'HEAD' && table.some((entry) => entry.method === 'GET' && entry.url === route.url)) continue;
      table.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'], websocket: Boolean((route as { websocket?: boolean }).websocket) });
    }
  });
}
