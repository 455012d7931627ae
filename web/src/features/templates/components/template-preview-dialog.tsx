import { useEffect, useRef, type CSSProperties } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { CrownIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { useIsDesktop } from '@/lib/media-query';
import type { Template } from '@/types/api';

import { useRelatedTemplates, useTemplate } from '../api/get-template';
import { logFailure, recordTemplateView } from '../api/record';
import { previewSrc, templateAspect } from '../lib/preview-image';
import { TemplateGrid } from './template-grid';

import styles from './template-preview-dialog.module.css';

/** Widths the large image is offered at (`srcset`); the browser picks by the box and the screen. */
const LARGE_WIDTHS = [400, 600, 800, 1200] as const;
const LARGE_SIZES = '(min-width: 1024px) 520px, calc(100vw - 64px)';

type TemplatePreviewDialogProps = {
  templateId: string;
  onClose: () => void;
  /** The preview URL of another template (a related one) under the same listing. */
  hrefFor: (template: Template) => string;
  /** 'Customize Template' (the customise flow of spec section 4). */
  onCustomize: (template: Template) => void;
  /** Whether the premium business model is on (the crown shows only then). */
  premiumModelEnabled: boolean;
  /** The customise decision is not known yet (the server is being asked). */
  customizeBusy?: (template: Template) => boolean;
};

/**
 * The template preview dialog (spec section 2): a large image, on desktop the name and a
 * category badge, 'Customize Template' (with a crown for a premium template while the premium
 * model is on), and on desktop 'You might also like' (16 related). Opening a template records a view.
 */
export function TemplatePreviewDialog({
  templateId,
  onClose,
  hrefFor,
  onCustomize,
  premiumModelEnabled,
  customizeBusy,
}: TemplatePreviewDialogProps) {
  const { data: template, error } = useTemplate(templateId);
  // 'You might also like' is desktop only (spec section 2): small screens do not fetch it.
  const isDesktop = useIsDesktop();
  const related = useRelatedTemplates(isDesktop ? templateId : undefined);
  const top = useRef<HTMLDivElement>(null);

  useEffect(() => {
    recordTemplateView(templateId).catch(logFailure('the template view'));
    top.current?.scrollIntoView?.({ block: 'start' });
  }, [templateId]);

  const notFound = error instanceof ApiError && error.status === 404;
  const title = template?.name ?? (notFound ? 'Template not found' : error ? 'Template preview' : 'Loading template');
  const showCrown = template !== undefined && template.is_premium && premiumModelEnabled;

  return (
    <Dialog open onClose={onClose} title={title} size="lg" hideTitle className={styles.panel}>
      <div ref={top} />
      {error && !template ? (
        <div className={styles.problem} role="alert">
          <p className={styles.problemTitle}>
            {notFound ? 'This template could not be found.' : 'We couldn’t load this template.'}
          </p>
          {notFound ? null : <p className={styles.problemText}>{error instanceof Error ? error.message : ''}</p>}
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      ) : (
        <div className={styles.layout}>
          <LargeImage template={template} />
          <div className={styles.details}>
            {template ? (
              <>
                <div className={styles.meta}>
                  <p className={styles.name}>{template.name}</p>
                  <Badge className={styles.badge}>{template.category}</Badge>
                </div>
                {/* Named exactly 'Customize Template' (spec section 2); the crown is described. */}
                <Button
                  size="lg"
                  className={styles.customize}
                  disabled={customizeBusy?.(template) ?? false}
                  onClick={() => onCustomize(template)}
                  aria-describedby={showCrown ? 'customize-premium' : undefined}
                >
                  {showCrown ? <CrownIcon size={18} /> : null}
                  Customize Template
                </Button>
                {showCrown ? (
                  <span id="customize-premium" className="visually-hidden">
                    Premium template
                  </span>
                ) : null}
              </>
            ) : (
              <>
                <Skeleton width="70%" height={28} />
                <Skeleton width="100%" height={48} shape="pill" />
              </>
            )}
          </div>
        </div>
      )}
      {isDesktop && related.data && related.data.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-heading">
          <h3 id="related-heading" className={styles.relatedTitle}>
            You might also like
          </h3>
          <TemplateGrid label="You might also like" templates={related.data} hrefFor={hrefFor} variant="masonry" />
        </section>
      ) : null}
    </Dialog>
  );
}

function LargeImage({ template }: { template: Template | undefined }) {
  const aspect = template ? templateAspect(template) : 0.8;
  const style = { '--aspect': String(aspect) } as CSSProperties;
  const preview = template?.preview_url;
  return (
    <div className={styles.imageBox} style={style}>
      {template && preview ? (
        <img
          key={template.id}
          className={styles.image}
          src={previewSrc(preview, 800)}
          srcSet={LARGE_WIDTHS.map((w) => `${previewSrc(preview, w)} ${w}w`).join(', ')}
          sizes={LARGE_SIZES}
          alt={template.name}
          width={Math.round(800 * aspect)}
          height={800}
          fetchPriority="high"
        />
      ) : null}
    </div>
  );
}
