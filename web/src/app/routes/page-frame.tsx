// The frame of the full pages outside the dashboard: a slim header with the brand and a way back.
import { Button } from 'primereact/button';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';

export function PageFrame({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="page-frame">
      <header className="app-header">
        <Link className="brand" to="/" aria-label="GOOSE home">
          <span className="brand-mark gradient-text">GOOSE</span>
          <span className="brand-tagline">Create · Protect · Distribute</span>
        </Link>
        <Button label="Dashboard" icon="pi pi-arrow-left" text onClick={() => navigate('/')} />
      </header>
      <main className="page-frame__main">{children}</main>
    </div>
  );
}
