// The footer of every page: the six legal documents, each opening in a dialog at its own address
// (/legal/<id>), and the FAQ.
import { Link } from 'react-router-dom';
import { LEGAL_DOCUMENT_IDS, type LegalDocumentId } from '../../../../../domain/contracts/knowledge';
import { dashboardTabPath } from '../../../lib/dashboard-tabs';
import { legalPath } from '../../../lib/legal';

/** The footer's link names (the documents' own titles show in their dialogs). */
export const LEGAL_LINK_LABELS: Record<LegalDocumentId, string> = {
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  copyright: 'Copyright Policy',
  oracle: 'Copyright Oracle Policy',
  api: 'API Terms',
  'smart-contracts': 'Smart Contract Terms',
};

export function LegalFooter() {
  return (
    <footer className="legal-footer">
      <nav aria-label="Legal documents and help">
        <ul className="legal-footer__links">
          {LEGAL_DOCUMENT_IDS.map((id) => (
            <li key={id}>
              <Link to={legalPath(id)}>{LEGAL_LINK_LABELS[id]}</Link>
            </li>
          ))}
          <li>
            <Link to={dashboardTabPath('faq')}>FAQ</Link>
          </li>
        </ul>
      </nav>
      <p className="legal-footer__note muted">© GOOSE · Create · Protect · Distribute</p>
    </footer>
  );
}
