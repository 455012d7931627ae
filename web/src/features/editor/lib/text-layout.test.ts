import vectors from '../../../../../tests/contract/vectors/text_layout.json';

import { layoutText, splitClusters, type MeasureText, type TextLayoutInput } from './text-layout';

type Font = { advances: Record<string, number>; default: number; kerning?: Record<string, number>; ascent: number; descent: number; lineGap?: number };
type Vector = {
  name: string;
  font: Font;
  element: TextLayoutInput;
  expected: { boxHeight: number; lineHeight: number; lines: { text: string; width: number; x: number; top: number; baseline: number; spaceExtra: number }[] };
};

/** The vector's synthetic font: an advance per character plus kerning pairs. */
function syntheticMeasure(font: Font): MeasureText {
  return (text) => {
    const chars = Array.from(text);
    let total = chars.reduce((sum, c) => sum + (font.advances[c] ?? font.default), 0);
    for (let i = 1; i < chars.length; i += 1) total += font.kerning?.[`${chars[i - 1]}${chars[i]}`] ?? 0;
    return total;
  };
}

const cases = (vectors as unknown as { vectors: Vector[] }).vectors;

describe('text layout contract (tests/contract/vectors/text_layout.json)', () => {
  test('the file has vectors', () => {
    expect(cases.length).toBeGreaterThan(20);
  });

  test.each(cases.map((v) => [v.name, v] as const))('%s', (_name, vector) => {
    const layout = layoutText(vector.element, syntheticMeasure(vector.font), vector.font);
    expect(layout.boxHeight).toBeCloseTo(vector.expected.boxHeight, 6);
    expect(layout.lineHeight).toBeCloseTo(vector.expected.lineHeight, 6);
    expect(layout.lines.map((l) => l.text)).toEqual(vector.expected.lines.map((l) => l.text));
    layout.lines.forEach((line, i) => {
      const want = vector.expected.lines[i];
      if (!want) throw new Error(`no expected line ${i}`);
      expect(line.width).toBeCloseTo(want.width, 6);
      expect(line.x).toBeCloseTo(want.x, 6);
      expect(line.top).toBeCloseTo(want.top, 6);
      expect(line.baseline).toBeCloseTo(want.baseline, 6);
      expect(line.spaceExtra).toBeCloseTo(want.spaceExtra, 6);
    });
  });

  test('a Yoruba letter with its marks is one character', () => {
    expect(splitClusters('ọ́ṣẹ́ ₦')).toEqual(['ọ́', 'ṣ', 'ẹ́', ' ', '₦']);
  });
});
