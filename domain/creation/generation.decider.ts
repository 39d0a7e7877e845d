// The generation aggregate (stream `generation-<generationId>`): one song asked for, composed,
// rendered and turned into a track. Stages only move forward; a stage already recorded, a completion
// or failure recorded once, and the like already set decide nothing, so retried activities append
// nothing twice.
import { IllegalStateError, NotFoundError } from '../shared/errors';
import type { GenerationStatus } from '../contracts/creation';
import {
  GenerationCompleted,
  GenerationComposed,
  GenerationFailed,
  GenerationLiked,
  GenerationProgressed,
  GenerationRequested,
  type GenerationEvent,
} from './generation.events';

type Data<E extends { create(data: never): unknown }> = Parameters<E['create']>[0];

export type GenerationCommand =
  | { type: 'RequestGeneration'; data: Data<typeof GenerationRequested> }
  | { type: 'RecordProgress'; data: Data<typeof GenerationProgressed> }
  | { type: 'RecordComposition'; data: Data<typeof GenerationComposed> }
  | { type: 'CompleteGeneration'; data: Data<typeof GenerationCompleted> }
  | { type: 'FailGeneration'; data: Data<typeof GenerationFailed> }
  | { type: 'LikeGeneration'; data: Data<typeof GenerationLiked> & { actorId: string } };

export interface GenerationState {
  generationId: string | null;
  ownerId: string | null;
  status: GenerationStatus | 'none';
  progress: number;
  stage: string | null;
  composed: boolean;
  liked: boolean;
}

export const initialGenerationState: GenerationState = { generationId: null, ownerId: null, status: 'none', progress: 0, stage: null, composed: false, liked: false };

const ended = (state: GenerationState): boolean => state.status === 'completed' || state.status === 'failed';

function requireStarted(state: GenerationState): void {
  if (state.status === 'none') throw new NotFoundError('Generation not found');
}

function requestGeneration(data: Data<typeof GenerationRequested>, state: GenerationState): GenerationEvent[] {
  if (state.status !== 'none') {
    if (state.generationId === data.generationId) return [];
    throw new IllegalStateError('This generation exists already');
  }
  return [GenerationRequested.create(data)];
}

function recordProgress(data: Data<typeof GenerationProgressed>, state: GenerationState): GenerationEvent[] {
  requireStarted(state);
  // A late report after the end, or one behind what is recorded (a retried render), changes nothing.
  if (ended(state)) return [];
  if (data.progress < state.progress || (data.progress === state.progress && data.stage === state.stage)) return [];
  return [GenerationProgressed.create(data)];
}

function recordComposition(data: Data<typeof GenerationComposed>, state: GenerationState): GenerationEvent[] {
  requireStarted(state);
  if (state.composed || ended(state)) return [];
  return [GenerationComposed.create(data)];
}

function completeGeneration(data: Data<typeof GenerationCompleted>, state: GenerationState): GenerationEvent[] {
  requireStarted(state);
  if (state.status === 'completed') return [];
  if (state.status === 'failed') throw new IllegalStateError('This generation failed; it cannot complete');
  if (!state.composed) throw new IllegalStateError('This generation has not been composed');
  return [GenerationCompleted.create(data)];
}

function failGeneration(data: Data<typeof GenerationFailed>, state: GenerationState): GenerationEvent[] {
  requireStarted(state);
  if (ended(state)) return [];
  return [GenerationFailed.create(data)];
}

function likeGeneration({ actorId, ...data }: Extract<GenerationCommand, { type: 'LikeGeneration' }>['data'], state: GenerationState): GenerationEvent[] {
  // Another user's song answers as if it did not exist.
  if (state.status === 'none' || state.ownerId !== actorId) throw new NotFoundError('Generated song not found');
  if (state.liked === data.liked) return [];
  return [GenerationLiked.create(data)];
}

export function decide(command: GenerationCommand, state: GenerationState): GenerationEvent[] {
  switch (command.type) {
    case 'RequestGeneration':
      return requestGeneration(command.data, state);
    case 'RecordProgress':
      return recordProgress(command.data, state);
    case 'RecordComposition':
      return recordComposition(command.data, state);
    case 'CompleteGeneration':
      return completeGeneration(command.data, state);
    case 'FailGeneration':
      return failGeneration(command.data, state);
    case 'LikeGeneration':
      return likeGeneration(command.data, state);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled command ${JSON.stringify(unhandled)}`);
    }
  }
}

export function evolve(state: GenerationState, event: GenerationEvent): GenerationState {
  switch (event.type) {
    case 'GenerationRequested':
      return { ...state, generationId: event.data.generationId, ownerId: event.data.ownerId, status: 'queued' };
    case 'GenerationProgressed':
      return { ...state, status: event.data.status, progress: event.data.progress, stage: event.data.stage };
    case 'GenerationComposed':
      return { ...state, composed: true };
    case 'GenerationCompleted':
      return { ...state, status: 'completed', progress: 100, stage: 'Completed' };
    case 'GenerationFailed':
      return { ...state, status: 'failed' };
    case 'GenerationLiked':
      return { ...state, liked: event.data.liked };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unhandled)}`);
    }
  }
}

export const generationDecider = { decide, evolve, initialState: initialGenerationState };
