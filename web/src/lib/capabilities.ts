// What this server can do now (GET /api/capabilities). Every "available", "not available on this
// server" and every sold line on a screen is derived from this, never written into a component.
import { useQuery } from '@tanstack/react-query';
import { capabilitiesResponseSchema } from '../../../domain/contracts/capabilities';
import type { CapabilityId, CapabilityReport } from '../../../domain/platform/capabilities';
import { getParsed } from './api-client';
import { CAPABILITIES_KEY } from './query-keys';

export type { CapabilityId, CapabilityReport };

/** The one label of a thing this server does not do, beside its capability's reason. */
export const NOT_ON_THIS_SERVER = 'Not available on this server';

export function useCapabilities() {
  return useQuery({
    queryKey: CAPABILITIES_KEY,
    queryFn: async ({ signal }) => (await getParsed(capabilitiesResponseSchema, CAPABILITIES_KEY[0], { signal })).capabilities,
    // Fixed for the server's life: read once per page load.
    staleTime: Infinity,
  });
}

export interface CapabilityState {
  /** False while loading: nothing is offered before the server has said it can do it. */
  available: boolean;
  reason: string | null;
  loading: boolean;
}

export function capabilityState(report: CapabilityReport | undefined, id: CapabilityId): CapabilityState {
  if (!report) return { available: false, reason: null, loading: true };
  return { available: report[id].available, reason: report[id].reason, loading: false };
}

export function useCapability(id: CapabilityId): CapabilityState {
  return capabilityState(useCapabilities().data, id);
}
