import { ApiError } from '@/lib/api-client';

import { blankDocument, type DesignDocument } from '../model/document';
import { DesignSaver, SAVE_STATUS_TEXT, type SaveStatus } from './design-saver';
import { memoryStore } from './offline-store';

function docNamed(name: string): DesignDocument {
  return { ...blankDocument(100, 100), custom: { name } };
}

function setup(save: (doc: DesignDocument, version: number) => Promise<number>) {
  const store = memoryStore();
  const statuses: SaveStatus[] = [];
  const onConflict = jest.fn();
  const saver = new DesignSaver({ designId: 'd1', version: 3, save, store, onStatus: (s) => statuses.push(s), onConflict });
  return { saver, store, statuses, onConflict };
}

/** Lets pending promises settle under fake timers. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

describe('DesignSaver', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  test('the statuses say what the spec says', () => {
    expect(SAVE_STATUS_TEXT.saved).toBe('Saved');
    expect(SAVE_STATUS_TEXT.saving).toBe('Saving…');
    expect(SAVE_STATUS_TEXT.offline).toBe('Offline — changes kept on this device');
  });

  test('saves one second after the last change, only the latest document, over the known version', async () => {
    const save = jest.fn(async () => 4);
    const { saver, statuses, store } = setup(save);
    saver.change(docNamed('a'));
    jest.advanceTimersByTime(600);
    saver.change(docNamed('b'));
    jest.advanceTimersByTime(999);
    expect(save).not.toHaveBeenCalled();
    await saver.whenKept();
    expect(store.records.size).toBe(1);
    jest.advanceTimersByTime(1);
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith(docNamed('b'), 3);
    await settle();
    expect(statuses).toEqual(['saving', 'saved']);
    expect(saver.baseVersion).toBe(4);
    expect(saver.hasUnsavedChanges).toBe(false);
    expect(store.records.size).toBe(0);
  });

  test('flush sends at once (leaving the page)', async () => {
    const save = jest.fn(async () => 4);
    const { saver } = setup(save);
    saver.change(docNamed('a'));
    await saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(saver.status).toBe('saved');
  });

  test('offline: the change stays on the device and goes out when the connection returns', async () => {
    let online = false;
    const save = jest.fn(async () => {
      if (!online) throw new ApiError({ status: 0, code: 'network_error', message: 'offline' });
      return 4;
    });
    const { saver, store, statuses } = setup(save);
    saver.change(docNamed('a'));
    await saver.flush();
    await saver.whenKept();
    expect(saver.status).toBe('offline');
    expect(store.records.get('d1')).toMatchObject({ baseVersion: 3, document: docNamed('a') });
    saver.change(docNamed('b'));
    expect(saver.status).toBe('offline');
    online = true;
    saver.online();
    await settle();
    await settle();
    expect(save).toHaveBeenLastCalledWith(docNamed('b'), 3);
    expect(saver.status).toBe('saved');
    expect(store.records.size).toBe(0);
    expect(statuses).toEqual(['saving', 'offline', 'saving', 'saved']);
  });

  test('a stale version stops saving with the conflict status and keeps the change', async () => {
    const save = jest.fn(async () => {
      throw new ApiError({ status: 409, code: 'version_conflict', message: 'stale' });
    });
    const { saver, store, onConflict } = setup(save);
    saver.change(docNamed('mine'));
    await saver.flush();
    expect(saver.status).toBe('conflict');
    expect(onConflict).toHaveBeenCalledTimes(1);
    saver.change(docNamed('mine 2'));
    jest.advanceTimersByTime(5000);
    await settle();
    expect(save).toHaveBeenCalledTimes(1);
    await saver.whenKept();
    expect(store.records.get('d1')?.document).toEqual(docNamed('mine 2'));
    saver.rebase(9);
    await saver.whenKept();
    expect(saver.status).toBe('saved');
    expect(saver.baseVersion).toBe(9);
    expect(store.records.size).toBe(0);
  });

  test('a change during a save is sent after it, on the new version', async () => {
    let release: (v: number) => void = () => undefined;
    const save = jest.fn(
      (_doc: DesignDocument, version: number) =>
        new Promise<number>((resolve) => {
          release = (v) => resolve(v);
          void version;
        }),
    );
    const { saver } = setup(save);
    saver.change(docNamed('a'));
    const first = saver.flush();
    saver.change(docNamed('b'));
    release(4);
    await first;
    expect(saver.hasUnsavedChanges).toBe(true);
    jest.advanceTimersByTime(1000);
    await settle();
    expect(save).toHaveBeenLastCalledWith(docNamed('b'), 4);
    release(5);
    await settle();
    await settle();
    expect(saver.status).toBe('saved');
  });

  test('other errors retry later', async () => {
    const save = jest
      .fn<Promise<number>, [DesignDocument, number]>()
      .mockRejectedValueOnce(new ApiError({ status: 500, code: 'internal_error', message: 'boom' }))
      .mockResolvedValue(4);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { saver } = setup(save);
    saver.change(docNamed('a'));
    await saver.flush();
    expect(saver.status).toBe('error');
    jest.advanceTimersByTime(5000);
    await settle();
    await settle();
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.status).toBe('saved');
  });
});
