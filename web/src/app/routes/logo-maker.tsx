import { useNavigate } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { LogoMaker } from '@/features/logo-maker/components/logo-maker';
import { isActivePremium } from '@/lib/profile';

import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

import layout from './tool-page.module.css';

/** `/logo-maker`: anyone can try it; opening a logo in the editor is premium while the model is on. */
export default function LogoMakerRoute() {
  const navigate = useNavigate();
  const { user, profile } = useAuth();
  const authDialog = useAuthDialog();
  const upgradeDialog = useUpgradeDialog();

  return (
    <section className={layout.page}>
      <title>{`Logo Maker · ${env.APP_NAME}`}</title>
      <header className={layout.header}>
        <h1 className={layout.title}>Logo Maker</h1>
        <p className={layout.lead}>
          Type your brand name and tagline, pick your industry and colours, and see every logo with your brand in
          it. Choose one to finish it in the editor.
        </p>
      </header>
      <LogoMaker
        signedIn={user !== null}
        viewer={user ? `${user.id}:${isActivePremium(profile) ? 'premium' : 'free'}` : 'visitor'}
        onSignInNeeded={() => authDialog.open('signup')}
        onUpgradeNeeded={upgradeDialog.open}
        onOpened={(designId) => void navigate(`${paths.editor.getHref()}?designId=${encodeURIComponent(designId)}`)}
      />
    </section>
  );
}
