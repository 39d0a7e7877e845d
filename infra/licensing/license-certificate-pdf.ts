// The printable license certificate: one A4 page with pdfkit's built-in fonts naming the work, its
// owner and buyer, the license's terms and price, the signature, and a QR code to the licensing
// proof, so a paper copy can still be checked. Same certificate in, same bytes out.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { collectPdf } from '../certificate/pdf';
import type { SignedLicenseCertificate } from './license-certificate';

const PAGE_WIDTH = 595.28;
const LEFT = 56;
const WIDTH = PAGE_WIDTH - 2 * LEFT;
const NAVY = '#1B2A4A';
const MUTED = '#6B7280';
const INK = '#1F2328';

const TYPE_WORDS: Record<string, string> = {
  reproduction: 'Reproduction',
  distribution: 'Distribution',
  public_performance: 'Public performance',
  synchronization: 'Synchronization',
  adaptation: 'Adaptation',
  commercial_use: 'Commercial use',
};
const PAYMENT_WORDS: Record<string, string> = { stripe: 'Card (Stripe)', qxmp_tokens: 'QXMP tokens', polygon_escrow: 'XRPL escrow' };

export function formatLicensePrice(priceCents: number, currency: 'USD' | 'QXMP'): string {
  const amount = (priceCents / 100).toFixed(2);
  return currency === 'USD' ? `$${amount}` : `${amount} QXMP`;
}

export async function renderLicenseCertificatePdf(signed: SignedLicenseCertificate): Promise<Buffer> {
  const { certificate: c, signature } = signed;
  const qrPng = await QRCode.toBuffer(c.verificationUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 0, scale: 6 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `License certificate: ${c.workTitle}`,
      Author: 'GOOSE',
      Subject: `License ${c.certificateId} of "${c.workTitle}" by ${c.owner} to ${c.buyer}`,
      Creator: 'GOOSE Licensing Marketplace',
      CreationDate: new Date(c.issuedAt),
    },
  });
  const rendered = collectPdf(doc);
  doc.lineWidth(2).strokeColor(NAVY).rect(22, 22, PAGE_WIDTH - 44, 841.89 - 44).stroke();
  doc.font('Helvetica-Bold').fontSize(24).fillColor(NAVY).text('GOOSE', LEFT, 56, { width: WIDTH, align: 'center', characterSpacing: 8 });
  doc.font('Helvetica-Bold').fontSize(20).text('License Certificate', { width: WIDTH, align: 'center' });
  doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor(MUTED);
  doc.text(`${c.owner} grants ${c.buyer} the license below for the registered work “${c.workTitle}”.`, { width: WIDTH, align: 'center' });
  doc.moveDown(1);
  const rows: [string, string][] = [
    ['Certificate ID', c.certificateId],
    ['License ID', c.licenseId],
    ['Work', `${c.workTitle} (${c.workId})`],
    ['Owner', c.owner],
    ['Licensee', c.buyer],
    ['License type', TYPE_WORDS[c.type] ?? c.type],
    ['Scope', c.scope.replaceAll('_', ' ')],
    ['Territory', c.territory],
    ['Duration', c.duration],
    ['Price', formatLicensePrice(c.priceCents, c.currency)],
    ['Paid by', PAYMENT_WORDS[c.paymentMethod] ?? c.paymentMethod],
    ['Issued', `${c.issuedAt.slice(0, 16).replace('T', ' ')} UTC`],
    ['Work certificate', c.workCertificateId],
    ['Work file SHA-256', c.workSha256],
  ];
  for (const [label, value] of rows) {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(label, LEFT, y, { width: 130 });
    doc.font(label.includes('SHA') ? 'Courier' : 'Helvetica').fontSize(9).text(value, LEFT + 135, y, { width: WIDTH - 135 });
    doc.moveDown(0.3);
  }
  const t = c.terms;
  const flags = [
    t.attributionRequired ? 'Attribution required' : 'No attribution required',
    t.commercialUse ? 'Commercial use allowed' : 'No commercial use',
    t.derivatives ? 'Derivatives allowed' : 'No derivatives',
    t.distribution ? 'Distribution allowed' : 'No distribution',
  ];
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(10).text('Terms', LEFT, doc.y, { width: WIDTH });
  doc.font('Helvetica').fontSize(9).text(flags.join(' · '), { width: WIDTH });
  if (t.permissions.length > 0) doc.text(`Permitted: ${t.permissions.join('; ')}`, { width: WIDTH });
  if (t.restrictions.length > 0) doc.text(`Restricted: ${t.restrictions.join('; ')}`, { width: WIDTH });
  if (t.customTerms) doc.text(t.customTerms, { width: WIDTH, height: 80, ellipsis: true });
  const top = Math.max(doc.y + 16, 640);
  doc.font('Helvetica-Bold').fontSize(9).text('Digital signature (Ed25519 over the RFC 8785 canonical JSON of the certificate)', LEFT, top, { width: WIDTH - 120 });
  doc.font('Courier').fontSize(7).fillColor(INK);
  doc.text(`Key ID: ${signature.keyId}`, { width: WIDTH - 120 });
  doc.text(`Public key: ${signature.publicKey}`, { width: WIDTH - 120 });
  doc.text(`Signature: ${signature.value}`, { width: WIDTH - 120 });
  doc.font('Helvetica').fontSize(7).fillColor(MUTED).text(`Verify: ${c.verificationUrl}`, { width: WIDTH - 120, link: c.verificationUrl });
  doc.image(qrPng, LEFT + WIDTH - 100, top, { width: 100, height: 100 });
  doc.end();
  return rendered;
}
