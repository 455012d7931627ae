import { contrastOf, contrastPatch, konvaContrast } from './filters';

describe('contrast in the format\'s filters object', () => {
  test('reads the intensity object and the bare number; anything else is no contrast', () => {
    expect(contrastOf({ filters: { contrast: { intensity: 0.4 } } })).toBe(0.4);
    expect(contrastOf({ filters: { contrast: -0.25 } })).toBe(-0.25);
    expect(contrastOf({})).toBe(0);
    expect(contrastOf({ filters: { contrast: 'high' } })).toBe(0);
    expect(contrastOf({ filters: { contrast: { amount: 0.3 } } })).toBe(0);
  });

  test('clamps to -1..1 and maps onto Konva\'s -100..100', () => {
    expect(contrastOf({ filters: { contrast: 3 } })).toBe(1);
    expect(konvaContrast({ filters: { contrast: { intensity: -0.5 } } })).toBe(-50);
  });

  test('setting it keeps the other filters; zero removes the entry, and an empty object', () => {
    const warm = { intensity: 0.2 };
    expect(contrastPatch({ filters: { warm } }, 0.3)).toEqual({ filters: { warm, contrast: { intensity: 0.3 } } });
    expect(contrastPatch({ filters: { warm, contrast: { intensity: 0.3 } } }, 0)).toEqual({ filters: { warm } });
    expect(contrastPatch({ filters: { contrast: { intensity: 0.3 } } }, 0)).toEqual({ filters: undefined });
    expect(contrastPatch({}, 2)).toEqual({ filters: { contrast: { intensity: 1 } } });
  });
});
