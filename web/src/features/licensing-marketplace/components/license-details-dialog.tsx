// A license's View Details dialog: tabs Overview, Terms, Smart
// Contract and Verification with the listing's own data; what the offer does not have (no contract,
// no escrow) is said, never invented, and so is a payment method this server does not take. An
// audio work's 30-second preview plays above the tabs, so a buyer hears what they license.
import { Dialog } from 'primereact/dialog';
import { TabPanel, TabView } from 'primereact/tabview';
import { Tag } from 'primereact/tag';
import type { MarketplaceLicense } from '../../../../../domain/contracts/licensing';
import { WorkPreview } from '../../../components/media/work-preview';
import { Fact } from '../../../components/ui/fact';
import { useCapabilities } from '../../../lib/capabilities';
import { formatDate } from '../../../lib/format';
import { CONTENT_TYPE_LABELS, CONTRACT_STATUS_DISPLAY, formatPrice, LICENSE_TYPE_DISPLAY, PAYMENT_METHOD_LABELS, paymentMethodAvailable, SCOPE_LABELS } from '../labels';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const allowed = (value: boolean) => (value ? 'Allowed' : 'Not allowed');

function TermList({ items, empty }: { items: readonly string[]; empty: string }) {
  if (items.length === 0) return <span className="muted">{empty}</span>;
  return (
    <ul className="license-terms-list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function OverviewTab({ license }: { license: MarketplaceLicense }) {
  const capabilities = useCapabilities().data;
  const methods = license.pricing.paymentOptions.map((option) =>
    paymentMethodAvailable(option, capabilities) ? PAYMENT_METHOD_LABELS[option] : `${PAYMENT_METHOD_LABELS[option]} (not taken on this server)`,
  );
  return (
    <dl className="facts">
      <Fact term="Work">{license.workTitle}</Fact>
      <Fact term="Creator">{license.creator}</Fact>
      <Fact term="Content type">{CONTENT_TYPE_LABELS[license.contentType]}</Fact>
      <Fact term="License type">{LICENSE_TYPE_DISPLAY[license.type].label}</Fact>
      <Fact term="Scope">{SCOPE_LABELS[license.scope]}</Fact>
      <Fact term="Territory">{license.territory}</Fact>
      <Fact term="Duration">{license.duration}</Fact>
      <Fact term="Price">{formatPrice(license.pricing.amount, license.pricing.currency)}</Fact>
      <Fact term="Payment methods">{methods.join(', ')}</Fact>
      <Fact term="Offered since">{formatDate(license.createdAt)}</Fact>
    </dl>
  );
}

export function TermsTab({ license }: { license: MarketplaceLicense }) {
  const { terms } = license;
  return (
    <dl className="facts">
      <Fact term="Permissions" wide>
        <TermList items={terms.permissions} empty="None listed" />
      </Fact>
      <Fact term="Restrictions" wide>
        <TermList items={terms.restrictions} empty="None listed" />
      </Fact>
      <Fact term="Attribution required">{yesNo(terms.attributionRequired)}</Fact>
      <Fact term="Commercial use">{allowed(terms.commercialUse)}</Fact>
      <Fact term="Derivatives">{allowed(terms.derivatives)}</Fact>
      <Fact term="Distribution">{allowed(terms.distribution)}</Fact>
      <Fact term="Custom terms" wide>
        {terms.customTerms ?? <span className="muted">None</span>}
      </Fact>
    </dl>
  );
}

export function SmartContractTab({ license }: { license: MarketplaceLicense }) {
  const contract = license.smartContract;
  const status = CONTRACT_STATUS_DISPLAY[contract.contractStatus];
  return (
    <dl className="facts">
      <Fact term="Network">{contract.blockchainNetwork}</Fact>
      <Fact term="Status">
        <Tag value={status.label} severity={status.severity} />
      </Fact>
      <Fact term="Royalty rate">{contract.royaltyRate}%</Fact>
      <Fact term="Automatic payouts">{yesNo(contract.automaticPayouts)}</Fact>
      <Fact term="Royalty contract" wide>
        {contract.contractId ?? <span className="muted">This work has no royalty contract yet: the revenue of a sale waits for one.</span>}
      </Fact>
      <Fact term="Escrow address" wide>
        {contract.escrowAddress ? <code>{contract.escrowAddress}</code> : <span className="muted">No XRPL escrow for this offer</span>}
      </Fact>
      <Fact term="Escrow amount">{contract.escrowAmount ? `${contract.escrowAmount} XRP` : <span className="muted">—</span>}</Fact>
    </dl>
  );
}

export function VerificationTab({ license }: { license: MarketplaceLicense }) {
  const { verification } = license;
  return (
    <dl className="facts">
      <Fact term="Ownership">
        <Tag value={verification.ownershipVerified ? 'Verified' : 'Unverified'} severity={verification.ownershipVerified ? 'success' : 'warning'} />
      </Fact>
      <Fact term="Rights">
        {/* What the copyright check found, not a promise of clearance: it searched what it searched (see the work's check). */}
        <Tag value={verification.rightsCleared ? 'No match found by the copyright check' : 'Unclear'} severity={verification.rightsCleared ? 'success' : 'warning'} />
      </Fact>
      <Fact term="Oracle score">{verification.oracleScore === null ? <span className="muted">Not scored</span> : `${verification.oracleScore}%`}</Fact>
      <Fact term="Disputes">{verification.disputeCount === 0 ? 'None' : `${verification.disputeCount} active`}</Fact>
    </dl>
  );
}

export function LicenseDetailsDialog({ license, onHide }: { license: MarketplaceLicense | null; onHide(): void }) {
  return (
    <Dialog header={license ? license.workTitle : 'License details'} visible={license !== null} onHide={onHide} className="license-dialog" draggable={false} modal>
      {license?.contentType === 'audio' && <WorkPreview workId={license.workId} title={license.workTitle} />}
      {license && (
        <TabView>
          <TabPanel header="Overview">
            <OverviewTab license={license} />
          </TabPanel>
          <TabPanel header="Terms">
            <TermsTab license={license} />
          </TabPanel>
          <TabPanel header="Smart Contract">
            <SmartContractTab license={license} />
          </TabPanel>
          <TabPanel header="Verification">
            <VerificationTab license={license} />
          </TabPanel>
        </TabView>
      )}
    </Dialog>
  );
}
