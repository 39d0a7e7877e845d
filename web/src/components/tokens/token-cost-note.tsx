// The line beside a paid step's button saying what it costs, from the server's price list; it
// shows nothing until the list has answered rather than a figure that may be wrong.
import type { PricedService } from '../../../../domain/tokens/catalogue';
import { usePricing } from '../../lib/tokens/api/tokens';
import { costNote, priceOf } from '../../lib/tokens/labels';
import './tokens.css';

export function TokenCostNote({ service }: { service: Extract<PricedService, 'professional-mastering' | 'copyright-registration'> }) {
  const pricing = usePricing();
  const price = priceOf(pricing.data, service);
  if (price === null) return null;
  return (
    <p className="token-cost-note muted small" data-service={service}>
      <i className="pi pi-wallet" aria-hidden="true" /> {costNote(service, price)}
    </p>
  );
}
