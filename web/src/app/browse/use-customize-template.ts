import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { toast } from '@/components/ui/toaster';
import { paths } from '@/config/paths';
import { useAuthDialog } from '@/features/auth/components/auth-dialog-provider';
import { useAuth } from '@/features/auth/components/auth-provider';
import { askToCustomise } from '@/features/templates/api/get-template';
import { ApiError } from '@/lib/api-client';
import { serverReason } from '@/lib/server-reason';
import type { Template } from '@/types/api';

import { logFailure, recordTemplateUse } from '@/features/templates/api/record';

import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

/**
 * What 'Customize Template' does (the customise flow of spec section 4). A visitor is asked to
 * sign up, and goes on with the same template once signed in; closing the auth dialog without
 * signing in forgets it. A member's click asks the server, which decides (premium template,
 * premium model, plan: `decide_customise`): refused for the plan → the upgrade dialog; refused
 * otherwise → the server's reason; allowed → the use is recorded and `/design?templateId={id}`
 * opens, or `onOpen` is called when the caller supplies its own handler. `asking` is true while
 * the server is asked.
 */
export function useCustomizeTemplate(onOpen?: (template: Template) => void) {
  const { user } = useAuth();
  const authDialog = useAuthDialog();
  const upgradeDialog = useUpgradeDialog();
  const navigate = useNavigate();
  /** The template a visitor chose before being asked to sign up. */
  const pending = useRef<Template | null>(null);
  const [asking, setAsking] = useState(false);
  const signedIn = user !== null;

  const customize = useCallback(
    async (template: Template) => {
      if (!signedIn) {
        pending.current = template;
        authDialog.open('signup');
        return;
      }
      setAsking(true);
      try {
        await askToCustomise(template.id);
      } catch (error: unknown) {
        if (error instanceof ApiError && error.code === 'upgrade_required') upgradeDialog.open();
        else if (error instanceof ApiError && error.code === 'sign_in_required') authDialog.open('signin');
        else toast.error('We could not open this template', serverReason(error));
        return;
      } finally {
        setAsking(false);
      }
      recordTemplateUse(template.id).catch(logFailure('the template use'));
      if (onOpen) onOpen(template);
      else void navigate(paths.design.getHref({ templateId: template.id }));
    },
    [signedIn, authDialog, upgradeDialog, navigate, onOpen],
  );

  useEffect(() => {
    const template = pending.current;
    if (!template) return;
    if (!signedIn) {
      if (!authDialog.isOpen) pending.current = null; // dismissed without signing in
      return;
    }
    pending.current = null;
    void customize(template);
  }, [signedIn, authDialog.isOpen, customize]);

  return { customize, asking };
}
