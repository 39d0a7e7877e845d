// The public verification pages: /verify/:certificateId, where anyone, signed in or not, can check
// a certificate (the address printed on the certificate and in its QR code), and /verify, where
// anyone checks a downloaded proof bundle in the browser.
import { useParams } from 'react-router-dom';
import { BundleVerification } from '../../features/verify/components/bundle-verification';
import { CertificateVerification } from '../../features/verify/components/certificate-verification';
import { PageFrame } from './page-frame';

export function VerifyRoute() {
  const { certificateId = '' } = useParams();
  return (
    <PageFrame>
      <CertificateVerification key={certificateId} certificateId={certificateId} />
    </PageFrame>
  );
}

export function BundleVerifyRoute() {
  return (
    <PageFrame>
      <BundleVerification />
    </PageFrame>
  );
}
