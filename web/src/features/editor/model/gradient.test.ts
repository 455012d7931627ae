import { gradientCss, gradientPoints, konvaFill, parseLinearGradient } from './gradient';

describe('linear gradients', () => {
  test('reads angle and stops with and without positions', () => {
    expect(parseLinearGradient('linear-gradient(90deg, rgb(1, 2, 3) 10%, #fff)')).toEqual({
      angle: 90,
      stops: [
        { color: 'rgb(1, 2, 3)', offset: 0.1 },
        { color: '#fff', offset: 1 },
      ],
    });
  });

  test('a direction keyword, and the default top-to-bottom', () => {
    expect(parseLinearGradient('linear-gradient(to right, red, blue)')?.angle).toBe(90);
    expect(parseLinearGradient('linear-gradient(red, blue, green)')).toEqual({
      angle: 180,
      stops: [
        { color: 'red', offset: 0 },
        { color: 'blue', offset: 0.5 },
        { color: 'green', offset: 1 },
      ],
    });
  });

  test('plain colours and broken gradients are not gradients', () => {
    expect(parseLinearGradient('red')).toBeNull();
    expect(parseLinearGradient('linear-gradient(red)')).toBeNull();
    expect(parseLinearGradient('linear-gradient(xdeg, red, blue)')).toBeNull();
  });

  test('the gradient line spans the box like CSS', () => {
    const { start, end } = gradientPoints(90, 200, 100);
    expect(start.x).toBeCloseTo(0);
    expect(end.x).toBeCloseTo(200);
    expect(start.y).toBeCloseTo(50);
  });

  test('Konva attributes for a colour and a gradient; CSS written back', () => {
    expect(konvaFill('red', 10, 10)).toEqual({ fill: 'red' });
    const fill = konvaFill(gradientCss(180, 'red', 'blue'), 10, 20);
    expect(fill.fillLinearGradientColorStops).toEqual([0, 'red', 1, 'blue']);
    const end = fill.fillLinearGradientEndPoint as { x: number; y: number };
    expect(end.x).toBeCloseTo(5);
    expect(end.y).toBeCloseTo(20);
  });
});
