import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';

import { useAuth } from './auth-provider';
import type { AuthMode, OpenableAuthMode } from './auth-mode';

const loadAuthDialog = () => import('./auth-dialog');
const AuthDialog = lazy(loadAuthDialog);

/** Starts loading the dialog's code early (on hover or focus of a button that opens it). */
export function preloadAuthDialog(): void {
  void loadAuthDialog();
}

export type AuthDialogContextValue = {
  /** Opens the auth dialog in a mode: `signin`, `signup` or `reset`. */
  open: (mode: OpenableAuthMode) => void;
  close: () => void;
  isOpen: boolean;
  mode: AuthMode;
};

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/**
 * Owns the auth dialog so any component can open it (`useAuthDialog().open('signup')`). The
 * dialog's code loads on first use. A sign-in that needs its second factor (after a password,
 * or coming back from Google) opens the dialog on the code step by itself.
 */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const { mfaRequired, recovery, cancelMfa, urlError } = useAuth();
  const [state, setState] = useState<{ isOpen: boolean; mode: OpenableAuthMode }>({ isOpen: false, mode: 'signin' });

  // A sign-in waiting for its code shows the code step, whatever else is open; the reset page
  // asks a recovering user for the code itself.
  const askForCode = mfaRequired && !recovery && globalThis.location?.pathname !== paths.resetPassword.path;
  const mode: AuthMode = askForCode ? 'mfa' : state.mode;
  const isOpen = askForCode || state.isOpen;

  const open = useCallback((next: OpenableAuthMode) => setState({ isOpen: true, mode: next }), []);
  const close = useCallback(() => setState((previous) => ({ ...previous, isOpen: false })), []);
  const changeMode = useCallback(
    (next: AuthMode) => {
      if (next === 'mfa') return; // reached only through a sign-in
      if (askForCode) void cancelMfa(); // "Use another account"
      setState({ isOpen: true, mode: next });
    },
    [askForCode, cancelMfa],
  );
  const dismissSecondFactor = useCallback(() => {
    void cancelMfa();
    setState({ isOpen: false, mode: 'signin' });
  }, [cancelMfa]);

  const reported = useRef<typeof urlError>(null);
  useEffect(() => {
    if (urlError && reported.current !== urlError && globalThis.location?.pathname !== paths.resetPassword.path) {
      reported.current = urlError;
      toast.error('We could not sign you in', urlError.description);
    }
  }, [urlError]);

  const value = useMemo(() => ({ isOpen, mode, open, close }), [isOpen, mode, open, close]);
  return (
    <AuthDialogContext.Provider value={value}>
      {children}
      {isOpen ? (
        <Suspense fallback={null}>
          <AuthDialog mode={mode} onModeChange={changeMode} onClose={close} onCancelMfa={dismissSecondFactor} />
        </Suspense>
      ) : null}
    </AuthDialogContext.Provider>
  );
}

export function useAuthDialog(): AuthDialogContextValue {
  const context = useContext(AuthDialogContext);
  if (!context) throw new Error('useAuthDialog must be used within an AuthDialogProvider');
  return context;
}
