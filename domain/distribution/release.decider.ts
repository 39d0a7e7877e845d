// The release aggregate (stream `release-<distributionId>`): one small function per command, an
// exhaustive switch, and the fold the workflow and the API read a release's state through.
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { STORE_IDS, type DeliveryState } from './catalogue';
import { isValidIsrc, isValidUpc } from './identifiers';
import {
  ReleaseDelivered,
  ReleaseDeliveryWaiting,
  ReleaseFailed,
  ReleaseFeeCharged,
  ReleaseIdentifiersAssigned,
  ReleaseLapsed,
  ReleasePackageBuilt,
  ReleasePackageValidated,
  ReleaseRequested,
  ReleaseStoreStateChanged,
  ReleaseTakedownRequested,
  ReleaseTakenDown,
  type ReleaseEvent,
  type ReleaseForm,
} from './release.events';

type Data<E extends ReleaseEvent['type']> = Extract<ReleaseEvent, { type: E }>['data'];

export type ReleaseCommand =
  | { type: 'RequestRelease'; data: Data<'ReleaseRequested'> & { upc: string; isrc: string } }
  | { type: 'RecordFeeCharged'; data: Data<'ReleaseFeeCharged'> }
  | { type: 'RecordPackageBuilt'; data: Data<'ReleasePackageBuilt'> }
  | { type: 'RecordPackageValidated'; data: Data<'ReleasePackageValidated'> }
  | { type: 'RecordDelivered'; data: Data<'ReleaseDelivered'> }
  | { type: 'RecordDeliveryWaiting'; data: Data<'ReleaseDeliveryWaiting'> }
  | { type: 'RecordStoreState'; data: Data<'ReleaseStoreStateChanged'> }
  | { type: 'FailRelease'; data: Data<'ReleaseFailed'> }
  | { type: 'RequestTakedown'; data: Data<'ReleaseTakedownRequested'> }
  | { type: 'RecordTakenDown'; data: Data<'ReleaseTakenDown'> }
  | { type: 'RecordLapsed'; data: Data<'ReleaseLapsed'> };

export type ReleasePhase = 'requested' | 'packaged' | 'validated' | 'delivered' | 'failed' | 'takedown_requested' | 'taken_down' | 'lapsed';

export interface StoreDelivery {
  state: DeliveryState;
  reason: string | null;
  at: string | null;
}

export type ReleaseState =
  | { status: 'none' }
  | {
      status: ReleasePhase;
      distributionId: string;
      contentId: string;
      ownerId: string;
      form: ReleaseForm;
      upc: string;
      isrc: string;
      /** Hold ids of the fees charged, setup first. */
      feesCharged: string[];
      paidThrough: string | null;
      package: Data<'ReleasePackageBuilt'> | null;
      ernSha256: string | null;
      delivery: Data<'ReleaseDelivered'> | null;
      /** Since when, and why, the delivery partner could not be reached; null once delivered. */
      waiting: Data<'ReleaseDeliveryWaiting'> | null;
      stores: Record<string, StoreDelivery>;
      failure: Data<'ReleaseFailed'> | null;
    };

type Existing = Exclude<ReleaseState, { status: 'none' }>;

export const initialReleaseState: ReleaseState = { status: 'none' };

/** A store's state only moves forward: pending → uploaded → distributed, or to failed from either of the first two. */
const NEXT_STATES: Record<DeliveryState, readonly DeliveryState[]> = {
  pending: ['uploaded', 'distributed', 'failed'],
  uploaded: ['distributed', 'failed'],
  distributed: [],
  failed: [],
};

const ENDED: readonly ReleasePhase[] = ['failed', 'taken_down', 'lapsed'];

function existing(state: ReleaseState, distributionId: string): Existing {
  if (state.status === 'none') throw new NotFoundError(`No release ${distributionId}`);
  return state;
}

function requestRelease(command: Extract<ReleaseCommand, { type: 'RequestRelease' }>['data'], state: ReleaseState): ReleaseEvent[] {
  if (state.status !== 'none') return [];
  const { upc, isrc, ...request } = command;
  const unknown = request.form.selectedStores.filter((store) => !STORE_IDS.includes(store));
  if (unknown.length > 0) throw new ValidationError(`Unknown store: ${unknown.join(', ')}`);
  if (new Set(request.form.selectedStores).size !== request.form.selectedStores.length) throw new ValidationError('A store is selected twice');
  if (!isValidUpc(upc)) throw new ValidationError(`UPC ${upc} has a wrong check digit or length`);
  if (!isValidIsrc(isrc)) throw new ValidationError(`ISRC ${isrc} is not CC-XXX-YY-NNNNN`);
  if (request.form.saleDate < request.form.releaseDate) throw new ValidationError('The sale date cannot be before the release date');
  return [ReleaseRequested.create(request), ReleaseIdentifiersAssigned.create({ distributionId: request.distributionId, upc, isrc })];
}

function recordFeeCharged(data: Data<'ReleaseFeeCharged'>, state: Existing): ReleaseEvent[] {
  if (state.feesCharged.includes(data.holdId)) return [];
  if (ENDED.includes(state.status)) throw new IllegalStateError('The release has ended; no fee is charged for it');
  if (data.kind === 'setup' && state.feesCharged.length > 0) throw new IllegalStateError('The setup fee was already charged');
  if (data.kind === 'renewal' && state.feesCharged.length === 0) throw new IllegalStateError('A renewal needs the setup fee first');
  return [ReleaseFeeCharged.create(data)];
}

function recordPackageBuilt(data: Data<'ReleasePackageBuilt'>, state: Existing): ReleaseEvent[] {
  if (state.package?.messageId === data.messageId) return [];
  if (state.status !== 'requested') throw new IllegalStateError(`A package is built for a requested release, not a ${state.status} one`);
  if (!data.files.some((file) => file.role === 'ern')) throw new ValidationError('A package holds its ERN message');
  return [ReleasePackageBuilt.create(data)];
}

function recordPackageValidated(data: Data<'ReleasePackageValidated'>, state: Existing): ReleaseEvent[] {
  if (state.ernSha256 === data.ernSha256) return [];
  if (state.status !== 'packaged' || !state.package) throw new IllegalStateError('Only a built package is validated');
  const ern = state.package.files.find((file) => file.role === 'ern');
  if (ern?.sha256 !== data.ernSha256) throw new IllegalStateError('The validated ERN is not the package’s');
  return [ReleasePackageValidated.create(data)];
}

function recordDelivered(data: Data<'ReleaseDelivered'>, state: Existing): ReleaseEvent[] {
  if (state.delivery) {
    if (state.delivery.deliveryId === data.deliveryId) return [];
    throw new IllegalStateError('The release was already delivered');
  }
  if (state.status !== 'validated') throw new IllegalStateError('Only a validated package is delivered');
  return [ReleaseDelivered.create(data)];
}

function recordDeliveryWaiting(data: Data<'ReleaseDeliveryWaiting'>, state: Existing): ReleaseEvent[] {
  if (state.waiting || state.delivery || ENDED.includes(state.status)) return [];
  if (state.status !== 'validated') throw new IllegalStateError('Only a validated package waits for the delivery partner');
  return [ReleaseDeliveryWaiting.create(data)];
}

function recordStoreState(data: Data<'ReleaseStoreStateChanged'>, state: Existing): ReleaseEvent[] {
  const current = state.stores[data.storeId];
  if (!current) throw new ValidationError(`The release was not sent to ${data.storeId}`);
  if (current.state === data.state) return [];
  if (!state.delivery) throw new IllegalStateError('A store reports on a delivered release only');
  if (state.status === 'taken_down' || state.status === 'lapsed') return [];
  if (!NEXT_STATES[current.state].includes(data.state)) throw new IllegalStateError(`A store's delivery does not go from ${current.state} to ${data.state}`);
  if (data.state === 'failed' && !data.reason) throw new ValidationError('A failed delivery says why');
  return [ReleaseStoreStateChanged.create(data)];
}

function failRelease(data: Data<'ReleaseFailed'>, state: Existing): ReleaseEvent[] {
  if (state.status === 'failed') return [];
  if (state.delivery) throw new IllegalStateError('A delivered release is taken down, not failed');
  return [ReleaseFailed.create(data)];
}

function requestTakedown(data: Data<'ReleaseTakedownRequested'>, state: Existing): ReleaseEvent[] {
  if (state.status === 'takedown_requested' || state.status === 'taken_down' || state.status === 'lapsed') return [];
  if (state.status === 'failed') throw new IllegalStateError('The release failed; there is nothing to take down');
  return [ReleaseTakedownRequested.create(data)];
}

function recordTakenDown(data: Data<'ReleaseTakenDown'>, state: Existing): ReleaseEvent[] {
  if (state.status === 'taken_down') return [];
  if (state.status !== 'takedown_requested' && state.status !== 'lapsed') throw new IllegalStateError('A takedown is asked for first');
  return [ReleaseTakenDown.create(data)];
}

function recordLapsed(data: Data<'ReleaseLapsed'>, state: Existing): ReleaseEvent[] {
  if (state.status === 'lapsed' || state.status === 'taken_down') return [];
  if (state.feesCharged.length === 0) throw new IllegalStateError('A release that was never paid does not lapse; it fails');
  return [ReleaseLapsed.create(data)];
}

export function decideRelease(command: ReleaseCommand, state: ReleaseState): ReleaseEvent[] {
  if (command.type === 'RequestRelease') return requestRelease(command.data, state);
  const release = existing(state, command.data.distributionId);
  switch (command.type) {
    case 'RecordFeeCharged':
      return recordFeeCharged(command.data, release);
    case 'RecordPackageBuilt':
      return recordPackageBuilt(command.data, release);
    case 'RecordPackageValidated':
      return recordPackageValidated(command.data, release);
    case 'RecordDelivered':
      return recordDelivered(command.data, release);
    case 'RecordDeliveryWaiting':
      return recordDeliveryWaiting(command.data, release);
    case 'RecordStoreState':
      return recordStoreState(command.data, release);
    case 'FailRelease':
      return failRelease(command.data, release);
    case 'RequestTakedown':
      return requestTakedown(command.data, release);
    case 'RecordTakenDown':
      return recordTakenDown(command.data, release);
    case 'RecordLapsed':
      return recordLapsed(command.data, release);
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled release command ${(unhandled as ReleaseCommand).type}`);
    }
  }
}

export function evolveRelease(state: ReleaseState, event: ReleaseEvent): ReleaseState {
  if (event.type === 'ReleaseRequested') {
    const { distributionId, contentId, ownerId, form } = event.data;
    return {
      status: 'requested',
      distributionId,
      contentId,
      ownerId,
      form,
      upc: '',
      isrc: '',
      feesCharged: [],
      paidThrough: null,
      package: null,
      ernSha256: null,
      delivery: null,
      waiting: null,
      stores: Object.fromEntries(form.selectedStores.map((store) => [store, { state: 'pending' as const, reason: null, at: null }])),
      failure: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ReleaseIdentifiersAssigned':
      return { ...state, upc: event.data.upc, isrc: event.data.isrc };
    case 'ReleaseFeeCharged':
      return { ...state, feesCharged: [...state.feesCharged, event.data.holdId], paidThrough: event.data.paidThrough };
    case 'ReleasePackageBuilt':
      return { ...state, status: 'packaged', package: event.data };
    case 'ReleasePackageValidated':
      return { ...state, status: 'validated', ernSha256: event.data.ernSha256 };
    case 'ReleaseDelivered':
      return { ...state, status: 'delivered', delivery: event.data, waiting: null };
    case 'ReleaseDeliveryWaiting':
      return { ...state, waiting: event.data };
    case 'ReleaseStoreStateChanged':
      return { ...state, stores: { ...state.stores, [event.data.storeId]: { state: event.data.state, reason: event.data.reason, at: event.data.at } } };
    case 'ReleaseFailed':
      return { ...state, status: 'failed', failure: event.data, waiting: null };
    case 'ReleaseTakedownRequested':
      return { ...state, status: 'takedown_requested' };
    case 'ReleaseTakenDown':
      return { ...state, status: 'taken_down', waiting: null };
    case 'ReleaseLapsed':
      return { ...state, status: 'lapsed' };
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled release event ${(unhandled as ReleaseEvent).type}`);
    }
  }
}

/** Every store has reported its last state (distributed or failed): polling can stop. */
export function storesSettled(state: ReleaseState): boolean {
  if (state.status === 'none') return false;
  return Object.values(state.stores).every((store) => store.state === 'distributed' || store.state === 'failed');
}

export const releaseDecider = { decide: decideRelease, evolve: evolveRelease, initialState: initialReleaseState };

/** A release's state from its stream's events (as read back from the store). */
export function foldRelease(events: readonly { type: string; data: unknown }[]): ReleaseState {
  return events.reduce<ReleaseState>((state, event) => evolveRelease(state, { type: event.type, data: event.data } as ReleaseEvent), initialReleaseState);
}

/** Whether the release is charged its yearly fee: only when a delivery partner takes it to the stores (the sandbox charges nothing). */
export function chargesFee(state: ReleaseState, distributorReachesStores: boolean): boolean {
  if (state.status === 'none') return false;
  return state.delivery ? state.delivery.reachesStores === true : distributorReachesStores;
}
