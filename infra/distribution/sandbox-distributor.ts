// The embedded distributor: it takes a release package as a real distributor's intake would (reads
// and validates its ERN, learns the stores from its deals), keeps it where it is under data/, and
// acknowledges it. It charges nothing (the release workflow holds no fee for a distributor that reaches no store). Each poll moves every store one step: pending → uploaded → distributed, except a
// store that would refuse the release in life (Beatport takes electronic and dance music only),
// which fails with that reason. Nothing leaves this machine: the acknowledgement's notice says so.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DELIVERY_STATES } from '../../domain/distribution/catalogue';
import { STORE_DEALS, validateErn } from './ddex-ern';
import { DistributorRefusal, type DeliverablePackage, type DeliveryAck, type Distributor, type StoreReport } from './distributor';
import { parseXml, textAt } from './xml';

export const SANDBOX_NOTICE = 'Sandbox: this release was not sent to any store and no store received it. Nothing was charged. The store states shown are simulated.';

const BEATPORT_GENRES = new Set(['Electronic', 'Dance']);

const deliverySchema = z.object({
  distributionId: z.string(),
  directory: z.string(),
  genre: z.string(),
  stores: z.array(z.object({ storeId: z.string(), state: z.enum(DELIVERY_STATES), reason: z.string().nullable() })),
  takenDown: z.boolean(),
});
type Delivery = z.infer<typeof deliverySchema>;

export class SandboxDistributor implements Distributor {
  readonly name = 'sandbox';
  readonly reachesStores = false;
  readonly recipient = { dpid: 'PADPIDSANDBOXDISTRIBUTOR', name: 'sandbox' };
  readonly territories = ['Worldwide'];
  /** It advances each store a step per poll: two polls a few seconds apart settle a release. */
  readonly pollEveryMs = 2_000;
  private readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'distributor-sandbox');
  }

  async deliver(pkg: DeliverablePackage): Promise<DeliveryAck> {
    const deliveryId = `sandbox-${pkg.distributionId}`;
    const existing = await this.read(deliveryId).catch(() => null);
    if (existing) return { distributor: this.name, deliveryId, notice: SANDBOX_NOTICE };
    const xml = await readFile(path.join(pkg.directory, pkg.ernFile), 'utf8');
    const validation = validateErn(xml);
    if (!validation.valid) throw new DistributorRefusal(`The sandbox's intake rejected the ERN: ${validation.errors.slice(0, 3).join('; ')}`);
    const byDpid = new Map(Object.entries(STORE_DEALS).map(([storeId, deal]) => [deal.dpid, storeId]));
    const stores = validation.dealRecipients.map((dpid) => byDpid.get(dpid)).filter((id): id is string => Boolean(id));
    const genre = textAt(parseXml(xml), 'ReleaseList', 'Release', 'Genre', 'GenreText') ?? '';
    await this.write(deliveryId, { distributionId: pkg.distributionId, directory: pkg.directory, genre, stores: stores.map((storeId) => ({ storeId, state: 'pending', reason: null })), takenDown: false });
    return { distributor: this.name, deliveryId, notice: SANDBOX_NOTICE };
  }

  async poll(deliveryId: string): Promise<StoreReport[]> {
    const delivery = await this.read(deliveryId);
    if (!delivery.takenDown) {
      delivery.stores = delivery.stores.map((store) => {
        if (store.state === 'pending') return { ...store, state: 'uploaded' };
        if (store.state !== 'uploaded') return store;
        if (store.storeId === 'beatport' && !BEATPORT_GENRES.has(delivery.genre)) {
          return { ...store, state: 'failed', reason: `Beatport takes electronic and dance music only; the release's genre is ${delivery.genre}` };
        }
        return { ...store, state: 'distributed' };
      });
      await this.write(deliveryId, delivery);
    }
    return delivery.stores.map(({ storeId, state, reason }) => ({ storeId, state, reason }));
  }

  async takedown(deliveryId: string): Promise<void> {
    const delivery = await this.read(deliveryId);
    if (delivery.takenDown) return;
    await this.write(deliveryId, { ...delivery, takenDown: true });
  }

  private file(deliveryId: string): string {
    if (!/^sandbox-[0-9a-f-]{36}$/.test(deliveryId)) throw new DistributorRefusal(`No sandbox delivery ${deliveryId}`);
    return path.join(this.root, `${deliveryId}.json`);
  }

  private async read(deliveryId: string): Promise<Delivery> {
    return deliverySchema.parse(JSON.parse(await readFile(this.file(deliveryId), 'utf8')));
  }

  /** Written whole and renamed into place, so a crash never leaves half a record. */
  private async write(deliveryId: string, delivery: Delivery): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const target = this.file(deliveryId);
    await writeFile(`${target}.tmp`, JSON.stringify(delivery, null, 2));
    await rename(`${target}.tmp`, target);
  }
}
