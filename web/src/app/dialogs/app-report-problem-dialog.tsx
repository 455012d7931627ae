import { lazy, Suspense } from 'react';

import { useAuth } from '@/features/auth/components/auth-provider';

import type { ReportProblemDialogProps } from './report-problem-dialog';

const ReportProblemFormDialog = lazy(() =>
  import('@/features/problem-reports/components/report-problem-dialog').then((module) => ({
    default: module.ReportProblemFormDialog,
  })),
);

/** The Report a Problem form the app plugs into `ReportProblemProvider` (loaded on first use). */
export function AppReportProblemDialog({ open, onClose }: ReportProblemDialogProps) {
  const { user } = useAuth();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ReportProblemFormDialog open onClose={onClose} userId={user?.id ?? null} />
    </Suspense>
  );
}
