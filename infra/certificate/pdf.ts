// The printable copyright certificate: one A4 page drawn with pdfkit's built-in fonts, carrying
// every signed field, a QR code to the public verification page and the signature itself, so a
// paper copy can still be checked; a generated work's certificate has a second page with its
// provenance (output hashes shortened there, whole in the JSON). Same certificate in, same bytes out.
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { GeneratedWork } from '../../domain/creation/generated-work';
import type { SignedCertificate } from './certificate';

type Pdf = PDFKit.PDFDocument;
type LedgerStatus = SignedCertificate['certificate']['ledgerStatus'];

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const LEFT = 56;
const RIGHT = PAGE.width - LEFT;
const CONTENT_WIDTH = RIGHT - LEFT;
const CENTER = PAGE.width / 2;

const COLORS = {
  navy: '#1B2A4A',
  gold: '#B08D57',
  ink: '#1F2328',
  muted: '#6B7280',
  panel: '#FAF7F0',
  link: '#1D4ED8',
  validated: '#15803D',
  pending: '#B45309',
};

const LEDGER_STATUS_WORDS: Record<LedgerStatus, { label: string; color: string; intro: string }> = {
  validated: { label: 'Validated on the XRP Ledger', color: COLORS.validated, intro: 'and recorded on the XRP Ledger.' },
  submitted: {
    label: 'Submitted to the XRP Ledger, awaiting validation',
    color: COLORS.pending,
    intro: 'and submitted to the XRP Ledger, which has not validated it yet.',
  },
  awaiting_submission: {
    label: 'Signed, awaiting ledger submission',
    color: COLORS.pending,
    intro: 'and signed for the XRP Ledger; the transaction has not been submitted yet.',
  },
};

/** Every Courier glyph is 600/1000 of the font size wide. */
const COURIER_ADVANCE = 0.6;
const QR_SIZE = 100;
const QR_COLUMN_WIDTH = 140;

export async function renderCertificatePdf(signed: SignedCertificate): Promise<Buffer> {
  const { certificate } = signed;
  const qrPng = await QRCode.toBuffer(certificate.verificationUrl, {
    type: 'png',
    errorCorrectionLevel: 'M',
    // The quiet zone is the white page around the image.
    margin: 0,
    scale: 8,
  });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    lang: 'en',
    displayTitle: true,
    info: {
      Title: `Certificate of Copyright Registration: ${certificate.title}`,
      Author: 'GOOSE',
      Subject: `Copyright certificate ${certificate.certificateId} for "${certificate.title}" by ${certificate.owner}`,
      Keywords: `copyright, certificate, XRPL, ${certificate.certificateId}, ${certificate.xrplTxHash}`,
      Creator: 'GOOSE Copyright Registry',
      // Also seeds the document id, which otherwise comes from the clock.
      CreationDate: new Date(certificate.registrationDate),
    },
  });
  const rendered = collectPdf(doc);
  drawFrame(doc);
  drawHeading(doc, signed);
  drawDetails(doc, signed);
  drawProof(doc, signed);
  drawSignatureAndQr(doc, signed, qrPng);
  drawFooter(doc, signed);
  if (certificate.generation) {
    doc.addPage({ size: 'A4', margin: 0 });
    drawFrame(doc);
    drawGeneration(doc, certificate.generation);
    drawFooter(doc, signed);
  }
  doc.end();
  return rendered;
}

function drawFrame(doc: Pdf): void {
  doc.lineWidth(2).strokeColor(COLORS.navy).rect(22, 22, PAGE.width - 44, PAGE.height - 44).stroke();
  doc.lineWidth(0.75).strokeColor(COLORS.gold).rect(28, 28, PAGE.width - 56, PAGE.height - 56).stroke();
}

function drawHeading(doc: Pdf, { certificate }: SignedCertificate): void {
  centered(doc, 'GOOSE', 56, { font: 'Helvetica-Bold', size: 24, color: COLORS.navy, characterSpacing: 8 });
  centered(doc, 'COPYRIGHT REGISTRY', 86, { font: 'Helvetica', size: 7.5, color: COLORS.gold, characterSpacing: 3 });
  doc.lineWidth(0.75).strokeColor(COLORS.gold).moveTo(CENTER - 40, 102).lineTo(CENTER + 40, 102).stroke();
  centered(doc, 'Certificate of Copyright Registration', 114, { font: 'Helvetica-Bold', size: 21, color: COLORS.navy });
  const intro =
    'This certifies that the work named below is registered in the GOOSE Copyright Registry, identified by the ' +
    `SHA-256 hash of its file, ${LEDGER_STATUS_WORDS[certificate.ledgerStatus].intro}`;
  centered(doc, intro, 144, { font: 'Helvetica', size: 9.5, color: COLORS.muted, maxLines: 2 });

  // The title (up to two lines) and its owner, centred vertically in their band.
  const bandTop = 180;
  const bandHeight = 80;
  const titleStyle = { font: 'Helvetica-Bold', size: 20, color: COLORS.ink, maxLines: 2 };
  const title = `“${pdfText(certificate.title)}”`;
  doc.font(titleStyle.font).fontSize(titleStyle.size);
  const titleHeight = Math.min(doc.heightOfString(title, { width: CONTENT_WIDTH }), lineHeight(titleStyle.size) * titleStyle.maxLines);
  const blockHeight = titleHeight + 6 + lineHeight(10.5);
  const titleTop = bandTop + (bandHeight - blockHeight) / 2;
  centered(doc, title, titleTop, titleStyle);
  const byline = `registered by ${pdfText(certificate.owner)}${certificate.generation ? ' · generated by software on GOOSE (provenance on page 2)' : ''}`;
  centered(doc, byline, titleTop + titleHeight + 6, {
    font: 'Helvetica-Oblique',
    size: 10.5,
    color: COLORS.muted,
  });
}

function drawDetails(doc: Pdf, { certificate }: SignedCertificate): void {
  const top = 268;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, 172, 6).fillColor(COLORS.panel).fill();
  const columnWidth = (CONTENT_WIDTH - 3 * 14) / 2;
  const leftX = LEFT + 14;
  const rightX = leftX + columnWidth + 14;
  const ledger = LEDGER_STATUS_WORDS[certificate.ledgerStatus];
  const rows: [label: string, value: string, color?: string][][] = [
    [
      ['Owner', certificate.owner],
      ['Certificate ID', certificate.certificateId],
    ],
    [
      ['Content type', capitalise(certificate.contentType)],
      ['Copyright status', `${capitalise(certificate.copyrightStatus)} · ${capitalise(certificate.publicVisibility)}`],
    ],
    [
      ['File name', certificate.uploadedFileName ?? certificate.fileName],
      ['Blockchain network', certificate.blockchainNetwork],
    ],
    [
      ['Registration date', formatDate(certificate.registrationDate)],
      ['Ledger status', ledger.label, ledger.color],
    ],
    [
      ['Clearance score', certificate.clearanceScore === null ? 'Not scored' : `${certificate.clearanceScore} / 100`],
      ['Verification status', capitalise(certificate.verificationStatus)],
    ],
  ];
  rows.forEach((row, index) => {
    const y = top + 14 + index * 31;
    row.forEach(([label, value, color], column) => {
      field(doc, label, value, column === 0 ? leftX : rightX, y, columnWidth, { color });
    });
  });
}

function drawProof(doc: Pdf, { certificate }: SignedCertificate): void {
  const top = 452;
  const x = LEFT + 14;
  const width = CONTENT_WIDTH - 28;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, 164, 6).fillColor(COLORS.panel).fill();
  const mono = { font: 'Courier', size: 9, maxLines: 2 };
  field(doc, 'SHA-256 of the registered file', certificate.sha256, x, top + 12, width, mono);
  field(doc, 'XRPL transaction hash', certificate.xrplTxHash, x, top + 44, width, mono);
  field(doc, 'Platform wallet (signed the transaction)', certificate.walletAddress, x, top + 76, width, { ...mono, maxLines: 1 });

  label(doc, 'View the transaction', x, top + 104, width);
  const explorers: [name: string, url: string | null][] = [
    ['XRPScan', certificate.blockchainExplorer.xrpscan],
    ['XRPLorer', certificate.blockchainExplorer.xrplorer],
    ['Bithomp', certificate.blockchainExplorer.bithomp],
  ];
  explorers.forEach(([name, url], index) => {
    const y = top + 114 + index * 10;
    doc.font('Helvetica-Bold').fontSize(7).fillColor(COLORS.ink).text(name, x, y, { lineBreak: false });
    if (url) {
      doc.font('Helvetica').fillColor(COLORS.link).text(pdfText(url), x + 44, y, { width: width - 44, height: lineHeight(7), ellipsis: true, link: url });
    } else {
      doc.font('Helvetica-Oblique').fillColor(COLORS.muted).text('No page for this network', x + 44, y, { width: width - 44, lineBreak: false });
    }
  });
  if (certificate.ledgerStatus !== 'validated') {
    doc
      .font('Helvetica-Oblique')
      .fontSize(6.5)
      .fillColor(COLORS.muted)
      .text('The explorers show the transaction once the ledger has validated it.', x, top + 146, { width, lineBreak: false });
  }
}

function drawSignatureAndQr(doc: Pdf, { certificate, signature }: SignedCertificate, qrPng: Buffer): void {
  const top = 632;
  const qrColumnX = RIGHT - QR_COLUMN_WIDTH;
  const width = qrColumnX - 20 - LEFT;

  label(doc, 'Digital signature', LEFT, top, width);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(COLORS.ink)
    .text(`${signature.algorithm} signature over the RFC 8785 canonical JSON of this certificate's fields`, LEFT, top + 11, {
      width,
      lineBreak: false,
    });
  const entries: [name: string, value: string, lines: number][] = [
    ['Key ID', signature.keyId, 1],
    ['Public key', signature.publicKey, 1],
    ['Signature', signature.value, 3],
  ];
  let y = top + 25;
  for (const [name, value, lines] of entries) {
    doc.font('Helvetica-Bold').fontSize(7).fillColor(COLORS.muted).text(name, LEFT, y, { lineBreak: false });
    doc.font('Courier').fontSize(6.5).fillColor(COLORS.ink);
    const valueText = breakMonospace(pdfText(value), width - 52, 6.5);
    const height = Math.min(doc.heightOfString(valueText, { width: width - 52 }), lineHeight(6.5) * lines);
    doc.text(valueText, LEFT + 52, y + 0.5, { width: width - 52, height, ellipsis: true });
    y += Math.max(height, lineHeight(7)) + 4;
  }
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(COLORS.muted)
    .text(
      "To check this certificate, scan the code or open the address beside it; or verify the signature against GOOSE's published public key.",
      LEFT,
      y + 4,
      { width, height: lineHeight(7) * 2, ellipsis: true },
    );

  const qrX = qrColumnX + (QR_COLUMN_WIDTH - QR_SIZE) / 2;
  doc.image(qrPng, qrX, top, { width: QR_SIZE, height: QR_SIZE, link: certificate.verificationUrl });
  doc
    .font('Helvetica-Bold')
    .fontSize(7)
    .fillColor(COLORS.navy)
    .text('Scan to verify', qrColumnX, top + QR_SIZE + 6, { width: QR_COLUMN_WIDTH, align: 'center', lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(6.5)
    .fillColor(COLORS.link)
    .text(pdfText(certificate.verificationUrl), qrColumnX, top + QR_SIZE + 16, {
      width: QR_COLUMN_WIDTH,
      align: 'center',
      height: lineHeight(6.5) * 3,
      ellipsis: true,
      link: certificate.verificationUrl,
    });
}

/** A hash cut to its first 16 and last 8 digits: enough to compare by eye; the JSON has it whole. */
export function shortHash(hash: string): string {
  return hash.length <= 27 ? hash : `${hash.slice(0, 16)}...${hash.slice(-8)}`;
}

function drawGeneration(doc: Pdf, work: GeneratedWork): void {
  centered(doc, 'GOOSE', 56, { font: 'Helvetica-Bold', size: 24, color: COLORS.navy, characterSpacing: 8 });
  centered(doc, 'Provenance of a generated work', 92, { font: 'Helvetica-Bold', size: 18, color: COLORS.navy });
  centered(doc, pdfText(work.statement), 118, { font: 'Helvetica', size: 9.5, color: COLORS.muted, maxLines: 2 });

  const columnWidth = (CONTENT_WIDTH - 3 * 14) / 2;
  const leftX = LEFT + 14;
  const rightX = leftX + columnWidth + 14;
  const packages = Object.entries(work.engine.packages).map(([name, version]) => `${name} ${version}`).join(', ');
  let top = 152;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, 110, 6).fillColor(COLORS.panel).fill();
  const small = { size: 9 };
  field(doc, 'Generated by', `${work.engine.composer}${packages ? ` (${packages})` : ''}`, leftX, top + 12, CONTENT_WIDTH - 28, small);
  field(doc, 'SoundFont', `${work.soundFont.name} · ${work.soundFont.licence}`, leftX, top + 42, columnWidth, small);
  field(doc, 'Vocals', work.vocalEngine ?? 'None (instrumental)', rightX, top + 42, columnWidth, small);
  field(doc, 'Digital source type (IPTC)', 'algorithmicMedia', leftX, top + 72, columnWidth, small);
  field(doc, 'Generation', work.source ? `${work.generationId} (${work.source.operation} of ${work.source.generationId})` : work.generationId, rightX, top + 72, columnWidth, small);

  top = 274;
  doc.roundedRect(LEFT, top, CONTENT_WIDTH, 150, 6).fillColor(COLORS.panel).fill();
  field(doc, 'Request', work.request.prompt, leftX, top + 12, CONTENT_WIDTH - 28, { size: 9, maxLines: 3 });
  field(doc, 'Genre · mood', `${work.request.genre} · ${work.request.mood}`, leftX, top + 58, columnWidth, small);
  field(doc, 'Styles', work.request.styles.length > 0 ? work.request.styles.join(', ') : 'None chosen', rightX, top + 58, columnWidth, small);
  field(doc, 'Tempo · key', `${work.request.tempo} BPM · ${work.request.key}`, leftX, top + 86, columnWidth, small);
  field(doc, 'Seed', String(work.seed), rightX, top + 86, columnWidth, small);
  field(doc, 'SHA-256 of the canonical request', work.requestHash, leftX, top + 114, CONTENT_WIDTH - 28, { font: 'Courier', size: 8 });

  top = 436;
  label(doc, 'Files generated (SHA-256, shortened)', LEFT, top, CONTENT_WIDTH);
  const prefix = `generation-${work.generationId}-`;
  const rowHeight = 11;
  const rows = Math.min(work.outputs.length, Math.floor((730 - top - 14) / rowHeight));
  work.outputs.slice(0, rows).forEach((output, index) => {
    const y = top + 12 + index * rowHeight;
    const name = output.path.startsWith(prefix) ? output.path.slice(prefix.length) : output.path;
    doc.font('Helvetica').fontSize(8).fillColor(COLORS.ink).text(pdfText(name), LEFT, y, { width: 180, height: lineHeight(8), ellipsis: true });
    doc.font('Courier').fontSize(8).fillColor(COLORS.ink).text(pdfText(shortHash(output.sha256)), LEFT + 190, y, { lineBreak: false });
  });
  const more = work.outputs.length - rows;
  const noteY = top + 12 + rows * rowHeight + 8;
  if (more > 0) doc.font('Helvetica-Oblique').fontSize(7.5).fillColor(COLORS.muted).text(`and ${more} more, listed in the certificate's JSON`, LEFT, noteY - 6, { lineBreak: false });
  const c2pa = work.c2pa
    ? `The WAV and MP3 carry a C2PA manifest saying so. ${work.c2pa.signedBy}`
    : 'No C2PA manifest was embedded in these files.';
  doc.font('Helvetica').fontSize(7.5).fillColor(COLORS.muted).text(pdfText(c2pa), LEFT, Math.max(noteY + 6, 740), { width: CONTENT_WIDTH, height: lineHeight(7.5) * 3, ellipsis: true });
}

function drawFooter(doc: Pdf, { certificate }: SignedCertificate): void {
  doc.lineWidth(0.5).strokeColor(COLORS.gold).moveTo(LEFT, 786).lineTo(RIGHT, 786).stroke();
  centered(doc, `GOOSE Copyright Registry · certificate format version ${pdfText(certificate.version)}`, 793, {
    font: 'Helvetica',
    size: 7.5,
    color: COLORS.muted,
  });
}

interface TextStyle {
  font: string;
  size: number;
  color?: string;
  characterSpacing?: number;
  maxLines?: number;
}

function centered(doc: Pdf, text: string, y: number, style: TextStyle): void {
  const maxLines = style.maxLines ?? 1;
  doc
    .font(style.font)
    .fontSize(style.size)
    .fillColor(style.color ?? COLORS.ink)
    .text(text, LEFT, y, {
      width: CONTENT_WIDTH,
      align: 'center',
      characterSpacing: style.characterSpacing ?? 0,
      height: lineHeight(style.size) * maxLines,
      ellipsis: true,
    });
}

function label(doc: Pdf, text: string, x: number, y: number, width: number): void {
  doc.font('Helvetica-Bold').fontSize(6.5).fillColor(COLORS.muted).text(text.toUpperCase(), x, y, { width, characterSpacing: 0.8, lineBreak: false });
}

/** A label over its value; values longer than maxLines end in an ellipsis rather than overflow. */
function field(doc: Pdf, name: string, value: string, x: number, y: number, width: number, style: Partial<TextStyle> = {}): void {
  label(doc, name, x, y, width);
  const size = style.size ?? 10.5;
  const font = style.font ?? 'Helvetica';
  const text = font === 'Courier' ? breakMonospace(pdfText(value), width, size) : pdfText(value);
  doc
    .font(font)
    .fontSize(size)
    .fillColor(style.color ?? COLORS.ink)
    .text(text, x, y + 10, { width, characterSpacing: 0, height: lineHeight(size) * (style.maxLines ?? 1), ellipsis: true });
}

/**
 * Hashes, keys and signatures cut into full-width lines: left to pdfkit they would break after a
 * '-', which reads like hyphenation of a value that contains real hyphens.
 */
function breakMonospace(text: string, width: number, size: number): string {
  const perLine = Math.max(1, Math.floor(width / (size * COURIER_ADVANCE)));
  return text.match(new RegExp(`.{1,${perLine}}`, 'g'))?.join('\n') ?? '';
}

function lineHeight(size: number): number {
  return size * 1.2;
}

/**
 * The built-in PDF fonts only cover Windows-1252; anything else would print as stray bytes.
 * Accented letters lose their accent when that makes them printable, and the rest become '?'.
 */
function pdfText(text: string): string {
  return Array.from(text.normalize('NFC'), (char) => {
    if (isWinAnsi(char)) return char;
    if (/\s/.test(char)) return ' ';
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    return plain && Array.from(plain).every(isWinAnsi) ? plain : '?';
  }).join('');
}

const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** In UTC, so the printed date does not depend on the server's time zone. */
function formatDate(iso: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
}

/** The document's bytes once pdfkit has written it out (call before `doc.end()`). */
export function collectPdf(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
