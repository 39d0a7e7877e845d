// Query keys shared across features. A key's first element is the URL the default query
// function GETs, so these are also the addresses of the reads.
export const CURRENT_USER_KEY = ['/api/auth/me'] as const;
export const USER_KEY = ['/api/user'] as const;
export const VAULT_KEY = ['/api/vault'] as const;
export const GENERATED_MUSIC_KEY = ['/api/generated-music'] as const;
export const COPYRIGHT_CHECKS_KEY = ['/api/copyright-checks'] as const;
/** A vault item's certificate: ['/api/copyright-certificate', contentId] (GET the base URL + '/' + id). */
export const CERTIFICATE_KEY = ['/api/copyright-certificate'] as const;
/** A registration's external database sync: ['/api/database-sync-status', txHash]. */
export const SYNC_STATUS_KEY = ['/api/database-sync-status'] as const;
export const TOKEN_BALANCE_KEY = ['/api/goose-tokens/balance'] as const;
export const TOKEN_TRANSACTIONS_KEY = ['/api/goose-tokens/transactions'] as const;
export const TOKEN_PRICING_KEY = ['/api/goose-tokens/pricing'] as const;
export const XRP_PRICING_KEY = ['/api/xrp/pricing'] as const;
export const XRP_WALLET_INFO_KEY = ['/api/xrp/wallet-info'] as const;
export const XRP_QR_CODE_KEY = ['/api/xrp/qr-code'] as const;
export const PAYMENTS_CONFIG_KEY = ['/api/payments/config'] as const;
export const CAPABILITIES_KEY = ['/api/capabilities'] as const;
/** The legal documents' list; one document: ['/api/legal', id]. */
export const LEGAL_KEY = ['/api/legal'] as const;
export const FAQ_KEY = ['/api/faq'] as const;
/** The royalty contracts list; a contract's detail is ['/api/smart-contracts', contractId]. */
export const SMART_CONTRACTS_KEY = ['/api/smart-contracts'] as const;
/** A content item's royalty receivers: ['/api/royalty-receivers', contentId] (GET ?contentId=). */
export const ROYALTY_RECEIVERS_KEY = ['/api/royalty-receivers'] as const;
/** Payout runs and their lines; one contract's: ['/api/royalty-distribution/history', contractId]. */
export const ROYALTY_HISTORY_KEY = ['/api/royalty-distribution/history'] as const;
export const ROYALTY_ANALYTICS_KEY = ['/api/royalty-distribution/analytics'] as const;
/** A receiver's invitation as its signed link shows it: ['/api/royalty-invitations', token]. */
export const ROYALTY_INVITATION_KEY = ['/api/royalty-invitations'] as const;
export const DISTRIBUTIONS_KEY = ['/api/tunecore/distributions'] as const;
/** A release's royalty breakdown: ['/api/tunecore/distributions', distributionId, 'royalties'], under DISTRIBUTIONS_KEY. */
export const DISTRIBUTION_ROYALTIES_SEGMENT = 'royalties';
export const TUNECORE_STORES_KEY = ['/api/tunecore/stores'] as const;
export const TUNECORE_DELIVERY_KEY = ['/api/tunecore/delivery'] as const;
export const TUNECORE_GENRES_KEY = ['/api/tunecore/genres'] as const;
export const DISTRIBUTION_STATEMENTS_KEY = ['/api/tunecore/statements'] as const;
/** The public registry search: ['/api/works/search', params]; a work: ['/api/works', workId]. */
export const WORK_SEARCH_KEY = ['/api/works/search'] as const;
export const WORKS_KEY = ['/api/works'] as const;
/** The proof explorer's list: ['/api/proofs', params]; a proof: ['/api/proofs', proofId]. */
export const PROOFS_KEY = ['/api/proofs'] as const;
export const MARKETPLACE_KEY = ['/api/licenses/marketplace'] as const;
export const MY_LICENSES_KEY = ['/api/licenses/mine'] as const;
export const LICENSE_SALES_KEY = ['/api/licenses/sales'] as const;
export const MY_OFFERS_KEY = ['/api/licenses/offers'] as const;
/** Dispute management: ['/api/disputes', params]; a case: ['/api/disputes', disputeId]; its history: ['/api/disputes', id, 'history', upTo]. */
export const DISPUTES_KEY = ['/api/disputes'] as const;
/** The signed-in user's roles. */
export const MY_ROLES_KEY = ['/api/auth/roles'] as const;
/** The operations page: ['/api/ops', section]. */
export const OPERATIONS_KEY = ['/api/ops'] as const;
/** The Developer tab: ['/api/developer', 'keys' | 'usage' | 'pricing']. */
export const DEVELOPER_KEY = ['/api/developer'] as const;
/** A track's history folded through N events: ['/api/tracks', trackId, 'history', upTo]. */
export const TRACKS_KEY = ['/api/tracks'] as const;
/** The bell's count, its menu and the notifications page: ['/api/notifications', …]. */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
/** The settings page: ['/api/account', 'sessions' | 'email' | 'export' | …]. */
export const ACCOUNT_KEY = ['/api/account'] as const;
/** The analytics overview: ['/api/analytics', period]. */
export const ANALYTICS_KEY = ['/api/analytics'] as const;
/** The support centre: ['/api/support', 'tickets' | 'queue' | ticketId, …]. */
export const SUPPORT_KEY = ['/api/support'] as const;
/** A rights holder's reference catalogue: deliveries (and each one's recordings) and references. */
export const REFERENCES_KEY = ['/api/references'] as const;
/** A signed link to one of the user's stored files: ['/api/uploads', storedName, 'link'] (docs/ip-protection.md). */
export const MEDIA_LINK_KEY = ['/api/uploads'] as const;
/** A registered work's public preview link: ['/api/works', workId, 'preview']. */
export const WORK_PREVIEW_SEGMENT = 'preview';
/** The streaming platform's waiting list: ['/api/streaming/waiting-list', 'stats' | 'status']. */
export const STREAMING_WAITING_LIST_KEY = ['/api/streaming/waiting-list'] as const;
