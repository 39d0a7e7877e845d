// The card that closes the studio: what the mastering engine does, stated as it is.
import { Card } from 'primereact/card';
import { FeatureList } from './feature-list';

const FEATURES = [
  { icon: 'pi-chart-line', title: 'Measured loudness', text: 'Every master is measured after processing: integrated LUFS, dynamic range and true peak.' },
  { icon: 'pi-sliders-v', title: 'Eight-step chain', text: 'Analysis, EQ, compression, stereo enhancement, harmonic processing, limiting, quality check and export.' },
  { icon: 'pi-volume-up', title: 'Loudness targets', text: '−14 LUFS for streaming, −9 LUFS for most releases, −6 LUFS for loud genres.' },
  { icon: 'pi-file-export', title: 'Delivery formats', text: 'WAV at the source resolution, CD-ready 44.1 kHz / 16-bit WAV, or 320 kbps MP3.' },
];

export function ProfessionalFeaturesCard() {
  return (
    <section aria-labelledby="pro-features-title">
      <Card className="pro-features">
        <h3 id="pro-features-title">Professional Mastering Features</h3>
        <FeatureList points={FEATURES} className="pro-features__grid" />
      </Card>
    </section>
  );
}
