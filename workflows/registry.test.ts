// The registry and the bundle's entry name the same workflows, and the worker's activities are
// built from the registry with no two packages claiming one activity name.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import * as bundled from './all';
import { SHARED_ACTIVITIES, WORKFLOWS, workerActivities, type WorkerServices } from './registry';

// Activity factories only close over their services; nothing is called while the worker is built.
const services = { eventStore: {}, db: {}, storage: { root: os.tmpdir() }, tokenLedger: {} } as unknown as WorkerServices;

describe('workflow registry', () => {
  it('lists exactly the workflows workflows/all.ts bundles', () => {
    expect(WORKFLOWS.map((w) => w.name).sort()).toEqual(Object.keys(bundled).sort());
    for (const exported of Object.values(bundled)) expect(typeof exported).toBe('function');
  });

  it("builds the worker's activities from every package, the shared token charges once", () => {
    const activities = workerActivities(services);
    for (const name of ['holdTokens', 'captureTokens', 'releaseTokens', 'planPayoutRun', 'securePayment', 'describeRelease', 'fileCase', 'collectPartnerReports']) {
      expect(typeof activities[name], name).toBe('function');
    }
    const perPackage = [...WORKFLOWS, ...SHARED_ACTIVITIES].map((p) => Object.keys(p.activities(services)).length);
    expect(Object.keys(activities)).toHaveLength(perPackage.reduce((a, b) => a + b, 0));
  });

  it('refuses two packages bringing an activity of the same name', () => {
    const twice = [SHARED_ACTIVITIES[0]!, { name: 'copy', activities: SHARED_ACTIVITIES[0]!.activities }];
    expect(() => workerActivities(services, twice)).toThrow('The activity holdTokens of copy has the name of an activity of token-charges');
  });
});
