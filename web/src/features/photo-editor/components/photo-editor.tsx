import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';

import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { ApiError } from '@/lib/api-client';
import { copyText } from '@/lib/clipboard';
import { renderedImageUrl, safeFileName, uploadImage, USER_UPLOADS_BUCKET } from '@/lib/upload';

import { createDesignFromPhoto, createPhotoEdit, type PhotoEdit, type PhotoEditorCapabilities, type PhotoStep } from '../api/photo-editor';
import { ASPECT_PRESETS, aspectCrop, describeStep, keepAspect, sizeAfter, type Size } from '../lib/steps';

import styles from './photo-editor.module.css';

const SOURCE_BUCKET = USER_UPLOADS_BUCKET;

type Source = { key: string; url: string; size: Size; name: string };

type PhotoEditorProps = {
  userId: string;
  capabilities: PhotoEditorCapabilities;
  /** Called with a new design's id once an edited photo has been made into a design. */
  onDesignCreated: (designId: string) => void;
};

function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    const issue = error.issues[0];
    return issue ? `${error.message}: ${issue.path} ${issue.message}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** Loads an image URL to learn its (EXIF-oriented) size. */
function measure(url: string): Promise<Size> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('The picture could not be shown'));
    image.src = url;
  });
}

/**
 * The admin photo editor: upload a photo, line up steps (enhance, crop with aspect presets,
 * resize, rotate, flip, background fill, background removal for plain backgrounds), run
 * them on the server, compare before and after; every result is stored for use in designs.
 */
export function PhotoEditor({ userId, capabilities, onDesignCreated }: PhotoEditorProps) {
  const fileId = useId();
  const [source, setSource] = useState<Source | null>(null);
  const [steps, setSteps] = useState<PhotoStep[]>([]);
  const [result, setResult] = useState<PhotoEdit | null>(null);
  const [view, setView] = useState<'before' | 'after'>('after');
  const [busy, setBusy] = useState<'upload' | 'apply' | 'design' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resize, setResize] = useState<Size>({ width: 1080, height: 1080 });
  const [lockAspect, setLockAspect] = useState(true);
  const [angle, setAngle] = useState(15);
  const [color, setColor] = useState('#ffffff');
  const stageRef = useRef<HTMLElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);

  // On a phone the steps and Apply sit below the photo: bring what Apply answered on screen.
  useEffect(() => {
    if (result) stageRef.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [result]);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [error]);

  const capability = useMemo(
    () => new Map(capabilities.operations.map((item) => [item.op, item])),
    [capabilities.operations],
  );
  const current = source ? sizeAfter(source.size, steps) : null;
  const full = steps.length >= capabilities.max_operations;

  const add = (step: PhotoStep) => {
    setError(null);
    setSteps((previous) => (previous.length >= capabilities.max_operations ? previous : [...previous, step]));
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > capabilities.max_input_bytes) {
      setError(`The photo is larger than ${Math.floor(capabilities.max_input_bytes / 1048576)} MB.`);
      return;
    }
    setBusy('upload');
    setError(null);
    try {
      const name = safeFileName(file.name, file.type);
      const uploaded = await uploadImage(file, { bucket: SOURCE_BUCKET, userId, folder: 'photo-editor-sources' });
      const url = renderedImageUrl(uploaded.Key);
      const size = await measure(URL.createObjectURL(file));
      setSource({ key: uploaded.Key, url, size, name });
      setResize(size);
      setSteps([]);
      setResult(null);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const apply = async () => {
    if (!source || steps.length === 0) return;
    setBusy('apply');
    setError(null);
    try {
      const edit = await createPhotoEdit(source.key, steps);
      setResult(edit);
      setView('after');
      toast({ title: 'Photo saved', description: 'The edited photo is stored and ready for your designs.', variant: 'success' });
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(null);
    }
  };

  const continueFromResult = async () => {
    if (!result) return;
    const url = renderedImageUrl(result.key);
    const size = { width: result.width, height: result.height };
    setSource({ key: result.key, url, size, name: result.key.split('/').pop() ?? 'photo' });
    setResize(size);
    setSteps([]);
    setResult(null);
  };

  const makeDesign = async (edit: PhotoEdit) => {
    setBusy('design');
    setError(null);
    try {
      const design = await createDesignFromPhoto(edit.key);
      onDesignCreated(design.id);
    } catch (caught) {
      setError(errorText(caught));
      setBusy(null);
    }
  };

  const copyAddress = async (edit: PhotoEdit) => {
    const copied = await copyText(renderedImageUrl(edit.key));
    toast(copied ? { title: 'Image address copied', variant: 'success' } : { title: 'Could not copy the address', variant: 'error' });
  };

  const removal = capability.get('remove_background');

  return (
    <div className={styles.editor}>
      <section ref={stageRef} className={styles.stage} aria-label="Photo">
        {source === null ? (
          <label htmlFor={fileId} className={styles.drop}>
            {busy === 'upload' ? <Spinner label="Uploading" /> : null}
            <span className={styles.dropTitle}>Upload a photo</span>
            <span className={styles.dropHint}>
              JPEG, PNG, WebP or AVIF, up to {Math.floor(capabilities.max_input_bytes / 1048576)} MB
            </span>
          </label>
        ) : (
          <>
            {result ? (
              <div className={styles.compare} role="group" aria-label="Compare">
                <Button size="sm" variant={view === 'before' ? 'primary' : 'secondary'} aria-pressed={view === 'before'} onClick={() => setView('before')}>
                  Before
                </Button>
                <Button size="sm" variant={view === 'after' ? 'primary' : 'secondary'} aria-pressed={view === 'after'} onClick={() => setView('after')}>
                  After
                </Button>
              </div>
            ) : null}
            <figure className={styles.figure}>
              <img
                className={styles.picture}
                src={result && view === 'after' ? result.preview_url : source.url}
                alt={result && view === 'after' ? 'The edited photo' : 'The original photo'}
              />
              <figcaption className={styles.caption}>
                {result && view === 'after'
                  ? `After: ${result.width} × ${result.height}`
                  : `Before: ${source.size.width} × ${source.size.height}`}
              </figcaption>
            </figure>
            <label htmlFor={fileId} className={styles.another}>
              Upload another photo
            </label>
            {result ? (
              <div className={styles.saved}>
                <p>
                  Saved as <code>{result.key}</code> ({Math.ceil(result.size / 1024)} KB)
                </p>
                <div className={styles.row}>
                  <Button size="sm" onClick={() => void makeDesign(result)} disabled={busy !== null}>
                    {busy === 'design' ? 'Creating the design…' : 'Use in a design'}
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => void copyAddress(result)}>
                    Copy image address
                  </Button>
                  <a className={styles.link} href={renderedImageUrl(result.key)} download={`edited-${source.name}`}>
                    Download
                  </a>
                  <Button size="sm" variant="secondary" onClick={() => void continueFromResult()}>
                    Keep editing this result
                  </Button>
                </div>
              </div>
            ) : null}
          </>
        )}
        <input
          id={fileId}
          className={styles.hiddenInput}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-label={source === null ? 'Upload a photo' : 'Upload another photo'}
          onChange={(event) => void onFile(event)}
          disabled={busy !== null}
        />
      </section>

      <aside className={styles.panel} aria-label="Adjustments">
        <div ref={errorRef} className={styles.alertSlot}>
          {error ? <FormAlert>{error}</FormAlert> : null}
        </div>
        <fieldset className={styles.group} disabled={!source || busy !== null || full}>
          <legend>Enhance</legend>
          <Button size="sm" variant="secondary" onClick={() => add({ op: 'enhance' })}>
            Auto-enhance
          </Button>
        </fieldset>

        <fieldset className={styles.group} disabled={!source || busy !== null || full}>
          <legend>Crop</legend>
          <div className={styles.row}>
            {ASPECT_PRESETS.map((preset) => (
              <Button key={preset.label} size="sm" variant="secondary" onClick={() => current && add(aspectCrop(current, preset.ratio))}>
                {preset.label}
              </Button>
            ))}
          </div>
        </fieldset>

        <fieldset className={styles.group} disabled={!source || busy !== null || full}>
          <legend>Resize</legend>
          <div className={styles.row}>
            <label className={styles.field}>
              Width
              <input
                type="number"
                min={1}
                max={capabilities.max_dimension}
                value={resize.width}
                onChange={(event) => {
                  const value = Math.max(1, Number(event.target.value) || 1);
                  setResize((previous) => (lockAspect && current ? keepAspect(current, 'width', value) : { ...previous, width: value }));
                }}
              />
            </label>
            <label className={styles.field}>
              Height
              <input
                type="number"
                min={1}
                max={capabilities.max_dimension}
                value={resize.height}
                onChange={(event) => {
                  const value = Math.max(1, Number(event.target.value) || 1);
                  setResize((previous) => (lockAspect && current ? keepAspect(current, 'height', value) : { ...previous, height: value }));
                }}
              />
            </label>
          </div>
          <label className={styles.check}>
            <input type="checkbox" checked={lockAspect} onChange={(event) => setLockAspect(event.target.checked)} />
            Keep proportions
          </label>
          <Button size="sm" variant="secondary" onClick={() => add({ op: 'resize', ...resize })}>
            Add resize
          </Button>
        </fieldset>

        <fieldset className={styles.group} disabled={!source || busy !== null || full}>
          <legend>Rotate and flip</legend>
          <div className={styles.row}>
            <Button size="sm" variant="secondary" onClick={() => add({ op: 'rotate', degrees: 90 })}>
              Rotate left
            </Button>
            <Button size="sm" variant="secondary" onClick={() => add({ op: 'rotate', degrees: -90 })}>
              Rotate right
            </Button>
          </div>
          <div className={styles.row}>
            <label className={styles.field}>
              Angle (°)
              <input type="number" min={-360} max={360} value={angle} onChange={(event) => setAngle(Number(event.target.value) || 0)} />
            </label>
            <Button size="sm" variant="secondary" onClick={() => add({ op: 'rotate', degrees: angle })}>
              Rotate by angle
            </Button>
          </div>
          <div className={styles.row}>
            <Button size="sm" variant="secondary" onClick={() => add({ op: 'flip', axis: 'horizontal' })}>
              Flip horizontally
            </Button>
            <Button size="sm" variant="secondary" onClick={() => add({ op: 'flip', axis: 'vertical' })}>
              Flip vertically
            </Button>
          </div>
        </fieldset>

        <fieldset className={styles.group} disabled={!source || busy !== null || full}>
          <legend>Background</legend>
          <div className={styles.row}>
            <label className={styles.field}>
              Colour
              <input type="color" value={color} onChange={(event) => setColor(event.target.value)} />
            </label>
            <Button size="sm" variant="secondary" onClick={() => add({ op: 'background', color })}>
              Fill background
            </Button>
          </div>
          <Button size="sm" variant="secondary" disabled={!removal?.available} onClick={() => add({ op: 'remove_background' })}>
            Remove background
          </Button>
          {removal && !removal.available ? (
            <p className={styles.note}>Unavailable: {removal.reason}</p>
          ) : (
            <p className={styles.note}>
              For a subject on a plain or nearly plain background (a wall, a sheet, a studio backdrop). Busy backgrounds
              such as a street or a room are not handled: the server says so instead of guessing.
            </p>
          )}
        </fieldset>

        <section className={styles.group} aria-labelledby={`${fileId}-steps`}>
          <h2 id={`${fileId}-steps`} className={styles.stepsTitle}>
            Steps {current ? <span className={styles.note}>(result {current.width} × {current.height})</span> : null}
          </h2>
          {steps.length === 0 ? (
            <p className={styles.note}>{source ? 'Add adjustments above; they run in order.' : 'Upload a photo to start.'}</p>
          ) : (
            <ol className={styles.steps}>
              {steps.map((step, index) => (
                <li key={`${index}-${step.op}`}>
                  <span>{describeStep(step)}</span>
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove step ${index + 1}: ${describeStep(step)}`}
                    onClick={() => setSteps((previous) => previous.filter((_, at) => at !== index))}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {full ? <p className={styles.note}>At most {capabilities.max_operations} steps at a time.</p> : null}
          <div className={styles.row}>
            <Button onClick={() => void apply()} disabled={!source || steps.length === 0 || busy !== null}>
              {busy === 'apply' ? 'Applying…' : `Apply ${steps.length || ''} ${steps.length === 1 ? 'step' : 'steps'}`.replace('  ', ' ')}
            </Button>
            <Button variant="ghost" onClick={() => setSteps([])} disabled={steps.length === 0 || busy !== null}>
              Clear steps
            </Button>
          </div>
        </section>
      </aside>
    </div>
  );
}
