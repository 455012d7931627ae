import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';

/** What the upgrade dialog component receives from the provider. */
export type UpgradeDialogProps = { open: boolean; onClose: () => void };

export type UpgradeDialogContextValue = {
  isOpen: boolean;
  /** Opens the upgrade dialog (the header's Upgrade button, the customise flow). */
  open: () => void;
  close: () => void;
};

const UpgradeDialogContext = createContext<UpgradeDialogContextValue | null>(null);

type UpgradeDialogProviderProps = {
  children: ReactNode;
  /** The dialog itself (spec section 2, "Upgrade dialog"); rendered with the provider's state. */
  dialog?: ComponentType<UpgradeDialogProps>;
};

/** Holds whether the upgrade dialog is open, so any screen can open it. */
export function UpgradeDialogProvider({ children, dialog: UpgradeDialog }: UpgradeDialogProviderProps) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  return (
    <UpgradeDialogContext.Provider value={value}>
      {children}
      {UpgradeDialog ? <UpgradeDialog open={isOpen} onClose={close} /> : null}
    </UpgradeDialogContext.Provider>
  );
}

export function useUpgradeDialog(): UpgradeDialogContextValue {
  const context = useContext(UpgradeDialogContext);
  if (!context) throw new Error('useUpgradeDialog must be used within an UpgradeDialogProvider');
  return context;
}
