// The dashboard's Earnings & Analytics tab. A creator sees their own overview for the period they
// pick, read from GET /api/analytics and kept live by the websocket; a visitor sees the same screen
// filled with demo figures, labelled as such, and an invitation to sign up.
import { Message } from 'primereact/message';
import { Skeleton } from 'primereact/skeleton';
import { useState } from 'react';
import { DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from '../../../../../domain/contracts/analytics';
import { errorMessage } from '../../../lib/api-client';
import { capabilityState, useCapabilities } from '../../../lib/capabilities';
import { useAnalytics } from '../api/get-analytics';
import { DEMO_ANALYTICS } from '../demo';
import { AnalyticsOverview } from './analytics-overview';

export function AnalyticsPanel({ signedIn }: { signedIn: boolean }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const analytics = useAnalytics(period, { enabled: signedIn });
  const creation = capabilityState(useCapabilities().data, 'creation-engine');
  if (!signedIn) return <AnalyticsOverview analytics={DEMO_ANALYTICS} period={DEMO_ANALYTICS.period} demo canCreate={creation.available} />;
  if (analytics.isPending) {
    return (
      <section className="creator-analytics" aria-busy="true" aria-label="Loading your analytics">
        <Skeleton height="6rem" />
        <Skeleton height="16rem" />
      </section>
    );
  }
  if (analytics.isError) return <Message severity="error" text={`Your analytics could not be loaded: ${errorMessage(analytics.error, 'unknown error')}`} />;
  return (
    <AnalyticsOverview
      analytics={analytics.data}
      period={period}
      onPeriodChange={setPeriod}
      updating={analytics.isPlaceholderData}
      canCreate={creation.available}
    />
  );
}
