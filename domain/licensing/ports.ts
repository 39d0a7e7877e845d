// What licensing asks of the disputes area (issue 16): whether a work's licensing is frozen while a
// dispute about it is open. Until disputes exist nothing freezes, and `nothingFrozen` says so.

/** True while the work's licensing is frozen: no new offer, no change to one, no purchase. */
export type LicensingFrozenOf = (workId: string) => Promise<boolean>;

/** No dispute can freeze a work before dispute management exists. */
export const nothingFrozen: LicensingFrozenOf = () => Promise.resolve(false);
