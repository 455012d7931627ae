import { alignBoxes, distributeBoxes, snapBox } from './snapping';

const page = { width: 1000, height: 800 };

describe('snapping', () => {
  test('a box near the page centre snaps its centre to it, with a guide', () => {
    const result = snapBox({ x: 447, y: 100, width: 100, height: 50 }, page, [], 5);
    expect(result.x).toBe(450);
    expect(result.y).toBe(100);
    expect(result.guides).toEqual([{ orientation: 'vertical', position: 500 }]);
  });

  test('edges snap to page edges on both axes', () => {
    const result = snapBox({ x: 3, y: 748, width: 100, height: 50 }, page, [], 5);
    expect([result.x, result.y]).toEqual([0, 750]);
    expect(result.guides).toHaveLength(2);
  });

  test('a box snaps to another element edge, choosing the nearest line', () => {
    const other = { x: 300, y: 300, width: 200, height: 100 };
    const result = snapBox({ x: 503, y: 220, width: 50, height: 50 }, page, [other], 5);
    expect(result.x).toBe(500);
    expect(result.guides).toEqual([{ orientation: 'vertical', position: 500 }]);
  });

  test('nothing snaps beyond the threshold', () => {
    const result = snapBox({ x: 120, y: 130, width: 10, height: 10 }, page, [], 5);
    expect(result).toEqual({ x: 120, y: 130, guides: [] });
  });

  test('one box aligns to the page; several align to their common bounds', () => {
    expect(alignBoxes({ a: { x: 10, y: 10, width: 100, height: 100 } }, 'center', page)).toEqual({ a: { x: 450, y: 10 } });
    const boxes = { a: { x: 10, y: 10, width: 100, height: 10 }, b: { x: 50, y: 90, width: 20, height: 10 } };
    expect(alignBoxes(boxes, 'right', page)).toEqual({ a: { x: 10, y: 10 }, b: { x: 90, y: 90 } });
    expect(alignBoxes(boxes, 'bottom', page)).toEqual({ a: { x: 10, y: 90 }, b: { x: 50, y: 90 } });
    expect(alignBoxes(boxes, 'middle', page).a).toEqual({ x: 10, y: 50 });
  });

  test('distribute spreads three boxes with equal gaps, the outer two staying', () => {
    const boxes = {
      a: { x: 0, y: 0, width: 10, height: 10 },
      c: { x: 90, y: 0, width: 10, height: 10 },
      b: { x: 20, y: 5, width: 20, height: 10 },
    };
    expect(distributeBoxes(boxes, 'horizontal')).toEqual({ a: { x: 0, y: 0 }, b: { x: 40, y: 5 }, c: { x: 90, y: 0 } });
    expect(distributeBoxes({ a: boxes.a, b: boxes.b }, 'vertical')).toEqual({});
  });
});
