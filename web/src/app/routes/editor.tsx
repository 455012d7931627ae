import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { useCreditBalance } from '@/features/account/api/get-account';
import { getDesign, getTemplateFields, type Design } from '@/features/editor/api/designs';
import { EditorScreen } from '@/features/editor/components/editor-screen';
import type { FieldRequirement } from '@/features/editor/model/fields';
import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { ApiError } from '@/lib/api-client';
import { isActivePremium } from '@/lib/profile';

import { RequireSignIn, type SignedIn } from '../auth/require-sign-in';
import { AppPromptDesigner } from '../browse/app-prompt-designer';
import { useUpgradeDialog } from '../dialogs/upgrade-dialog';

import { BrowseTemplates, PageMessage } from './page-message';
import styles from './page.module.css';

type Loaded = { design: Design; fields: FieldRequirement[] };

/** `/editor?designId={id}`: the signed-in user's design in the editor. */
export default function EditorRoute() {
  const [params] = useSearchParams();
  const designId = params.get('designId');
  if (!designId) return <PageMessage title="No design chosen" text="Open a design from My Designs, or start from a template." />;
  return (
    <RequireSignIn
      title="Sign in to design"
      heading="Sign in to design"
      text="Sign in to open your designs."
      openDialog
      pending={<Opening />}
      actions={<BrowseTemplates variant="secondary" />}
    >
      {(member) => <OpenDesign designId={designId} {...member} />}
    </RequireSignIn>
  );
}

/** Loads the member's design (and its template's field requirements) into the editor. */
function OpenDesign({ designId, user, profile }: { designId: string } & SignedIn) {
  const upgrade = useUpgradeDialog();
  const credits = useCreditBalance(user.id);
  const { premiumBusinessModelEnabled } = useSiteSettings();
  const [result, setResult] = useState<{ designId: string; loaded?: Loaded; error?: string } | null>(null);
  const current = result?.designId === designId ? result : null;
  const loaded = current?.loaded ?? null;
  const error = current?.error ?? null;

  useEffect(() => {
    const controller = new AbortController();
    getDesign(designId, controller.signal)
      .then(async (design) => {
        const fields = design.source_template_id ? await getTemplateFields(design.source_template_id).catch(() => []) : [];
        if (!controller.signal.aborted) setResult({ designId, loaded: { design, fields } });
      })
      .catch((caught: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          caught instanceof ApiError && caught.status === 404
            ? 'This design does not exist, or it is not yours.'
            : caught instanceof Error
              ? caught.message
              : 'Could not open the design.';
        setResult({ designId, error: message });
      });
    return () => controller.abort();
  }, [designId]);

  if (error) return <PageMessage title="We could not open this design" text={error} />;
  if (!loaded) return <Opening />;
  const premium = !premiumBusinessModelEnabled || isActivePremium(profile);
  return (
    <EditorScreen
      key={loaded.design.id}
      design={loaded.design}
      requirements={loaded.fields}
      userId={user.id}
      plan={{ premium, credits: credits.balance ?? 0 }}
      onUpgrade={upgrade.open}
      onCreditSpent={() => void credits.refresh()}
      promptPanel={<AppPromptDesigner layout="panel" />}
    />
  );
}

function Opening() {
  return (
    <section className={styles.page} aria-busy="true">
      <Spinner label="Opening design" />
    </section>
  );
}


