// Any address the app does not know: says so and offers the way home.
import { Button } from 'primereact/button';
import { useLocation, useNavigate } from 'react-router-dom';
import { PageFrame } from './page-frame';

export function NotFoundRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <PageFrame>
      <div className="page-message">
        <span className="page-message__code gradient-text" aria-hidden="true">
          404
        </span>
        <h1>Page Not Found</h1>
        <p className="muted">
          There is no page at <code>{pathname}</code>.
        </p>
        <Button label="Go to the dashboard" icon="pi pi-home" onClick={() => navigate('/')} />
      </div>
    </PageFrame>
  );
}
