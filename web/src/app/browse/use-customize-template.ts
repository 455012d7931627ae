import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { isActivePremium } from '@/lib/profile';
import type { Template } from '@/types/api';

import { logFailure, recordTemplateUse } from '@/features/templates/api/record';

import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

export type CustomizeDecision = 'sign-up' | 'upgrade' | 'open';

export type CustomizeFacts = {
  signedIn: boolean;
  templateIsPremium: boolean;
  premiumModelEnabled: boolean;
  userIsPremium: boolean;
};

/**
 * The customise flow of spec section 4: signed out → the auth dialog; a premium template while
 * the premium model is on, for a user who is not active premium → the upgrade dialog;
 * otherwise the template opens.
 */
export function customizeDecision({
  signedIn,
  templateIsPremium,
  premiumModelEnabled,
  userIsPremium,
}: CustomizeFacts): CustomizeDecision {
  if (!signedIn) return 'sign-up';
  if (templateIsPremium && premiumModelEnabled && !userIsPremium) return 'upgrade';
  return 'open';
}

/**
 * What 'Customize Template' does. Opening records the use and goes to
 * `/design?templateId={id}`, or calls `onOpen` when the caller supplies its own handler. A
 * visitor asked to sign up (or in) goes on with the same template once signed in (the upgrade
 * dialog, or the design); closing the auth dialog without signing in forgets it.
 */
export function useCustomizeTemplate(onOpen?: (template: Template) => void) {
  const { user, profile } = useAuth();
  const { premiumBusinessModelEnabled } = useSiteSettings();
  const authDialog = useAuthDialog();
  const upgradeDialog = useUpgradeDialog();
  const navigate = useNavigate();
  /** The template a visitor chose before being asked to sign up. */
  const pending = useRef<Template | null>(null);

  const customize = useCallback(
    (template: Template) => {
      const decision = customizeDecision({
        signedIn: user !== null,
        templateIsPremium: template.is_premium,
        premiumModelEnabled: premiumBusinessModelEnabled,
        userIsPremium: isActivePremium(profile),
      });
      if (decision === 'sign-up') {
        pending.current = template;
        authDialog.open('signup');
        return;
      }
      if (decision === 'upgrade') {
        upgradeDialog.open();
        return;
      }
      recordTemplateUse(template.id).catch(logFailure('the template use'));
      if (onOpen) onOpen(template);
      else void navigate(paths.design.getHref({ templateId: template.id }));
    },
    [user, profile, premiumBusinessModelEnabled, authDialog, upgradeDialog, navigate, onOpen],
  );

  useEffect(() => {
    const template = pending.current;
    if (!template) return;
    if (user === null) {
      if (!authDialog.isOpen) pending.current = null; // dismissed without signing in
      return;
    }
    // The plan decides a premium template: wait for the new member's profile.
    if (template.is_premium && premiumBusinessModelEnabled && profile === null) return;
    pending.current = null;
    customize(template);
  }, [user, profile, premiumBusinessModelEnabled, authDialog.isOpen, customize]);

  return customize;
}
