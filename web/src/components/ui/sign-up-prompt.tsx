// The call to action a visitor sees in place of a feature that needs an account (a
// gated tab). The buttons ask the app-wide auth dialogs to open.
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { WELCOME_BONUS_TOKENS } from '../../../../domain/constants';
import { openLogin, openSignup } from '../../lib/app-events';

export function SignUpPrompt({ title, icon, reason }: { title: string; icon: string; reason: string }) {
  return (
    <section className="sign-up-prompt" aria-label={title}>
      <Card>
        <div className="sign-up-prompt__body">
          <i className={`pi ${icon} sign-up-prompt__icon`} aria-hidden="true" />
          <h2>{title}</h2>
          <p>{reason}</p>
          <p className="muted">New creators receive {WELCOME_BONUS_TOKENS} free tokens as a welcome bonus.</p>
          <div className="button-row button-row--center">
            <Button label="Sign Up" icon="pi pi-user-plus" onClick={openSignup} />
            <Button label="Log In" icon="pi pi-sign-in" outlined onClick={openLogin} />
          </div>
        </div>
      </Card>
    </section>
  );
}
