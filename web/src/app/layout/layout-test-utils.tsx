import type { ReactElement, ReactNode } from 'react';

import { createMockUser } from '@/testing/data-generators';
import type { MockUser } from '@/testing/mocks/auth-db';
import { renderApp } from '@/testing/test-utils';
import { AuthDialogProvider } from '@/features/auth/components/auth-dialog-provider';
import { signInAs } from '@/testing/auth';

import { AppReportProblemDialog } from '../dialogs/app-report-problem-dialog';
import { AppUpgradeDialog } from '../dialogs/app-upgrade-dialog';
import { ReportProblemProvider, type ReportProblemDialogProps } from '../dialogs/report-problem-dialog';
import { UpgradeDialogProvider, type UpgradeDialogProps } from '../dialogs/upgrade-dialog';
import { TestAppProviders } from '../test-app-providers';

/** Stand-ins for the dialogs other screens provide: they only say whether they are open. */
function UpgradeProbe({ open }: UpgradeDialogProps) {
  return open ? <p>Upgrade dialog is open</p> : null;
}

function ReportProbe({ open }: ReportProblemDialogProps) {
  return open ? <p>Report dialog is open</p> : null;
}

/** The app's providers with the dialogs every page may open (upgrade and report are stand-ins). */
export function LayoutProviders({ children }: { children: ReactNode }) {
  return (
    <TestAppProviders>
      <AuthDialogProvider>
        <UpgradeDialogProvider dialog={UpgradeProbe}>
          <ReportProblemProvider dialog={ReportProbe}>{children}</ReportProblemProvider>
        </UpgradeDialogProvider>
      </AuthDialogProvider>
    </TestAppProviders>
  );
}

/** The same with the app's real upgrade and report dialogs. */
function ProvidersWithDialogs({ children }: { children: ReactNode }) {
  return (
    <TestAppProviders>
      <AuthDialogProvider>
        <ReportProblemProvider dialog={AppReportProblemDialog}>
          <UpgradeDialogProvider dialog={AppUpgradeDialog}>{children}</UpgradeDialogProvider>
        </ReportProblemProvider>
      </AuthDialogProvider>
    </TestAppProviders>
  );
}

/** Renders a layout part with the app's providers, signed in as `as` (a mock user) or signed out. */
export function renderLayout(
  ui: ReactElement,
  { as, url = '/', realDialogs = false }: { as?: MockUser; url?: string; realDialogs?: boolean } = {},
) {
  if (as) signInAs(as, 'aal2');
  return renderApp(ui, { wrapper: realDialogs ? ProvidersWithDialogs : LayoutProviders, url, path: '*' });
}

/** A mock user with the given plan and role. */
export function member({ premium = false, admin = false, ...overrides }: { premium?: boolean; admin?: boolean } & Partial<MockUser> = {}) {
  const user = createMockUser({ email: 'ada@example.com', ...overrides });
  user.profile.first_name = 'Ada';
  user.profile.last_name = 'Obi';
  user.profile.subscription_status = premium ? ' Active ' : null;
  user.profile.subscription_plan = premium ? 'premium' : null;
  user.profile.user_role = admin ? 'admin' : null;
  return user;
}
