import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { PromptDesigner } from '@/features/prompting/components/prompt-designer';

import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

/**
 * Design prompting wired to the app: who is signed in, the auth and upgrade dialogs, and the
 * editor the chosen design opens in (Home, the template listings and the editor's left panel).
 */
export function AppPromptDesigner({ layout = 'page' }: { layout?: 'page' | 'panel' }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const authDialog = useAuthDialog();
  const upgradeDialog = useUpgradeDialog();
  return (
    <PromptDesigner
      signedIn={user !== null}
      layout={layout}
      onSignInNeeded={(mode) => authDialog.open(mode)}
      onUpgradeNeeded={upgradeDialog.open}
      onOpened={(designId) => void navigate(paths.editor.getHref(designId))}
    />
  );
}
