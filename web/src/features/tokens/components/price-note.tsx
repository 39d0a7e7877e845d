// A step's price beside the button that starts it, from the server's price list.
import type { PricedService } from '../../../../../domain/tokens/catalogue';
import { formatTokens } from '../../../lib/format';
import { usePricing } from '../api/tokens';

export function PriceNote({ service, suffix }: { service: PricedService; suffix?: string }) {
  const { data } = usePricing();
  const price = data?.pricing[service];
  if (price === undefined) return null;
  return (
    <span className="price-note muted small" data-service={service}>
      {formatTokens(price)} tokens{suffix ? ` ${suffix}` : ''}
    </span>
  );
}
