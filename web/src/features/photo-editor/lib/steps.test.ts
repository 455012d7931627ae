import { aspectCrop, describeStep, keepAspect, rotatedSize, sizeAfter } from './steps';

describe('photo editor steps', () => {
  it('crops the largest centred box of an aspect, as the server does', () => {
    expect(aspectCrop({ width: 1000, height: 500 }, [1, 1])).toEqual({ op: 'crop', x: 250, y: 0, width: 500, height: 500 });
    expect(aspectCrop({ width: 1080, height: 1920 }, [4, 5])).toEqual({ op: 'crop', x: 0, y: 285, width: 1080, height: 1350 });
    expect(aspectCrop({ width: 1920, height: 1080 }, [9, 16])).toEqual({ op: 'crop', x: 656, y: 0, width: 607, height: 1080 });
  });

  it('turns sizes like the server', () => {
    expect(rotatedSize({ width: 40, height: 30 }, 90)).toEqual({ width: 30, height: 40 });
    expect(rotatedSize({ width: 40, height: 30 }, -270)).toEqual({ width: 30, height: 40 });
    expect(rotatedSize({ width: 40, height: 30 }, 180)).toEqual({ width: 40, height: 30 });
    expect(rotatedSize({ width: 100, height: 100 }, 45)).toEqual({ width: 142, height: 142 });
  });

  it('follows the size through the steps', () => {
    expect(
      sizeAfter({ width: 200, height: 80 }, [
        { op: 'crop', x: 10, y: 0, width: 100, height: 50 },
        { op: 'rotate', degrees: 90 },
        { op: 'enhance' },
        { op: 'resize', width: 25, height: 50 },
        { op: 'flip', axis: 'horizontal' },
      ]),
    ).toEqual({ width: 25, height: 50 });
  });

  it('keeps the aspect from either side', () => {
    expect(keepAspect({ width: 1200, height: 800 }, 'width', 600)).toEqual({ width: 600, height: 400 });
    expect(keepAspect({ width: 1200, height: 800 }, 'height', 200)).toEqual({ width: 300, height: 200 });
  });

  it('describes each step in words', () => {
    expect(describeStep({ op: 'rotate', degrees: 90 })).toBe('Rotate left 90°');
    expect(describeStep({ op: 'rotate', degrees: -90 })).toBe('Rotate right 90°');
    expect(describeStep({ op: 'flip', axis: 'vertical' })).toBe('Flip vertically');
    expect(describeStep({ op: 'crop', x: 1, y: 2, width: 3, height: 4 })).toBe('Crop to 3 × 4 at (1, 2)');
  });
});
