import { useDeferredValue, useEffect, useId, useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { CrownIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';

import { downloadLogo, openLogo, useLogoMakerForm, useLogoPreviews, type BrandKit, type LogoPreview } from '../api/logo-maker';

import styles from './logo-maker.module.css';

const DEBOUNCE_MS = 400;
const PLACEHOLDER_KIT = { brand_name: 'Your Brand', tagline: 'Your tagline here' };
const STARTER_COLOURS = ['#16a34a', '#f5b82e'];

/** The value after it has stopped changing for `delay` ms. */
function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

type LogoMakerProps = {
  signedIn: boolean;
  /** Who is looking (user and plan): the server's locks are fetched again when it changes. */
  viewer: string;
  /** A visitor chose a logo: ask them to sign up. */
  onSignInNeeded: () => void;
  /** The server says the Logo Maker needs premium: open the upgrade dialog. */
  onUpgradeNeeded: () => void;
  /** The design was made: open it in the editor. */
  onOpened: (designId: string) => void;
};

/**
 * The Logo Maker: a brand name, tagline, industry and up to two colours set into every logo
 * template at once (drawn by the server); choosing one makes a design and opens the editor.
 */
export function LogoMaker({ signedIn, viewer, onSignInNeeded, onUpgradeNeeded, onOpened }: LogoMakerProps) {
  const id = useId();
  const form = useLogoMakerForm();
  const [brandName, setBrandName] = useState('');
  const [tagline, setTagline] = useState('');
  const [industry, setIndustry] = useState('');
  const [colors, setColors] = useState<string[]>([]);
  const [opening, setOpening] = useState<string | null>(null);

  const typed: BrandKit = {
    brand_name: brandName.trim() || PLACEHOLDER_KIT.brand_name,
    tagline: brandName.trim() ? tagline.trim() : tagline.trim() || PLACEHOLDER_KIT.tagline,
    industry: industry || null,
    colors,
  };
  const kit = useDeferredValue(useDebounced(typed, DEBOUNCE_MS));
  const previews = useLogoPreviews(form.data ? kit : null, viewer);
  const anyLocked = previews.data?.some((preview) => preview.locked) ?? false;
  const maxColors = form.data?.max_colors ?? 2;

  const open = async (preview: LogoPreview) => {
    if (!signedIn) {
      onSignInNeeded();
      return;
    }
    setOpening(preview.template_id);
    try {
      const design = await openLogo(preview.template_id, typed);
      onOpened(design.id);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'upgrade_required') onUpgradeNeeded();
      else if (error instanceof ApiError && error.code === 'sign_in_required') onSignInNeeded();
      else toast({ title: 'Could not open this logo', description: error instanceof Error ? error.message : undefined, variant: 'error' });
    } finally {
      setOpening(null);
    }
  };

  const download = async (preview: LogoPreview, format: 'png' | 'svg') => {
    if (!signedIn) {
      onSignInNeeded();
      return;
    }
    setOpening(`${preview.template_id}:${format}`);
    try {
      const { blob, filename } = await downloadLogo(preview.template_id, typed, format);
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = filename;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'upgrade_required') onUpgradeNeeded();
      else if (error instanceof ApiError && error.code === 'sign_in_required') onSignInNeeded();
      else toast({ title: 'Could not download this logo', description: error instanceof Error ? error.message : undefined, variant: 'error' });
    } finally {
      setOpening(null);
    }
  };

  return (
    <div className={styles.maker}>
      <form className={styles.form} aria-label="Your brand" onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field} htmlFor={`${id}-name`}>
          Brand name
          <input
            id={`${id}-name`}
            value={brandName}
            maxLength={form.data?.max_brand_name ?? 40}
            placeholder="e.g. Ada's Kitchen"
            autoComplete="organization"
            onChange={(event) => setBrandName(event.target.value)}
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-tagline`}>
          Tagline
          <input
            id={`${id}-tagline`}
            value={tagline}
            maxLength={form.data?.max_tagline ?? 60}
            placeholder="e.g. Jollof for every party"
            onChange={(event) => setTagline(event.target.value)}
          />
        </label>
        <label className={styles.field} htmlFor={`${id}-industry`}>
          Industry
          <select id={`${id}-industry`} value={industry} onChange={(event) => setIndustry(event.target.value)}>
            <option value="">All industries</option>
            {(form.data?.industries ?? []).map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <fieldset className={styles.colours}>
          <legend>Brand colours</legend>
          {colors.map((colour, index) => (
            <div key={index} className={styles.colour}>
              <input
                type="color"
                aria-label={`Brand colour ${index + 1}`}
                value={colour}
                onChange={(event) => setColors((previous) => previous.map((c, at) => (at === index ? event.target.value : c)))}
              />
              <Button size="sm" variant="ghost" onClick={() => setColors((previous) => previous.filter((_, at) => at !== index))}>
                Remove
              </Button>
            </div>
          ))}
          {colors.length < maxColors ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setColors((previous) => [...previous, STARTER_COLOURS[previous.length] ?? '#ffffff'])}
            >
              Add a colour
            </Button>
          ) : null}
          {colors.length === 0 ? <p className={styles.hint}>Logos keep their own colours until you add yours.</p> : null}
        </fieldset>
      </form>

      <section className={styles.results} aria-label="Your logos" aria-busy={previews.isValidating}>
        {form.error || previews.error ? (
          <FormAlert>Could not draw the logos: {String(((form.error ?? previews.error) as Error).message)}</FormAlert>
        ) : null}
        {anyLocked ? (
          <p className={styles.hint}>The Logo Maker is part of Premium: the crown marks the logos you can open after upgrading.</p>
        ) : null}
        <ul className={styles.grid}>
          {previews.data
            ? previews.data.map((preview) => (
                <li key={preview.template_id} className={styles.card}>
                  <div className={styles.imageBox}>
                    <img src={preview.image} alt={`${preview.name} with your brand`} width={400} height={400} />
                    {preview.locked ? (
                      <span className={styles.crown} role="img" aria-label="Premium">
                        <CrownIcon />
                      </span>
                    ) : null}
                  </div>
                  <div className={styles.cardFooter}>
                    <span className={styles.cardName}>
                      {preview.name}
                      {preview.sub_category ? <span className={styles.hint}> · {preview.sub_category}</span> : null}
                    </span>
                    <Button size="sm" onClick={() => void open(preview)} disabled={opening !== null} aria-label={`Use ${preview.name}`}>
                      {opening === preview.template_id ? 'Opening…' : 'Use this logo'}
                    </Button>
                  </div>
                  <div className={styles.downloads}>
                    {(['png', 'svg'] as const).map((format) => (
                      <Button
                        key={format}
                        size="sm"
                        variant="ghost"
                        disabled={opening !== null}
                        aria-label={`Download ${preview.name} as ${format === 'png' ? 'transparent PNG' : 'SVG'}`}
                        onClick={() => void download(preview, format)}
                      >
                        {opening === `${preview.template_id}:${format}` ? 'Preparing…' : format === 'png' ? 'PNG' : 'SVG'}
                      </Button>
                    ))}
                  </div>
                </li>
              ))
            : Array.from({ length: 6 }, (_, index) => (
                <li key={index} className={styles.card} aria-hidden="true">
                  <Skeleton className={styles.imageBox} />
                </li>
              ))}
        </ul>
      </section>
    </div>
  );
}
