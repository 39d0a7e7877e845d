// The welcome tab (spec 3 §2.2): visitors get the pitch and the sign-up / log-in buttons; a
// signed-in creator gets the "get started" path, with what can be used today marked as such, and
// both see what each step costs, from the server's price list.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { CSSProperties } from 'react';
import { WELCOME_BONUS_TOKENS } from '../../../../../domain/constants';
import type { User } from '../../../../../domain/contracts/auth';
import { openLogin, openPricing, openSignup } from '../../../lib/app-events';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { ServicePriceList } from '../../tokens/components/service-price-list';

// What each step does today; `available: false` only for an area that is not built.
const JOURNEY: { title: string; text: string; icon: string; available: boolean }[] = [
  { title: 'Upload', text: 'Add music, video, images or text to your vault. Each file is stored, fingerprinted (SHA-256) and probed.', icon: 'pi-cloud-upload', available: true },
  { title: 'Master', text: 'Master your music with style, loudness and format options; its eight steps stream in as they run, and you get a preview and the master.', icon: 'pi-sliders-h', available: true },
  { title: 'Copyright check', text: 'An oracle compares your work with the works already registered on GOOSE (for music: fingerprint, melody, harmony and rhythm) before registration.', icon: 'pi-shield', available: true },
  { title: 'Register on XRPL', text: 'Cleared work is registered on the XRP Ledger with a signed, downloadable certificate anyone can verify.', icon: 'pi-verified', available: true },
  { title: 'Vault', text: 'Play, download and follow the progress of everything you uploaded, live.', icon: 'pi-lock', available: true },
  {
    title: 'Royalty contracts',
    text: 'Smart contracts that pay the royalties of registered work to you and the receivers who accept their share; deployed once for $49.95 in XRP from your XRPL account.',
    icon: 'pi-file-edit',
    available: true,
  },
  {
    title: 'Licensing',
    text: 'Offer licenses for your registered work on the marketplace, paid by tokens, card or XRPL escrow; each sale issues a signed license certificate and a proof anyone can check.',
    icon: 'pi-briefcase',
    available: true,
  },
  { title: 'Distribute', text: 'Release registered music to streaming platforms and keep your royalties.', icon: 'pi-send', available: true },
];

const WAVE = [18, 30, 46, 62, 40, 74, 92, 68, 52, 80, 100, 72, 48, 64, 86, 58, 36, 54, 76, 44, 28, 40, 22, 14];

export function WelcomePanel({ user, onSelectTab }: { user: User | null; onSelectTab(tab: DashboardTab): void }) {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="hero-banner welcome__hero">
        <div className="welcome__hero-text">
          {!user && <Tag value={`${WELCOME_BONUS_TOKENS} free tokens for new creators`} icon="pi pi-gift" severity="success" rounded />}
          <h1 id="welcome-title">{user ? `Welcome, ${user.username}` : 'Your AI-assisted music, protected from upload to release'}</h1>
          <p className="welcome__lead">
            GOOSE keeps your work in a personal vault and takes it through mastering, copyright clearance and blockchain
            registration, one step after another, paid with GOOSE tokens (1 token = 1 USD), then into royalty contracts
            that pay your collaborators, licenses on the marketplace and releases to streaming platforms. Every registered work is
            in the public rights registry with proofs anyone can verify.
          </p>
          {user ? (
            <div className="button-row">
              <Button label="Upload content" icon="pi pi-cloud-upload" onClick={() => onSelectTab('upload')} />
              <Button label="Open my vault" icon="pi pi-lock" outlined onClick={() => onSelectTab('vault')} />
            </div>
          ) : (
            <div className="button-row">
              <Button label="Sign Up Now" icon="pi pi-user-plus" size="large" onClick={openSignup} />
              <Button label="Log In" icon="pi pi-sign-in" size="large" outlined onClick={openLogin} />
            </div>
          )}
        </div>
        <div className="hero-wave" aria-hidden="true">
          {WAVE.map((height, index) => (
            <span key={index} style={{ '--h': `${height}%` } as CSSProperties} />
          ))}
        </div>
      </div>
      <h2 className="section-title">{user ? 'Get started' : 'How it works'}</h2>
      <ol className="grid-list journey">
        {JOURNEY.map((step, index) => (
          <li key={step.title}>
            <Card className={`journey__card${step.available ? '' : ' journey__card--later'}`}>
              <div className="journey__head">
                <span className="journey__number" aria-hidden="true">
                  {index + 1}
                </span>
                <i className={`pi ${step.icon}`} aria-hidden="true" />
                <h3>{step.title}</h3>
              </div>
              <p>{step.text}</p>
              <Tag value={step.available ? 'Available now' : 'Not available yet'} severity={step.available ? 'success' : 'secondary'} />
            </Card>
          </li>
        ))}
      </ol>
      <h2 className="section-title" id="welcome-pricing-title">
        What it costs
      </h2>
      <Card className="welcome__pricing" aria-labelledby="welcome-pricing-title">
        <p className="muted">
          Steps are paid in GOOSE tokens, 1 token = 1 USD, and charged only when they succeed. New creators start with {WELCOME_BONUS_TOKENS}{' '}
          free tokens; token packages and monthly plans add more.
        </p>
        <ServicePriceList />
        {user ? (
          <div className="button-row">
            <Button label="See pricing plans" icon="pi pi-tags" outlined onClick={() => openPricing()} />
          </div>
        ) : null}
      </Card>
    </section>
  );
}
