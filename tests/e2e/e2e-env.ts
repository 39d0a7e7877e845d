// The settings the journeys' server runs with (playwright.config.ts) that the journeys also need.

/** The Stripe webhook endpoint's signing secret: the journeys sign payment events with it. */
export const E2E_STRIPE_WEBHOOK_SECRET = 'whsec_goose_e2e_journeys';
