// The plan's marketing comparison, shown only as the plan's claim: the per-stream platform does not
// exist, so neither figure is a rate GOOSE pays, and its other claims are named with what GOOSE
// really does instead.
import { PLAN_CLAIM } from '../../../../../domain/contracts/waiting-list';

const usd = (amount: number) => `$${amount.toFixed(amount < 1 ? 3 : 2)}`;

export function PlanComparison() {
  return (
    <section className="waiting-list__card waiting-list-plan" aria-labelledby="waiting-list-plan-title">
      <h2 id="waiting-list-plan-title">What the plan claims</h2>
      <p className="waiting-list-plan__label">The plan&apos;s claim, not a promise: no stream is paid today.</p>
      <div className="waiting-list-plan__figures">
        <div>
          <strong className="waiting-list-plan__figure">{usd(PLAN_CLAIM.perStreamUsd)} Per Stream</strong>
          <span className="muted">up to, as the plan says it would pay</span>
        </div>
        <span className="waiting-list-plan__versus" aria-hidden="true">
          vs
        </span>
        <div>
          <strong className="waiting-list-plan__figure">{usd(PLAN_CLAIM.typicalPerStreamUsd)}</strong>
          <span className="muted">what the plan says streaming services typically pay</span>
        </div>
      </div>
      <p className="muted small">
        The plan also says its smart contracts would activate at {PLAN_CLAIM.activationUsers.toLocaleString('en-US')} users and pay a {PLAN_CLAIM.affiliateCommissionPercent}% affiliate
        commission in tokens. Nothing in GOOSE activates at a number of users, joining credits no tokens, and no commission is paid for referrals: GOOSE counts them, that is all.
      </p>
    </section>
  );
}
