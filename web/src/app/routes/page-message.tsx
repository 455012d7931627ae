import { ButtonLink } from '@/components/ui/button';
import { env } from '@/config/env';
import { paths } from '@/config/paths';

import styles from './page.module.css';

/** The way back to the catalogue from a page that has nothing to show. */
export function BrowseTemplates({ variant }: { variant?: 'secondary' }) {
  return (
    <ButtonLink to={paths.templates.getHref()} {...(variant ? { variant } : {})}>
      Browse templates
    </ButtonLink>
  );
}

/** A page that can only say what happened (its title is also the document's), and the way back. */
export function PageMessage({ title, text }: { title: string; text: string }) {
  return (
    <section className={styles.page}>
      <title>{`${title} · ${env.APP_NAME}`}</title>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <BrowseTemplates />
      </div>
    </section>
  );
}
