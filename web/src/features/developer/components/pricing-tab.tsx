// The Pricing tab: the tiers map as GET /api/developer/pricing
// answers it — fee, price per call, quotas and the server's own feature list.
import { Card } from 'primereact/card';
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { API_TIERS } from '../../../../../domain/developer/api-tiers';
import type { ApiPricingResponse } from '../../../../../domain/contracts/developer';
import { errorMessage } from '../../../lib/api-client';
import { formatUsd } from '../labels';

interface PricingTabProps {
  status: 'pending' | 'error' | 'success';
  tiers: ApiPricingResponse['tiers'] | undefined;
  error?: unknown;
}

export function PricingTab({ status, tiers, error }: PricingTabProps) {
  if (status === 'pending') return <Skeleton height="8rem" aria-label="Loading the API pricing" />;
  if (status === 'error' || !tiers) return <Message severity="error" text={`The API pricing could not be loaded: ${errorMessage(error, 'unknown error')}`} />;
  return <PricingTiers tiers={tiers} />;
}

export function PricingTiers({ tiers }: { tiers: ApiPricingResponse['tiers'] }) {
  return (
    <ul className="api-pricing grid-list">
      {API_TIERS.map((id) => {
        const tier = tiers[id];
        return (
          <li key={id}>
            <Card className="api-pricing__tier" title={tier.name}>
              <p className="api-pricing__price">
                <strong>{tier.pricePerCall === 0 ? 'Free' : `${formatUsd(tier.pricePerCall)} a call`}</strong>
                <span className="muted small"> · {tier.monthlyFee === 0 ? 'no monthly fee' : `${formatUsd(tier.monthlyFee)} a month`}</span>
              </p>
              <dl className="api-pricing__limits">
                <div>
                  <dt>Monthly quota</dt>
                  <dd>{tier.monthlyQuota.toLocaleString('en-US')} calls</dd>
                </div>
                <div>
                  <dt>Daily limit</dt>
                  <dd>{tier.dailyLimit === null ? 'None' : `${tier.dailyLimit.toLocaleString('en-US')} calls`}</dd>
                </div>
                <div>
                  <dt>Rate limit</dt>
                  <dd>{tier.requestsPerMinute} a minute</dd>
                </div>
              </dl>
              <ul className="api-pricing__features">
                {tier.features.map((feature) => (
                  <li key={feature}>
                    <i className="pi pi-check" aria-hidden="true" /> {feature}
                  </li>
                ))}
              </ul>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
