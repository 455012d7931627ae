/**
 * Konva as the editor uses it: the core, the shapes and filters it draws with, and react-konva's
 * core bindings — not the whole library (half the size gzipped; docs/decisions.md).
 */
import Konva from 'konva/lib/Core';
import { Blur } from 'konva/lib/filters/Blur';
import { Brighten } from 'konva/lib/filters/Brighten';
import { Contrast } from 'konva/lib/filters/Contrast';
import { Grayscale } from 'konva/lib/filters/Grayscale';
import { Sepia } from 'konva/lib/filters/Sepia';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Line';
import 'konva/lib/shapes/Rect';
import 'konva/lib/shapes/Transformer';

export { Group, Image, Layer, Line, Rect, Shape, Stage, Transformer } from 'react-konva/lib/ReactKonvaCore';

/** The image filters the renderer also draws. */
export const filters = { Blur, Brighten, Contrast, Grayscale, Sepia };

export default Konva;
