// A key's monthly usage: calls used of the monthly quota, green below 50 %,
// yellow below 80 %, red from there (usageColour in domain/developer/api-tiers.ts).
import { usageBar } from '../labels';

export function UsageBar({ used, quota, label }: { used: number; quota: number; label: string }) {
  const { percent, colour } = usageBar(used, quota);
  return (
    <div className="usage-bar">
      <div
        className={`usage-bar__track usage-bar--${colour}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={quota}
        aria-valuenow={Math.min(used, quota)}
        aria-valuetext={`${used.toLocaleString('en-US')} of ${quota.toLocaleString('en-US')} calls this month (${percent}%)`}
      >
        <div className="usage-bar__fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="small">
        {used.toLocaleString('en-US')} / {quota.toLocaleString('en-US')} this month
      </span>
    </div>
  );
}
