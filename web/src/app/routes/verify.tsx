// The public certificate verification page, /verify/:certificateId: anyone, signed in or not,
// can check a certificate here (the address printed on the certificate and in its QR code).
import { useParams } from 'react-router-dom';
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
