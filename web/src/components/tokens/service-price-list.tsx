// The price of each step, read from GET /api/goose-tokens/pricing: the free steps first, then
// the priced ones in tokens. A step whose capability this server lacks is not quoted: it reads
// "Not available on this server" with the capability's reason. Every screen that shows a price
// shows this list or reads the same query, so the figures cannot drift apart.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { errorMessage } from '../../lib/api-client';
import { NOT_ON_THIS_SERVER, useCapabilities } from '../../lib/capabilities';
import { formatTokens } from '../../lib/format';
import { usePricing } from '../../lib/tokens/api/tokens';
import { unavailableReason } from '../../lib/tokens/labels';
import './tokens.css';

export function ServicePriceList({ className = '' }: { className?: string }) {
  const pricing = usePricing();
  const capabilities = useCapabilities().data;
  if (pricing.isPending) {
    return (
      <div className={`price-list ${className}`} aria-busy="true" aria-label="Loading prices">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height="1.4rem" className="price-list__skeleton" />
        ))}
      </div>
    );
  }
  if (pricing.isError) return <Message severity="error" text={`The price list could not be loaded: ${errorMessage(pricing.error, 'unknown error')}`} />;
  const { free, services } = pricing.data;
  return (
    <ul className={`price-list status-rows ${className}`} aria-label="Prices per step">
      {free.map((step) => (
        <li key={step}>
          <span>{step}</span>
          <span className="price-list__free">Free</span>
        </li>
      ))}
      {services.map((service) => {
        if (service.available) {
          return (
            <li key={service.id} data-service={service.id}>
              <span>{service.label}</span>
              <span className="price-list__price">{formatTokens(service.price)} tokens</span>
            </li>
          );
        }
        const reason = unavailableReason(capabilities, service.capability);
        return (
          <li key={service.id} data-service={service.id} data-available="false">
            <span>{service.label}</span>
            <span className="price-list__off">{NOT_ON_THIS_SERVER}</span>
            {reason && <span className="price-list__reason muted small">{reason}</span>}
          </li>
        );
      })}
    </ul>
  );
}
