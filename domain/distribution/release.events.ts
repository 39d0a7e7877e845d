// Events of a release to the stores (stream `release-<distributionId>`) and of the yearly sequence
// its identifiers come from (stream `release-identifiers-<year>`). A release is requested with the
// creator's form, gets its UPC and ISRC, is charged the yearly fee, has its package built, validated
// and delivered; each store's delivery then moves pending → uploaded → distributed, or fails with a
// reason. While the delivery partner cannot be reached the release waits for it. It ends taken down (asked for) or lapsed (a renewal could not be paid).
import { z } from 'zod';
import { CREDIT_ROLES } from '../contracts/distribution';
import { defineEvent } from '../shared/events';
import { DELIVERY_STATES } from './catalogue';

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/** The distribution dialog's fields, as checked by the API. */
export const releaseFormSchema = z.object({
  artistName: z.string().min(1).max(200),
  albumName: z.string().min(1).max(200),
  songName: z.string().min(1).max(200),
  primaryGenre: z.string().min(1),
  secondaryGenre: z.string().min(1).nullable(),
  labelName: z.string().min(1).max(200),
  recordingLocation: z.string().max(200),
  releaseDate: dateOnly,
  saleDate: dateOnly,
  parentalAdvisory: z.boolean(),
  royaltySplit: z.number().int().min(1).max(100),
  selectedStores: z.array(z.string().min(1)).min(1),
  /** Songwriters and performers (DDEX role names); absent on releases requested before credits were asked. */
  credits: z.array(z.object({ name: z.string().min(1).max(200), role: z.enum(CREDIT_ROLES) })).optional(),
  /** The creator's checked cover (a stored file under uploads/); absent or null: the generated cover. */
  coverArt: z.object({ storedName: z.string().min(1), mimeType: z.enum(['image/jpeg', 'image/png']), width: z.number().int(), height: z.number().int(), sha256 }).nullable().optional(),
});
export type ReleaseForm = z.infer<typeof releaseFormSchema>;

export const ReleaseRequested = defineEvent(
  'ReleaseRequested',
  1,
  z.object({ distributionId: z.uuid(), contentId: z.uuid(), ownerId: z.uuid(), form: releaseFormSchema }),
);

export const ReleaseIdentifiersAssigned = defineEvent('ReleaseIdentifiersAssigned', 1, z.object({ distributionId: z.uuid(), upc: z.string(), isrc: z.string() }));

/**
 * The year's fee, captured on the token ledger under `holdId`; the release is paid through
 * `paidThrough`. `priceMicros` is the listed price; the ledger's hold says what was taken (nothing
 * when a subscription's allowance covered it).
 */
export const ReleaseFeeCharged = defineEvent(
  'ReleaseFeeCharged',
  1,
  z.object({ distributionId: z.uuid(), holdId: z.string().min(1), kind: z.enum(['setup', 'renewal']), priceMicros: z.number().int().nonnegative(), paidThrough: z.iso.datetime() }),
);

export const ReleasePackageBuilt = defineEvent(
  'ReleasePackageBuilt',
  1,
  z.object({
    distributionId: z.uuid(),
    messageId: z.string().min(1),
    /** The package's folder, relative to the data folder. */
    directory: z.string().min(1),
    files: z.array(z.object({ name: z.string().min(1), role: z.enum(['ern', 'audio', 'artwork', 'certificate_json', 'certificate_pdf']), sha256, size: z.number().int().nonnegative() })),
  }),
);

export const ReleasePackageValidated = defineEvent('ReleasePackageValidated', 1, z.object({ distributionId: z.uuid(), ernSha256: sha256 }));

export const ReleaseDelivered = defineEvent(
  'ReleaseDelivered',
  1,
  z.object({
    distributionId: z.uuid(),
    distributor: z.string().min(1),
    deliveryId: z.string().min(1),
    /** Said plainly when nothing reached a real store (the sandbox). */
    notice: z.string().nullable(),
    /** True when a delivery partner took it on to the stores; absent or false for the sandbox, which charges nothing. */
    reachesStores: z.boolean().optional(),
  }),
);

/** The delivery partner could not be reached: the workflow keeps trying (and an operator can retry) until it takes the release. */
export const ReleaseDeliveryWaiting = defineEvent('ReleaseDeliveryWaiting', 1, z.object({ distributionId: z.uuid(), reason: z.string().min(1), since: z.iso.datetime() }));

export const ReleaseStoreStateChanged = defineEvent(
  'ReleaseStoreStateChanged',
  1,
  z.object({ distributionId: z.uuid(), storeId: z.string().min(1), state: z.enum(DELIVERY_STATES), reason: z.string().nullable(), at: z.iso.datetime() }),
);

/** A step failed for good (the fee could not be paid, the package was invalid, the distributor refused it). */
export const ReleaseFailed = defineEvent('ReleaseFailed', 1, z.object({ distributionId: z.uuid(), step: z.enum(['fee', 'package', 'validation', 'delivery']), reason: z.string().min(1) }));

export const ReleaseTakedownRequested = defineEvent('ReleaseTakedownRequested', 1, z.object({ distributionId: z.uuid(), reason: z.string().min(1) }));
export const ReleaseTakenDown = defineEvent('ReleaseTakenDown', 1, z.object({ distributionId: z.uuid(), at: z.iso.datetime() }));

/** The yearly renewal could not be paid: the release is taken down and its year not renewed. */
export const ReleaseLapsed = defineEvent('ReleaseLapsed', 1, z.object({ distributionId: z.uuid(), reason: z.string().min(1), at: z.iso.datetime() }));

/** The next UPC/ISRC sequence number of a year, reserved for one release. */
export const ReleaseIdentifiersReserved = defineEvent(
  'ReleaseIdentifiersReserved',
  1,
  z.object({ distributionId: z.uuid(), year: z.number().int(), sequence: z.number().int().positive(), upc: z.string(), isrc: z.string() }),
);

export const releaseEventDefinitions = [
  ReleaseRequested,
  ReleaseIdentifiersAssigned,
  ReleaseFeeCharged,
  ReleasePackageBuilt,
  ReleasePackageValidated,
  ReleaseDelivered,
  ReleaseDeliveryWaiting,
  ReleaseStoreStateChanged,
  ReleaseFailed,
  ReleaseTakedownRequested,
  ReleaseTakenDown,
  ReleaseLapsed,
  ReleaseIdentifiersReserved,
] as const;

type Recorded<D> = D extends { create(data: never): infer E } ? E : never;
export type ReleaseEvent = Recorded<Exclude<(typeof releaseEventDefinitions)[number], typeof ReleaseIdentifiersReserved>>;
export type ReleaseIdentifiersEvent = Recorded<typeof ReleaseIdentifiersReserved>;

export const RELEASE_EVENT_TYPES: ReadonlySet<string> = new Set(releaseEventDefinitions.map((d) => d.type));

export const releaseStreamId = (distributionId: string) => `release-${distributionId}`;
export const releaseIdentifiersStreamId = (year: number) => `release-identifiers-${year}`;
