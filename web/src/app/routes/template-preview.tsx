import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';

import { useSiteSettings } from '@/features/site-settings/components/site-settings-provider';
import { TemplatePreviewDialog } from '@/features/templates/components/template-preview-dialog';
import { listingPathOf, previewHref } from '@/features/templates/lib/preview-route';
import type { Template } from '@/types/api';

import { useCustomizeTemplate } from '../browse/use-customize-template';

/**
 * `…/template/{templateId}` under any listing (Home, `/templates…`, a creator): the preview
 * dialog over the listing. Closing returns to the listing it came from, with its query kept
 * (Home → `/`).
 */
export default function TemplatePreviewRoute() {
  const { templateId } = useParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const listingPath = listingPathOf(pathname);
  const { premiumBusinessModelEnabled } = useSiteSettings();
  const { customize, asking } = useCustomizeTemplate();
  // While the server decides whether the member may customise, the button waits.
  const customizeBusy = useCallback(() => asking, [asking]);

  const onClose = useCallback(() => {
    void navigate(`${listingPath}${search}`, { preventScrollReset: true });
  }, [navigate, listingPath, search]);
  const hrefFor = useCallback(
    (template: Template) => previewHref(listingPath, template.id, search),
    [listingPath, search],
  );

  if (!templateId) return null;
  return (
    <TemplatePreviewDialog
      templateId={templateId}
      onClose={onClose}
      hrefFor={hrefFor}
      onCustomize={(template) => void customize(template)}
      premiumModelEnabled={premiumBusinessModelEnabled}
      customizeBusy={customizeBusy}
    />
  );
}
