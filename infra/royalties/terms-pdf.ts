// The printable terms of a royalty contract ("View Contract" → PDF): the split, the payout rules,
// the deployment said plainly (awaiting submission, or the transaction on the ledger), and the
// signed canonical JSON with its SHA-256 and Ed25519 signature, so a paper copy can be checked.
import PDFDocument from 'pdfkit';
import type { Contract } from '../../domain/contracts/royalties';
import { collectPdf } from '../certificate/pdf';

const INK = '#1F2328';
const MUTED = '#6B7280';
const NAVY = '#1B2A4A';

const SCHEDULE_WORDS: Record<Contract['distributionSchedule'], string> = { monthly: 'Monthly', weekly: 'Weekly', on_demand: 'On demand' };

export async function renderContractTermsPdf(
  contract: Contract,
  signedTerms: { canonical: string; sha256: string; signature: { algorithm: string; keyId: string; publicKey: string; value: string } },
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    lang: 'en',
    info: { Title: `Royalty contract: ${contract.contentTitle}`, Author: 'GOOSE', Subject: `Royalty contract ${contract.contractId}`, CreationDate: new Date(contract.createdAt) },
  });
  const rendered = collectPdf(doc);
  doc.font('Helvetica-Bold').fontSize(20).fillColor(NAVY).text('GOOSE Royalty Contract');
  doc.moveDown(0.3).font('Helvetica').fontSize(12).fillColor(INK).text(`"${plain(contract.contentTitle)}"`);
  doc.moveDown();
  const row = (label: string, value: string) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true }).font('Helvetica').fillColor(INK).text(plain(value));
  };
  row('Contract', contract.contractId);
  row('Content', contract.contentId);
  row('Template', contract.templateType.replace(/_/g, ' '));
  row('Creator share', `${contract.royaltySplit}%`);
  row('Platform share', `${contract.platformShare}%`);
  row('Payout schedule', SCHEDULE_WORDS[contract.distributionSchedule]);
  row('Minimum payout', `$${(contract.minimumThreshold / 100).toFixed(2)}`);
  row('Created', contract.createdAt);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).fillColor(NAVY).text('Deployment on the XRP Ledger');
  const { deployment } = contract;
  row('Status', deploymentWords(deployment.status));
  row('Price', `$${deployment.usdAmount} (${deployment.xrpAmount} XRP), paid from the creator's XRPL account`);
  if (deployment.account) row('From account', deployment.account);
  if (deployment.txHash) row('Transaction', deployment.txHash);
  if (deployment.reason) row('Note', deployment.reason);
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).fillColor(NAVY).text('Signed terms');
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(`SHA-256 of the canonical JSON (RFC 8785): ${signedTerms.sha256}`);
  doc.text(`${signedTerms.signature.algorithm} signature by ${signedTerms.signature.keyId} (public key ${signedTerms.signature.publicKey}):`);
  doc.font('Courier').fontSize(7).fillColor(INK).text(signedTerms.signature.value);
  doc.moveDown(0.5).font('Courier').fontSize(7).text(plain(signedTerms.canonical));
  doc.end();
  return rendered;
}

function deploymentWords(status: Contract['deployment']['status']): string {
  switch (status) {
    case 'signing':
      return 'Being signed';
    case 'awaiting_submission':
      return 'Signed, awaiting submission to the ledger';
    case 'submitted':
      return 'Submitted to the ledger, awaiting validation';
    case 'validated':
      return 'Validated on the XRP Ledger';
    case 'failed':
      return 'Failed';
    default: {
      const unknown: never = status;
      return String(unknown);
    }
  }
}

/** pdfkit's built-in fonts draw WinAnsi only: anything else is shown without accents or as '?'. */
function plain(text: string): string {
  return Array.from(text, (char) => (char.charCodeAt(0) < 0x100 ? char : char.normalize('NFKD').replace(/\p{M}/gu, '') || '?')).join('');
}
