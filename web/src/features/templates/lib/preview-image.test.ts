import { DEFAULT_ASPECT, previewSrc, previewSrcSet, templateAspect } from './preview-image';

const RENDER = '/storage/v1/render/image/public/template-previews/abc.png?width=800&resize=contain&format=avif';

describe('previewSrc', () => {
  test('asks the render path for the given width, as AVIF fitted inside (contain)', () => {
    expect(previewSrc(RENDER, 168)).toBe(
      '/storage/v1/render/image/public/template-previews/abc.png?width=168&resize=contain&format=avif',
    );
  });

  test('turns a stored object URL into its render URL', () => {
    expect(previewSrc('/storage/v1/object/public/template-previews/abc.png', 300)).toBe(
      '/storage/v1/render/image/public/template-previews/abc.png?width=300&resize=contain&format=avif',
    );
  });

  test('keeps an absolute origin and drops a fixed height', () => {
    expect(previewSrc('https://cdn.example.com/storage/v1/render/image/public/b/x.png?height=500', 200.4)).toBe(
      'https://cdn.example.com/storage/v1/render/image/public/b/x.png?width=200&resize=contain&format=avif',
    );
  });

  test('asks for a quality when given one, and drops one the URL carried otherwise', () => {
    expect(previewSrc(RENDER, 168, 60)).toBe(
      '/storage/v1/render/image/public/template-previews/abc.png?width=168&resize=contain&format=avif&quality=60',
    );
    expect(previewSrc(`${RENDER}&quality=30`, 168)).toBe(
      '/storage/v1/render/image/public/template-previews/abc.png?width=168&resize=contain&format=avif',
    );
  });

  test('leaves other URLs alone, with no srcset', () => {
    expect(previewSrc('https://example.com/x.png', 200)).toBe('https://example.com/x.png');
    expect(previewSrcSet('https://example.com/x.png', 200)).toBeUndefined();
  });

  test('srcset offers 1x and 2x', () => {
    expect(previewSrcSet(RENDER, 200)).toBe(
      '/storage/v1/render/image/public/template-previews/abc.png?width=200&resize=contain&format=avif 1x, ' +
        '/storage/v1/render/image/public/template-previews/abc.png?width=400&resize=contain&format=avif 2x',
    );
  });
});

describe('templateAspect', () => {
  test.each([
    [1080, 1080, 1],
    [1080, 1350, 0.8],
    [1080, 1920, 0.5625],
  ])('%ix%i is %f', (width, height, expected) => {
    expect(templateAspect({ width, height })).toBeCloseTo(expected);
  });

  test.each([
    [{}],
    [{ width: null, height: null }],
    [{ width: 0, height: 100 }],
  ])('falls back to the 4:5 flyer without a usable size (%o)', (size) => {
    expect(templateAspect(size)).toBe(DEFAULT_ASPECT);
  });
});
