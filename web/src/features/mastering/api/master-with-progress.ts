// POST /api/landr/master-with-progress: masters a track and streams the audio engine's
// progress as server-sent events. It is a POST, so it is read with fetch and a ReadableStream
// rather than EventSource. A refusal before streaming is a JSON 4xx; a failure mid-way ends the
// stream with the Error step.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MasterLoudnessOption, MasterStyleOption } from '../../../../../domain/constants';
import type { MasteringProgress } from '../../../../../domain/contracts/lifecycle';
import { throwIfNotOk } from '../../../lib/api-client';
import { GENERATED_MUSIC_KEY, VAULT_KEY } from '../../../lib/query-keys';
import { COMPLETE_STEP, ERROR_STEP } from '../../../lib/track/mastering-steps';
import { readProgressStream } from './mastering-stream';

export const MASTER_WITH_PROGRESS_URL = '/api/landr/master-with-progress';

export interface RealtimeMasterRequest {
  contentId: string;
  style: MasterStyleOption;
  loudness: MasterLoudnessOption;
}

/** The run ended with the Error step, or without its Complete step. */
export class MasteringStreamError extends Error {
  override name = 'MasteringStreamError';
}

/**
 * Sends the request and reads the stream to its end, passing on every event. Resolves once the
 * Complete step arrives; rejects on a refusal, a missing body, the Error step or a cut stream.
 */
export async function masterWithProgress(
  request: RealtimeMasterRequest,
  { onEvent, signal }: { onEvent: (event: MasteringProgress) => void; signal?: AbortSignal },
): Promise<void> {
  const response = await fetch(MASTER_WITH_PROGRESS_URL, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify({ ...request, format: 'wav' }),
    signal,
  });
  await throwIfNotOk(response);
  if (!response.body) throw new MasteringStreamError('The server sent no progress stream');

  let ending: MasteringProgress | null = null;
  await readProgressStream(response.body, (event) => {
    if (ending) return;
    if (event.step === COMPLETE_STEP || event.step === ERROR_STEP) ending = event;
    onEvent(event);
  });
  const last = ending as MasteringProgress | null;
  if (last?.step === ERROR_STEP) throw new MasteringStreamError(last.description || 'Mastering failed');
  if (!last) throw new MasteringStreamError('The progress stream ended before mastering finished');
}

export type RealtimeMasteringPhase = 'idle' | 'running' | 'completed' | 'failed';

export interface RealtimeMasteringState {
  /** Which track the run is for; the card shows a run only for its own track. */
  contentId: string | null;
  phase: RealtimeMasteringPhase;
  events: MasteringProgress[];
  error: unknown;
}

const IDLE: RealtimeMasteringState = { contentId: null, phase: 'idle', events: [], error: null };

/**
 * One real-time mastering run at a time. `start` resolves when the run ends either way; the
 * caller shows the outcome. Leaving the screen stops reading (and aborts the request).
 */
export function useRealtimeMastering() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RealtimeMasteringState>(IDLE);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (request: RealtimeMasterRequest): Promise<{ ok: true } | { ok: false; aborted: boolean; error: unknown }> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      setState({ contentId: request.contentId, phase: 'running', events: [], error: null });
      try {
        await masterWithProgress(request, {
          signal: controller.signal,
          onEvent: (event) => {
            if (controller.signal.aborted) return;
            setState((current) => ({ ...current, events: [...current.events, event] }));
          },
        });
        setState((current) => ({ ...current, phase: 'completed' }));
        return { ok: true };
      } catch (error) {
        const aborted = controller.signal.aborted;
        if (!aborted) setState((current) => ({ ...current, phase: 'failed', error }));
        return { ok: false, aborted, error };
      } finally {
        if (controllerRef.current === controller) controllerRef.current = null;
        // The master (or the failure) changed the track: its vault card and the generated list.
        void queryClient.invalidateQueries({ queryKey: GENERATED_MUSIC_KEY });
        void queryClient.invalidateQueries({ queryKey: VAULT_KEY });
      }
    },
    [queryClient],
  );

  return { state, start };
}
