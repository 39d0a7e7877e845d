// Given / when / then specifications of a work's identifiers and of the claims that keep each
// identifier value to one work.
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../shared/decider-spec';
import { IllegalStateError } from '../shared/errors';
import { identifierClaimDecider, workDecider, type WorkCommand } from './work.decider';
import { WorkIdentifierClaimed, WorkIdentifierReleased, WorkIdentifiersSet } from './work.events';

const workId = '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b';
const ownerId = '7c1f7a52-3f7e-4a55-9d6e-2b8f0d7c1a11';
const stranger = '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e';
const work = deciderSpec(workDecider);
const claims = deciderSpec(identifierClaimDecider);

const set = (identifiers: WorkCommand['data']['identifiers'], extra: Partial<WorkCommand['data']> = {}): WorkCommand => ({
  type: 'SetIdentifiers',
  data: { workId, ownerId, requestedBy: ownerId, registered: true, identifiers, ...extra },
});

describe('work decider', () => {
  it('given no identifiers, when the owner sets an ISRC, then only the ISRC is set', () => {
    expect(work.when([], set({ isrc: 'USRC17607839' }))).toEqual([WorkIdentifiersSet.create({ workId, isrc: 'USRC17607839', setBy: ownerId })]);
  });

  it('records only what changes, and nothing when nothing does', () => {
    const history = [WorkIdentifiersSet.create({ workId, isrc: 'USRC17607839', setBy: ownerId })];
    expect(work.when(history, set({ isrc: 'USRC17607839', upc: null }))).toEqual([]);
    expect(work.when(history, set({ isrc: null, upc: '036000291452' }))).toEqual([WorkIdentifiersSet.create({ workId, isrc: null, upc: '036000291452', setBy: ownerId })]);
    expect(work.given(...history, WorkIdentifiersSet.create({ workId, isrc: null, setBy: ownerId })).identifiers).toEqual({ isrc: null, iswc: null, isni: null, upc: null });
  });

  it("refuses anyone but the owner, and a work that is not registered", () => {
    expect(() => work.when([], set({ isrc: 'USRC17607839' }, { requestedBy: stranger }))).toThrow(new IllegalStateError("Only the work's owner can set its identifiers"));
    expect(() => work.when([], set({ isrc: 'USRC17607839' }, { registered: false }))).toThrow(/not registered yet/);
  });
});

describe('identifier claim decider', () => {
  const claim = (holder: string) => ({ type: 'ClaimIdentifier' as const, data: { identifierType: 'isrc' as const, value: 'USRC17607839', workId: holder } });
  const release = (holder: string) => ({ type: 'ReleaseIdentifier' as const, data: { identifierType: 'isrc' as const, value: 'USRC17607839', workId: holder } });
  const claimed = WorkIdentifierClaimed.create(claim(workId).data);

  it('a free identifier is claimed; claiming it again for the same work decides nothing', () => {
    expect(claims.when([], claim(workId))).toEqual([claimed]);
    expect(claims.when([claimed], claim(workId))).toEqual([]);
  });

  it('another work is refused while it is held, and may claim it once released', () => {
    expect(() => claims.when([claimed], claim(stranger))).toThrow('ISRC USRC17607839 is already registered to another work');
    const released = WorkIdentifierReleased.create(release(workId).data);
    expect(claims.when([claimed], release(workId))).toEqual([released]);
    expect(claims.when([claimed, released], claim(stranger))).toEqual([WorkIdentifierClaimed.create(claim(stranger).data)]);
  });

  it('only the holder releases', () => {
    expect(claims.when([claimed], release(stranger))).toEqual([]);
  });
});
