// Given / when / then specifications of a release: its request and identifiers, the yearly fee,
// the package, delivery, each store's state, takedown and lapse; and the identifier sequence.
import { describe, expect, it } from 'vitest';
import { releaseForm } from '../../tests/support/release-form';
import { IllegalStateError, NotFoundError, ValidationError } from '../shared/errors';
import { gtinCheckDigit, isValidIsrc, isValidUpc, releaseIdentifiers } from './identifiers';
import { chargesFee, decideRelease, evolveRelease, initialReleaseState, storesSettled, type ReleaseCommand, type ReleaseState } from './release.decider';
import { decideReleaseIdentifiers, evolveReleaseIdentifiers, initialReleaseIdentifiersState } from './release-identifiers.decider';
import {
  ReleaseDelivered,
  ReleaseDeliveryWaiting,
  ReleaseFeeCharged,
  ReleaseIdentifiersAssigned,
  ReleasePackageBuilt,
  ReleasePackageValidated,
  ReleaseRequested,
  ReleaseStoreStateChanged,
  ReleaseTakedownRequested,
  type ReleaseEvent,
  type ReleaseForm,
} from './release.events';

const distributionId = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const contentId = '0b8f6c1e-5a2d-4c3b-9e7f-1a2b3c4d5e6f';
const ownerId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const AT = '2026-11-25T10:00:00.000Z';
const ERN_SHA = 'a'.repeat(64);
const { upc, isrc } = releaseIdentifiers(2026, 1);

const form = releaseForm();

const requested = [ReleaseRequested.create({ distributionId, contentId, ownerId, form }), ReleaseIdentifiersAssigned.create({ distributionId, upc, isrc })];
const packaged = [
  ...requested,
  ReleasePackageBuilt.create({ distributionId, messageId: 'GOOSE-1', directory: `releases/${distributionId}`, files: [{ name: 'ern.xml', role: 'ern', sha256: ERN_SHA, size: 10 }] }),
];
const validated = [...packaged, ReleasePackageValidated.create({ distributionId, ernSha256: ERN_SHA })];
const delivered = [
  ...validated,
  ReleaseDelivered.create({ distributionId, distributor: 'sandbox', deliveryId: 'd-1', notice: 'No store received anything' }),
  ReleaseFeeCharged.create({ distributionId, holdId: 'fee-1', kind: 'setup', priceMicros: 14_990_000, paidThrough: '2027-11-25T10:00:00.000Z' }),
];

function given(...events: ReleaseEvent[]): ReleaseState {
  return events.reduce(evolveRelease, initialReleaseState);
}
const when = (state: ReleaseState, command: ReleaseCommand) => decideRelease(command, state);
const storeState = (storeId: string, state: 'pending' | 'uploaded' | 'distributed' | 'failed', reason: string | null = null): ReleaseCommand => ({
  type: 'RecordStoreState',
  data: { distributionId, storeId, state, reason, at: AT },
});

describe('release identifiers', () => {
  it('UPCs carry a GTIN check digit and ISRCs the CC-XXX-YY-NNNNN form', () => {
    expect(gtinCheckDigit('03600029145')).toBe(2); // UPC 036000291452, GS1's worked example
    expect(isValidUpc('036000291452')).toBe(true);
    expect(isValidUpc('036000291453')).toBe(false);
    expect(isValidUpc(upc)).toBe(true);
    expect(isrc).toBe('QZGSE2600001');
    expect(isValidIsrc(isrc)).toBe(true);
    expect(isValidIsrc('QZ-GSE-26-00001')).toBe(false);
  });

  it('given reservations, when another release asks, then it gets the next number; asking again reserves nothing', () => {
    let state = initialReleaseIdentifiersState;
    const first = decideReleaseIdentifiers({ type: 'ReserveIdentifiers', data: { distributionId, year: 2026 } }, state);
    state = first.reduce(evolveReleaseIdentifiers, state);
    const second = decideReleaseIdentifiers({ type: 'ReserveIdentifiers', data: { distributionId: contentId, year: 2026 } }, state);
    expect(first[0]!.data).toMatchObject({ sequence: 1, upc, isrc });
    expect(second[0]!.data).toMatchObject({ sequence: 2, isrc: 'QZGSE2600002' });
    expect(decideReleaseIdentifiers({ type: 'ReserveIdentifiers', data: { distributionId, year: 2026 } }, state)).toEqual([]);
  });
});

describe('release decider', () => {
  it('given nothing, when requested, then the request and its identifiers are recorded; asking again decides nothing', () => {
    const events = when(given(), { type: 'RequestRelease', data: { distributionId, contentId, ownerId, form, upc, isrc } });
    expect(events.map((e) => e.type)).toEqual(['ReleaseRequested', 'ReleaseIdentifiersAssigned']);
    expect(given(...events).status).toBe('requested');
    expect(when(given(...events), { type: 'RequestRelease', data: { distributionId, contentId, ownerId, form, upc, isrc } })).toEqual([]);
  });

  it('refuses an unknown store, a bad check digit and a sale before the release', () => {
    const request = (overrides: Partial<ReleaseForm>, ids = { upc, isrc }) => () =>
      when(given(), { type: 'RequestRelease', data: { distributionId, contentId, ownerId, form: { ...form, ...overrides }, ...ids } });
    expect(request({ selectedStores: ['myspace'] })).toThrow(ValidationError);
    expect(request({}, { upc: `${upc.slice(0, -1)}${(Number(upc.at(-1)) + 1) % 10}`, isrc })).toThrow(/check digit/);
    expect(request({ saleDate: '2026-11-01' })).toThrow(/sale date/);
  });

  it('refuses a command on a release that does not exist', () => {
    expect(() => when(given(), { type: 'RequestTakedown', data: { distributionId, reason: 'x' } })).toThrow(NotFoundError);
  });

  it('given a requested release, when its package is built and validated, then it is ready to deliver; validating another ERN is refused', () => {
    expect(given(...validated).status).toBe('validated');
    expect(() => when(given(...packaged), { type: 'RecordPackageValidated', data: { distributionId, ernSha256: 'b'.repeat(64) } })).toThrow(IllegalStateError);
    expect(() => when(given(...requested), { type: 'RecordDelivered', data: { distributionId, distributor: 'sandbox', deliveryId: 'd-1', notice: null } })).toThrow(IllegalStateError);
  });

  it('given a delivered release, each store moves forward only, and a failure says why', () => {
    const state = given(...delivered);
    expect(state.status === 'delivered' && state.stores.spotify!.state).toBe('pending');
    const uploaded = given(...delivered, ...when(state, storeState('spotify', 'uploaded')));
    expect(when(uploaded, storeState('spotify', 'uploaded'))).toEqual([]);
    expect(() => when(uploaded, storeState('spotify', 'pending'))).toThrow(IllegalStateError);
    expect(() => when(uploaded, storeState('beatport', 'failed'))).toThrow(/says why/);
    expect(() => when(uploaded, storeState('tidal', 'uploaded'))).toThrow(/not sent to tidal/);
  });

  it('is settled once every store is distributed or failed', () => {
    const events = [
      ...delivered,
      ReleaseStoreStateChanged.create({ distributionId, storeId: 'spotify', state: 'distributed', reason: null, at: AT }),
    ];
    expect(storesSettled(given(...events))).toBe(false);
    expect(storesSettled(given(...events, ReleaseStoreStateChanged.create({ distributionId, storeId: 'beatport', state: 'failed', reason: 'Genre not accepted', at: AT })))).toBe(true);
  });

  it('charges the setup fee once and renewals after it; the same hold is recorded once', () => {
    const state = given(...delivered);
    const renewal: ReleaseCommand = { type: 'RecordFeeCharged', data: { distributionId, holdId: 'fee-2', kind: 'renewal', priceMicros: 14_990_000, paidThrough: '2028-11-25T10:00:00.000Z' } };
    expect(when(state, renewal)).toHaveLength(1);
    expect(when(state, { type: 'RecordFeeCharged', data: { ...renewal.data, holdId: 'fee-1', kind: 'setup' } })).toEqual([]);
    expect(() => when(state, { type: 'RecordFeeCharged', data: { ...renewal.data, holdId: 'fee-3', kind: 'setup' } })).toThrow(IllegalStateError);
    expect(() => when(given(...validated), renewal)).toThrow(/setup fee first/);
  });

  it('given a delivered release, when taken down, then requested and done; store reports after it change nothing', () => {
    const asked = given(...delivered, ReleaseTakedownRequested.create({ distributionId, reason: 'The creator asked' }));
    expect(when(asked, { type: 'RequestTakedown', data: { distributionId, reason: 'again' } })).toEqual([]);
    const done = given(...delivered, ReleaseTakedownRequested.create({ distributionId, reason: 'The creator asked' }), ...when(asked, { type: 'RecordTakenDown', data: { distributionId, at: AT } }));
    expect(done.status).toBe('taken_down');
    expect(when(done, storeState('spotify', 'uploaded'))).toEqual([]);
    expect(() => when(done, { type: 'RecordFeeCharged', data: { distributionId, holdId: 'fee-9', kind: 'renewal', priceMicros: 1, paidThrough: AT } })).toThrow(IllegalStateError);
  });

  it('lapses a paid release whose renewal was not paid; an unpaid one fails instead', () => {
    expect(when(given(...delivered), { type: 'RecordLapsed', data: { distributionId, reason: 'Renewal unpaid', at: AT } }).map((e) => e.type)).toEqual(['ReleaseLapsed']);
    expect(() => when(given(...validated), { type: 'RecordLapsed', data: { distributionId, reason: 'x', at: AT } })).toThrow(IllegalStateError);
    expect(when(given(...validated), { type: 'FailRelease', data: { distributionId, step: 'fee', reason: 'Insufficient tokens' } }).map((e) => e.type)).toEqual(['ReleaseFailed']);
    expect(() => when(given(...delivered), { type: 'FailRelease', data: { distributionId, step: 'delivery', reason: 'x' } })).toThrow(IllegalStateError);
  });

  it('given a validated release, when the partner cannot be reached, then it waits once (not again per attempt) until delivered', () => {
    const wait: ReleaseCommand = { type: 'RecordDeliveryWaiting', data: { distributionId, reason: 'connect ECONNREFUSED', since: AT } };
    const events = when(given(...validated), wait);
    expect(events.map((e) => e.type)).toEqual(['ReleaseDeliveryWaiting']);
    const waiting = given(...validated, ...events);
    expect(waiting.status === 'validated' && waiting.waiting).toMatchObject({ since: AT });
    expect(when(waiting, { ...wait, data: { ...wait.data, reason: 'timeout' } })).toEqual([]);
    const deliveredNow = given(...validated, ...events, ReleaseDelivered.create({ distributionId, distributor: 'Acme', deliveryId: 'b:m', notice: null, reachesStores: true }));
    expect(deliveredNow.status === 'delivered' && deliveredNow.waiting).toBeNull();
    expect(() => when(given(...packaged), wait)).toThrow(IllegalStateError);
  });

  it('charges a fee only for a release a delivery partner takes to the stores, never for the sandbox', () => {
    expect(chargesFee(given(...validated), true)).toBe(true);
    expect(chargesFee(given(...validated), false)).toBe(false);
    expect(chargesFee(given(...delivered), true)).toBe(false);
    expect(chargesFee(given(...validated, ReleaseDelivered.create({ distributionId, distributor: 'Acme', deliveryId: 'b:m', notice: null, reachesStores: true })), false)).toBe(true);
    expect(chargesFee(given(...validated, ReleaseDeliveryWaiting.create({ distributionId, reason: 'down', since: AT })), true)).toBe(true);
  });
});
