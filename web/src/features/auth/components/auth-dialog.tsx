import { useEffect, useRef } from 'react';

import { Dialog } from '@/components/ui/dialog';
import { focusableIn } from '@/components/ui/focus';
import { env } from '@/config/env';

import type { AuthMode } from './auth-mode';
import { MfaForm } from './mfa-form';
import { ResetRequestForm } from './reset-request-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

export type AuthDialogProps = {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** Closes the dialog (after a success, or when the user dismisses it). */
  onClose: () => void;
  /** The second-factor step was dismissed: the pending sign-in is given up. */
  onCancelMfa: () => void;
};

const TITLES: Record<AuthMode, string> = {
  signin: 'Welcome Back',
  signup: `Join creators on ${env.APP_NAME}`,
  reset: 'Reset Password',
  mfa: 'Two-step verification',
};

const DESCRIPTIONS: Record<AuthMode, string> = {
  signin: 'Sign in to customise templates and keep your designs.',
  signup: 'Create a free account to customise templates and save your designs.',
  reset: 'Enter your email and we’ll send you a link to set a new password.',
  mfa: 'Enter the 6-digit code from your authenticator app to finish signing in.',
};

/** The auth dialog (spec section 2): sign-in, sign-up, reset, and a sign-in's second factor. */
export default function AuthDialog({ mode, onModeChange, onClose, onCancelMfa }: AuthDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const shownMode = useRef(mode);
  // The link that switched the mode is gone with its form: focus the new form's first field,
  // so focus stays in the dialog (the dialog itself focuses the first one on open).
  useEffect(() => {
    if (shownMode.current === mode) return;
    shownMode.current = mode;
    const content = contentRef.current;
    if (!content) return;
    const field = content.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, select');
    (field ?? focusableIn(content)[0])?.focus();
  }, [mode]);
  return (
    <Dialog
      open
      onClose={mode === 'mfa' ? onCancelMfa : onClose}
      title={TITLES[mode]}
      description={DESCRIPTIONS[mode]}
      size="sm"
    >
      <div ref={contentRef} style={{ display: "contents" }}>
      {mode === 'signin' ? <SignInForm key="signin" onDone={onClose} onSwitch={onModeChange} /> : null}
      {mode === 'signup' ? <SignUpForm key="signup" onDone={onClose} onSwitch={onModeChange} /> : null}
      {mode === 'reset' ? <ResetRequestForm key="reset" onDone={onClose} onSwitch={onModeChange} /> : null}
      {mode === 'mfa' ? <MfaForm key="mfa" onVerified={onClose} onCancel={() => onModeChange('signin')} /> : null}
      </div>
    </Dialog>
  );
}
