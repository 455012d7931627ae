import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';

import { server } from '@/testing/mocks/server';

import { blankDocument, type DesignDocument } from '../model/document';
import { useFonts } from './use-fonts';

/** A stand-in for `document.fonts` (jsdom has none): records loads, dispatches events. */
class FakeFontSet extends EventTarget {
  loads: string[] = [];
  ready = Promise.resolve();
  load(font: string) {
    this.loads.push(font);
    return Promise.resolve([]);
  }
}

function loraDocument(): DesignDocument {
  const doc = blankDocument(400, 400);
  doc.pages[0]?.children.push({ id: 't1', type: 'text', x: 0, y: 0, width: 200, height: 0, text: 'Ẹ ṣé', fontFamily: 'Lora', fontSize: 20 });
  return doc;
}

describe('useFonts', () => {
  let fonts: FakeFontSet;

  beforeEach(() => {
    fonts = new FakeFontSet();
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
    server.use(http.get('*/fonts/fonts.json', () => HttpResponse.json({ families: [{ family: 'Lora', faces: [{ weight: 400, style: 'normal' }] }] })));
  });

  afterEach(() => {
    Reflect.deleteProperty(document, 'fonts');
  });

  it("loads the document's faces only once the fonts' stylesheet has been read, and measures again when a face of its families loads later", async () => {
    const { result } = renderHook(() => useFonts(loraDocument()));
    const link = document.getElementById('designcore-fonts');
    expect(link).not.toBeNull();
    // Before the stylesheet is read, loading a face would load nothing: nothing is asked yet.
    await act(async () => {
      await Promise.resolve();
    });
    expect(fonts.loads).toEqual([]);
    expect(result.current.ready).toBe(false);

    act(() => {
      link?.dispatchEvent(new Event('load'));
    });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(fonts.loads).toEqual(['400 16px "Lora"']);
    const version = result.current.version;

    // A face of another family loading changes nothing; one of the document's does.
    act(() => {
      fonts.dispatchEvent(Object.assign(new Event('loadingdone'), { fontfaces: [{ family: '"Anton"' }] }));
    });
    expect(result.current.version).toBe(version);
    act(() => {
      fonts.dispatchEvent(Object.assign(new Event('loadingdone'), { fontfaces: [{ family: 'Noto Sans' }] }));
    });
    expect(result.current.version).toBe(version + 1);
  });
});
