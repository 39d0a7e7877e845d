// The role a process runs, from the command line or the environment, and the refusals of a split
// role that lacks the servers it must share with other processes.
import { describe, expect, it } from 'vitest';
import { missingForRole, parseRole } from './role';

describe('parseRole', () => {
  it('is the all-in-one default with neither --role nor GOOSE_ROLE', () => {
    expect(parseRole([], {})).toBe('all');
    expect(parseRole([], { GOOSE_ROLE: '' })).toBe('all');
  });

  it('reads GOOSE_ROLE, and --role (both spellings) wins over it', () => {
    expect(parseRole([], { GOOSE_ROLE: 'worker' })).toBe('worker');
    expect(parseRole(['--role', 'projector'], { GOOSE_ROLE: 'worker' })).toBe('projector');
    expect(parseRole(['--role=api'], { GOOSE_ROLE: 'worker' })).toBe('api');
    expect(parseRole([], { GOOSE_ROLE: ' API ' })).toBe('api');
  });

  it('refuses an unknown role or a --role without a value, naming the roles', () => {
    expect(() => parseRole([], { GOOSE_ROLE: 'web' })).toThrow('GOOSE_ROLE=web is not a role: use one of all, api, worker, projector');
    expect(() => parseRole(['--role', 'everything'], {})).toThrow('--role=everything is not a role');
    expect(() => parseRole(['--role'], {})).toThrow('--role needs a value');
    expect(() => parseRole(['--role', '--verbose'], {})).toThrow('--role needs a value');
  });
});

describe('missingForRole', () => {
  const servers = { databaseUrl: 'postgres://db/goose', temporalAddress: 'temporal:7233' };

  it('asks nothing of the all-in-one process, which embeds both', () => {
    expect(missingForRole('all', { databaseUrl: null, temporalAddress: null })).toBeNull();
  });

  it('lets a split role start with both shared servers', () => {
    for (const role of ['api', 'worker', 'projector'] as const) expect(missingForRole(role, servers)).toBeNull();
  });

  it('refuses a split role without DATABASE_URL or TEMPORAL_ADDRESS, naming what is missing', () => {
    expect(missingForRole('api', { ...servers, databaseUrl: null })).toMatch(/^GOOSE_ROLE=api .* set DATABASE_URL \(/);
    expect(missingForRole('worker', { ...servers, temporalAddress: null })).toMatch(/set TEMPORAL_ADDRESS \(/);
    expect(missingForRole('projector', { databaseUrl: null, temporalAddress: null })).toMatch(/set DATABASE_URL and TEMPORAL_ADDRESS/);
  });
});
