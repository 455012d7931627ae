import { polygonPoints, STAR_INNER_RATIO, starPoints, traceFigureOutline, type PathSink } from './figure-outline';

/** A path that records its calls. */
function recorder(): PathSink & { calls: [string, ...number[]][] } {
  const calls: [string, ...number[]][] = [];
  return {
    calls,
    moveTo: (...a) => calls.push(['moveTo', ...a]),
    lineTo: (...a) => calls.push(['lineTo', ...a]),
    closePath: () => calls.push(['closePath']),
    ellipse: (...a) => calls.push(['ellipse', ...a]),
    roundRect: (...a) => calls.push(['roundRect', ...a]),
  };
}

describe('figure outlines (the stroke is clipped to them, as the renderer does)', () => {
  it('a rectangle is its box, its corner radius capped at half the shorter side', () => {
    const path = recorder();
    expect(traceFigureOutline(path, 'rect', 200, 80, 60)).toBe(true);
    expect(path.calls).toEqual([['roundRect', 0, 0, 200, 80, 40]]);
  });

  it('a circle is the ellipse filling the box', () => {
    const path = recorder();
    traceFigureOutline(path, 'circle', 120, 60);
    expect(path.calls).toEqual([['ellipse', 60, 30, 60, 30, 0, 0, Math.PI * 2]]);
  });

  it('a star is regular, inscribed in the circle of min(width, height) / 2 at the centre, never stretched', () => {
    const points = starPoints(200, 100);
    // First point straight up from the centre, at the outer radius 50.
    expect(points[0]).toBeCloseTo(100);
    expect(points[1]).toBeCloseTo(0);
    // Every point at the outer or the inner radius from the centre (100, 50).
    for (let i = 0; i < 10; i += 1) {
      const distance = Math.hypot((points[2 * i] ?? 0) - 100, (points[2 * i + 1] ?? 0) - 50);
      expect(distance).toBeCloseTo(i % 2 === 0 ? 50 : 50 * STAR_INNER_RATIO);
    }
    expect(STAR_INNER_RATIO).toBeCloseTo(0.381966, 5);
  });

  it('a polygon is traced through its corners and closed; an unknown sub-type traces nothing', () => {
    const path = recorder();
    expect(traceFigureOutline(path, 'diamond', 40, 20)).toBe(true);
    expect(path.calls).toEqual([['moveTo', 20, 0], ['lineTo', 40, 10], ['lineTo', 20, 20], ['lineTo', 0, 10], ['closePath']]);
    const none = recorder();
    expect(traceFigureOutline(none, 'blob', 40, 20)).toBe(false);
    expect(none.calls).toEqual([]);
    expect(polygonPoints('hexagon', 60, 60)).toHaveLength(12);
  });
});
