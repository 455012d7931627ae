import type { DesignElement } from './document';
import { cropOf, panCrop, zoomCrop } from './crop';

const image = (extra: Partial<DesignElement> = {}): DesignElement => ({
  id: 'i', type: 'image', x: 0, y: 0, width: 200, height: 100, cropX: 0.25, cropY: 0.25, cropWidth: 0.5, cropHeight: 0.5, ...extra,
});

describe('cropping inside the frame', () => {
  test('dragging the picture right and down moves the crop window left and up', () => {
    // 40 px of a 200 px frame showing half the picture is a tenth of the picture.
    const moved = panCrop(image(), 40, 20);
    expect(moved.cropX).toBeCloseTo(0.15);
    expect(moved.cropY).toBeCloseTo(0.15);
  });

  test('the picture never leaves part of the frame empty', () => {
    expect(panCrop(image(), 1000, -1000)).toEqual({ cropX: 0, cropY: 0.5 });
    expect(panCrop(image({ cropX: 0, cropY: 0, cropWidth: 1, cropHeight: 1 }), 50, 50)).toEqual({ cropX: 0, cropY: 0 });
  });

  test('a rotated or flipped element is dragged in its own axes', () => {
    // Rotated 90° clockwise: dragging down the screen is dragging right in the element.
    const rotated = panCrop(image({ rotation: 90 }), 0, 40);
    expect(rotated.cropX).toBeCloseTo(0.15);
    expect(rotated.cropY).toBeCloseTo(0.25);
    expect(panCrop(image({ flipX: true }), 40, 0).cropX).toBeCloseTo(0.35);
  });

  test('zooming in shows less about the centre; zooming out stops at the whole picture', () => {
    const zoomed = zoomCrop(image(), 2);
    expect(zoomed.cropWidth).toBeCloseTo(0.25);
    expect(zoomed.cropHeight).toBeCloseTo(0.25);
    expect(zoomed.cropX).toBeCloseTo(0.375);
    expect(zoomCrop(image(), 0.1)).toEqual({ cropX: 0, cropY: 0, cropWidth: 1, cropHeight: 1 });
    expect(zoomCrop(image(), 1000).cropWidth).toBeCloseTo(0.05);
  });

  test('missing or out-of-range crop fields read as the whole picture, inside bounds', () => {
    expect(cropOf({})).toEqual({ cropX: 0, cropY: 0, cropWidth: 1, cropHeight: 1 });
    expect(cropOf({ cropX: 0.9, cropWidth: 0.5 })).toEqual({ cropX: 0.5, cropY: 0, cropWidth: 0.5, cropHeight: 1 });
  });
});
