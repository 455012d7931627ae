/**
 * Saving the editor's document: a `DesignSaver` (debounced save, offline queue, stops on a
 * version conflict) fed by the store's revisions, changes kept on this device resumed, a flush
 * when the tab hides or closes, and the two ways out of a conflict.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';

import { createDesign, getDesign, saveDesign, type Design } from '../api/designs';
import { DesignSaver, type SaveStatus } from '../lib/design-saver';
import { indexedDbStore, type OfflineStore } from '../lib/offline-store';
import type { EditorStore } from '../model/editor-store';

export type Autosave = {
  /** Saved, saving, offline, … (`SAVE_STATUS_TEXT` says it in words). */
  status: SaveStatus;
  /** Another tab or device saved a newer version; saving has stopped until one is chosen. */
  conflict: boolean;
  /** Sends what is unsent now (before an export). */
  flush: () => Promise<void>;
  /** Drops the changes here and continues from the saved version. */
  reloadTheirs: () => Promise<void>;
  /** Saves the changes here as a new design and opens it. */
  keepMineAsCopy: (name: string) => Promise<void>;
};

export function useAutosave(design: Design, store: EditorStore, offlineStore?: OfflineStore): Autosave {
  const navigate = useNavigate();
  const dispatch = store.dispatch;
  const localStore = useMemo(() => offlineStore ?? indexedDbStore(), [offlineStore]);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [conflict, setConflict] = useState(false);

  const saver = useMemo(
    () =>
      new DesignSaver({
        designId: design.id,
        version: design.version,
        store: localStore,
        save: async (document, version) => (await saveDesign(design.id, version, { document })).version,
        onStatus: setStatus,
        onConflict: () => setConflict(true),
      }),
    [design.id, design.version, localStore],
  );
  useEffect(() => () => saver.dispose(), [saver]);

  // Changes kept on this device from an earlier visit: continue from them.
  useEffect(() => {
    let active = true;
    void localStore.get(design.id).then((pending) => {
      if (!active || !pending) return;
      if (pending.baseVersion === design.version) {
        dispatch({ type: 'replace-document', doc: pending.document });
        saver.change(pending.document);
      } else if (pending.baseVersion < design.version) {
        dispatch({ type: 'replace-document', doc: pending.document });
        saver.change(pending.document);
        setConflict(true);
      }
    });
    return () => {
      active = false;
    };
  }, [design.id, design.version, dispatch, localStore, saver]);

  // Every new revision of the document goes to the saver (after the render that shows it).
  const { revision, doc } = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const lastRevision = useRef(revision);
  useEffect(() => {
    if (revision === lastRevision.current) return;
    lastRevision.current = revision;
    saver.change(doc);
  }, [revision, doc, saver]);

  useEffect(() => {
    const online = () => saver.online();
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsavedChanges) return;
      void saver.flush();
      event.preventDefault();
      event.returnValue = '';
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    window.addEventListener('online', online);
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('visibilitychange', hidden);
      void saver.flush();
    };
  }, [saver]);

  const reloadTheirs = async () => {
    const fresh = await getDesign(design.id);
    saver.rebase(fresh.version);
    dispatch({ type: 'replace-document', doc: fresh.document });
    lastRevision.current = store.getState().revision;
    setConflict(false);
  };

  const keepMineAsCopy = async (name: string) => {
    const mine = store.getState().doc;
    const copy = await createDesign({ blank: { width: mine.width, height: mine.height } });
    await saveDesign(copy.id, copy.version, { document: mine, name: `${name} (copy)` });
    saver.rebase(saver.baseVersion);
    setConflict(false);
    navigate(`/editor?designId=${encodeURIComponent(copy.id)}`, { replace: false });
  };

  return { status, conflict, flush: () => saver.flush(), reloadTheirs, keepMineAsCopy };
}
