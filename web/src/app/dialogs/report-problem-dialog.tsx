import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';

/** What the report-a-problem dialog component receives from the provider. */
export type ReportProblemDialogProps = { open: boolean; onClose: () => void };

export type ReportProblemContextValue = {
  isOpen: boolean;
  /** Opens the "Report a Problem" form (the avatar menu's item). */
  open: () => void;
  close: () => void;
};

const ReportProblemContext = createContext<ReportProblemContextValue | null>(null);

type ReportProblemProviderProps = {
  children: ReactNode;
  /** The form's dialog; rendered with the provider's state. */
  dialog?: ComponentType<ReportProblemDialogProps>;
};

/** Holds whether the report-a-problem dialog is open, so any screen can open it. */
export function ReportProblemProvider({ children, dialog: ReportDialog }: ReportProblemProviderProps) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  return (
    <ReportProblemContext.Provider value={value}>
      {children}
      {ReportDialog ? <ReportDialog open={isOpen} onClose={close} /> : null}
    </ReportProblemContext.Provider>
  );
}

export function useReportProblem(): ReportProblemContextValue {
  const context = useContext(ReportProblemContext);
  if (!context) throw new Error('useReportProblem must be used within a ReportProblemProvider');
  return context;
}
