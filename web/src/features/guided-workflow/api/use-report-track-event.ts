// Turns a live track event into a Task Completed dialog when it completed a task. Called after
// the event's refetches have settled, so the vault read here already includes the change; when no
// screen was observing the vault, fetchQuery reads it afresh (the invalidation marked it stale).
// Events settle out of order (each waits for its own refetches), so the newest step wins: an
// event recorded before the one already reported (shown or put away) opens nothing.
import { useQueryClient } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useCallback, useRef } from 'react';
import type { RealtimeMessage } from '../../../../../domain/contracts/realtime';
import type { VaultItem } from '../../../../../domain/contracts/vault';
import { vaultQueryOptions } from '../../../lib/track/api/get-vault';
import { completedTaskAtom } from '../atoms';
import { isMasterable } from '../../../lib/track/workflow-steps';
import { completionMessage, milestoneDetail, MILESTONE_EVENTS, milestoneForEvent, nextStep, runningSteps } from '../milestones';

type TrackEvent = Pick<Extract<RealtimeMessage, { type: 'event' }>, 'readModel' | 'eventType' | 'subjectId' | 'recordedAt'>;

export function useReportTrackEvent(): (event: TrackEvent) => void {
  const queryClient = useQueryClient();
  const setCompleted = useSetAtom(completedTaskAtom);
  const newestReported = useRef<string | null>(null);

  return useCallback(
    (event: TrackEvent) => {
      if (event.readModel !== 'vault' || !MILESTONE_EVENTS.has(event.eventType)) return;
      void (async () => {
        let item: VaultItem | null = null;
        try {
          const items = await queryClient.fetchQuery(vaultQueryOptions());
          item = items.find((candidate) => candidate.id === event.subjectId) ?? null;
        } catch {
          item = null;
        }
        const task = milestoneForEvent(event.eventType, item);
        if (!task || !isNewer(event.recordedAt, newestReported.current)) return;
        newestReported.current = event.recordedAt;
        setCompleted({
          key: `${event.subjectId}:${event.eventType}:${event.recordedAt}`,
          task,
          trackId: event.subjectId,
          title: item?.title ?? null,
          message: completionMessage(task),
          detail: milestoneDetail(task, item),
          next: nextStep(task, { masterable: isMasterable(item), running: runningSteps(item) }),
        });
      })();
    },
    [queryClient, setCompleted],
  );
}

/** Whether an event recorded at `recordedAt` is not older than the newest one reported. */
export function isNewer(recordedAt: string, newest: string | null): boolean {
  return newest === null || Date.parse(recordedAt) >= Date.parse(newest);
}
