// The QXMP Pay sign-in dialog: the provider's sign-in frame as a widget, loaded
// with mode=widget, our page origin and a nonce from our server. It listens to the frame's
// messages (readWidgetMessage: only from the provider's origin), posts the signed assertion to
// the server on auth_success, shows auth_error with Try Again and Cancel, and closes on
// auth_cancel, with a toast for each outcome.
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { getQxmpPayNonce, useQxmpPaySignIn } from '../api/qxmp-pay';
import { readWidgetMessage, widgetFrameUrl } from '../widget-messages';

const SIGNED_IN_TOAST_LIFE_MS = 5_000;

type Stage = { kind: 'starting' } | { kind: 'loading'; src: string } | { kind: 'ready'; src: string } | { kind: 'verifying' } | { kind: 'error'; message: string };

/** Mounted while open: each opening starts a fresh sign-in with a new nonce. */
interface QxmpPayDialogProps {
  /** The provider's origin: the only one whose messages count. */
  providerOrigin: string;
  onClose(): void;
}

export function QxmpPayDialog({ providerOrigin, onClose }: QxmpPayDialogProps) {
  const [stage, setStage] = useState<Stage>({ kind: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const toast = useToast();
  const signIn = useQxmpPaySignIn();

  useEffect(() => {
    let current = true;
    getQxmpPayNonce().then(
      ({ nonce, widgetUrl }) => current && setStage({ kind: 'loading', src: widgetFrameUrl(widgetUrl, window.location.origin, nonce) }),
      (error: unknown) => current && setStage({ kind: 'error', message: errorMessage(error, 'Could not start sign-in with QXMP Pay') }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const onMessage = useEffectEvent((event: MessageEvent) => {
    // Only the frame this dialog opened speaks for the provider, on top of the origin rule.
    if (!frameRef.current || event.source !== frameRef.current.contentWindow) return;
    const action = readWidgetMessage(event, providerOrigin);
    switch (action.kind) {
      case 'ready':
        setStage((previous) => (previous.kind === 'loading' ? { kind: 'ready', src: previous.src } : previous));
        return;
      case 'cancel':
        onClose();
        return;
      case 'error':
        setStage({ kind: 'error', message: action.message });
        return;
      case 'success':
        // One assertion per nonce: a repeated success message while the first is checked is noise.
        if (stage.kind === 'verifying') return;
        setStage({ kind: 'verifying' });
        signIn.mutate(
          { assertion: action.assertion },
          {
            onSuccess: () => {
              toast.show({
                severity: 'success',
                summary: 'Welcome to GOOSE!',
                detail: 'Successfully authenticated with QXMP Pay! Your wallet is ready.',
                life: SIGNED_IN_TOAST_LIFE_MS,
              });
              onClose();
            },
            onError: (error) => {
              const message = errorMessage(error, 'Failed to authenticate with QXMP Pay');
              toast.show({ severity: 'error', summary: 'Authentication failed', detail: message });
              setStage({ kind: 'error', message });
            },
          },
        );
        return;
      case 'ignore':
        return;
    }
  });

  useEffect(() => {
    const listener = (event: MessageEvent) => onMessage(event);
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const tryAgain = () => {
    setStage({ kind: 'starting' });
    setAttempt((n) => n + 1);
  };

  const src = stage.kind === 'loading' || stage.kind === 'ready' ? stage.src : null;
  return (
    <Dialog header="Continue with QXMP Pay" visible onHide={onClose} className="auth-dialog qxmp-pay-dialog" draggable={false}>
      {(stage.kind === 'starting' || stage.kind === 'verifying' || stage.kind === 'loading') && (
        <div className="qxmp-pay-dialog__status" role="status">
          <ProgressSpinner style={{ width: '2rem', height: '2rem' }} strokeWidth="4" />
          <span className="muted">{stage.kind === 'verifying' ? 'Signing you in…' : 'Opening QXMP Pay…'}</span>
        </div>
      )}
      {stage.kind === 'error' && (
        <div className="qxmp-pay-dialog__error">
          <Message severity="error" text={stage.message} />
          <div className="qxmp-pay-dialog__actions">
            <Button label="Try Again" icon="pi pi-refresh" onClick={tryAgain} />
            <Button label="Cancel" severity="secondary" outlined onClick={onClose} />
          </div>
        </div>
      )}
      {src && (
        <iframe
          ref={frameRef}
          key={src}
          src={src}
          title="QXMP Pay sign-in"
          className="qxmp-pay-dialog__frame"
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
        />
      )}
    </Dialog>
  );
}
