// What licensing asks of the disputes area: whether a work's licensing is frozen while a
// dispute about it is open (infra/disputes/work-freeze.ts answers it from the work's freeze stream;
// `nothingFrozen` is for an app assembled without disputes), and the one refusal text a frozen work's
// offers and purchases meet.

/** True while the work's licensing is frozen: no new offer, no change to one, no purchase. */
export type LicensingFrozenOf = (workId: string) => Promise<boolean>;

/** The refusal of an offer, a change to one or a purchase while the work is frozen (a 409). */
export const LICENSING_FROZEN = 'Licensing of this work is frozen while a dispute about it is open';

/** Nothing is frozen: an app assembled without dispute management. */
export const nothingFrozen: LicensingFrozenOf = () => Promise.resolve(false);
