// The welcome tab: visitors get the pitch, how it works and the sign-up / log-in buttons; a
// signed-in creator gets the "Get started" path (upload or create, master, check, register, each
// with its cost and ticked as their tracks reach it); both read what each step does on this server
// (GET /api/capabilities) and what it costs, from the server's price list.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import type { CSSProperties } from 'react';
import { WELCOME_BONUS_TOKENS } from '../../../../../domain/constants';
import type { User } from '../../../../../domain/contracts/auth';
import { openLogin, openPricing, openSignup } from '../../../lib/app-events';
import type { DashboardTab } from '../../../lib/dashboard-tabs';
import { useCapabilities } from '../../../lib/capabilities';
import { ServicePriceList } from '../../../components/tokens/service-price-list';
import { journeySteps, welcomeLead } from '../journey';
import { GetStartedPath } from './get-started-path';

const WAVE = [18, 30, 46, 62, 40, 74, 92, 68, 52, 80, 100, 72, 48, 64, 86, 58, 36, 54, 76, 44, 28, 40, 22, 14];

export function WelcomePanel({ user, onSelectTab }: { user: User | null; onSelectTab(tab: DashboardTab): void }) {
  const capabilities = useCapabilities().data;
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="hero-banner welcome__hero">
        <div className="welcome__hero-text">
          {!user && <Tag value={`${WELCOME_BONUS_TOKENS} free tokens for new creators`} icon="pi pi-gift" severity="success" rounded />}
          <h1 id="welcome-title">{user ? `Welcome, ${user.username}` : 'Your AI-assisted music, protected from upload to release'}</h1>
          <p className="welcome__lead">{welcomeLead(capabilities)}</p>
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
      {user ? (
        <GetStartedPath onSelectTab={onSelectTab} />
      ) : (
        <ol className="grid-list journey">
          {journeySteps(capabilities).map((step, index) => (
            <li key={step.title}>
              <Card className={`journey__card${step.severity === 'secondary' ? ' journey__card--later' : ''}`}>
                <div className="journey__head">
                  <span className="journey__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <i className={`pi ${step.icon}`} aria-hidden="true" />
                  <h3>{step.title}</h3>
                </div>
                <p>{step.text}</p>
                <Tag value={step.tag} severity={step.severity} />
              </Card>
            </li>
          ))}
        </ol>
      )}
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
