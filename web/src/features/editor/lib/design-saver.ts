/**
 * Autosave: a change is kept on this device at once (IndexedDB) and sent to the server a second
 * after the last change, or at once on leaving (`flush`). Without a connection the change waits
 * on the device and goes out when the browser is back online. A save over a version someone
 * else replaced stops with the `conflict` status: nothing is overwritten until the user chooses.
 */
import { ApiError } from '@/lib/api-client';

import type { DesignDocument } from '../model/document';
import type { OfflineStore } from './offline-store';

export type SaveStatus = 'saved' | 'saving' | 'offline' | 'conflict' | 'error';

/** What the toolbar says for each status (spec texts). */
export const SAVE_STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'Saved',
  saving: 'Saving…',
  offline: 'Offline — changes kept on this device',
  conflict: 'This design was changed elsewhere',
  error: 'Not saved — retrying',
};

export const AUTOSAVE_DELAY_MS = 1000;
const RETRY_MS = 5000;

export type SaverOptions = {
  designId: string;
  version: number;
  /** Sends the document over `version`; answers the new version. */
  save: (document: DesignDocument, version: number) => Promise<number>;
  store: OfflineStore;
  onStatus?: (status: SaveStatus) => void;
  /** The server holds a newer version than the one edited. */
  onConflict?: () => void;
  delayMs?: number;
};

export class DesignSaver {
  private readonly options: SaverOptions;
  private version: number;
  private latest: DesignDocument | null = null;
  /** A change not yet on the server. */
  private dirty = false;
  private inFlight: Promise<void> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private current: SaveStatus = 'saved';
  private disposed = false;
  private kept: Promise<void> = Promise.resolve();

  constructor(options: SaverOptions) {
    this.options = options;
    this.version = options.version;
  }

  get status(): SaveStatus {
    return this.current;
  }

  /** The server version the editor's copy is based on. */
  get baseVersion(): number {
    return this.version;
  }

  /** Whether something is not on the server yet. */
  get hasUnsavedChanges(): boolean {
    return this.dirty || this.inFlight !== null;
  }

  /** The document changed: keep it on the device now, send it after the delay. */
  change(document: DesignDocument): void {
    if (this.disposed) return;
    this.latest = document;
    this.dirty = true;
    this.keep(document);
    if (this.current === 'conflict') return;
    if (this.current !== 'offline') this.setStatus('saving');
    this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** Sends what is pending now (leaving the page, pressing save); resolves when it is done. */
  async flush(): Promise<void> {
    this.clearTimer();
    if (this.inFlight) await this.inFlight;
    if (!this.dirty || this.current === 'conflict' || this.disposed) return;
    this.inFlight = this.send();
    try {
      await this.inFlight;
    } finally {
      this.inFlight = null;
    }
    if (this.dirty && this.current === 'saving') this.schedule(this.options.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** The connection is back: send what waited. */
  online(): void {
    if (this.dirty && this.current !== 'conflict') {
      this.setStatus('saving');
      void this.flush();
    }
  }

  /** After a conflict: continue from the server's version (the user reloaded theirs). */
  rebase(version: number): void {
    this.version = version;
    this.dirty = false;
    this.latest = null;
    this.kept = this.kept.then(() => this.options.store.delete(this.options.designId)).catch(() => undefined);
    this.setStatus('saved');
  }

  /** Waits for the device copy to be written (tests, and leaving the page). */
  whenKept(): Promise<void> {
    return this.kept;
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
  }

  private keep(document: DesignDocument): void {
    const change = { designId: this.options.designId, baseVersion: this.version, document, savedAt: Date.now() };
    this.kept = this.kept
      .then(() => this.options.store.put(change))
      .catch((error: unknown) => console.error('Could not keep the change on this device', error));
  }

  private async send(): Promise<void> {
    const document = this.latest;
    if (!document) return;
    this.dirty = false;
    this.setStatus('saving');
    try {
      this.version = await this.options.save(document, this.version);
      if (!this.dirty) {
        await this.kept;
        // Only forget the device copy if no newer change arrived meanwhile.
        if (!this.dirty) await this.options.store.delete(this.options.designId).catch(() => undefined);
        this.setStatus('saved');
      } else {
        // A newer change is pending: keep its device copy on the new base version.
        if (this.latest) this.keep(this.latest);
      }
    } catch (error) {
      this.dirty = true;
      if (error instanceof ApiError && (error.code === 'version_conflict' || error.status === 409 || error.status === 412)) {
        this.setStatus('conflict');
        this.options.onConflict?.();
      } else if (error instanceof ApiError && error.status === 0) {
        this.setStatus('offline');
      } else {
        console.error('Could not save the design', error);
        this.setStatus('error');
        this.schedule(RETRY_MS);
      }
    }
  }

  private schedule(delay: number): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private setStatus(status: SaveStatus): void {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status);
  }
}
