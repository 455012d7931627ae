/**
 * One document element drawn with Konva, the way the server renderer draws it
 * (`adapters/render/draw.py`). Every element is a Konva `Group` carrying the element's id,
 * position, rotation (about its top-left corner) and opacity, with an invisible box as its hit
 * area, so the transformer and the selection treat all types alike.
 */
import type Konva from 'konva';
import { memo, useEffect, useMemo, useRef } from 'react';

import { filters as konvaFilters, Group, Image as KonvaImage, Line, Rect, Shape } from '../lib/konva';

import type { DesignElement } from '../model/document';
import { contrastOf, konvaContrast } from '../model/filters';
import { polygonPoints, traceFigureOutline } from '../model/figure-outline';
import { gradientPoints, konvaFill, parseLinearGradient } from '../model/gradient';
import { drawTextLayout, elementTextLayout, textBoxHeight } from '../lib/text-style';
import { useLoadedImage } from './use-loaded-image';

export type ElementEvents = {
  onSelect: (id: string, additive: boolean) => void;
  onDragStart: (id: string, node: Konva.Group) => void;
  onDragMove: (id: string, node: Konva.Group) => void;
  onDragEnd: (id: string) => void;
  onEditText: (id: string) => void;
  /** Double-click or double-tap on an image: crop it inside its frame. */
  onCrop: (id: string) => void;
  /** A press on the element (mouse or first finger), where it happened on screen. */
  onPress: (id: string, clientX: number, clientY: number) => void;
};

type Props = {
  element: DesignElement;
  events: ElementEvents | null;
  /** The element whose text is being edited in place (drawn hidden meanwhile). */
  hidden?: boolean;
  /** The image being cropped by hand: the press drags the picture, not the element. */
  cropping?: boolean;
  fontsVersion: number;
};

function shadowProps(element: DesignElement): Record<string, unknown> {
  if (!element.shadowEnabled) return {};
  return {
    shadowEnabled: true,
    shadowBlur: element.shadowBlur ?? 5,
    shadowOffsetX: element.shadowOffsetX ?? 0,
    shadowOffsetY: element.shadowOffsetY ?? 0,
    shadowColor: element.shadowColor ?? 'black',
    shadowOpacity: element.shadowOpacity ?? 1,
  };
}

type KonvaFilter = (typeof konvaFilters)['Blur'];

function filterList(element: DesignElement): KonvaFilter[] {
  const filters: KonvaFilter[] = [];
  if (element.blurEnabled) filters.push(konvaFilters.Blur);
  if (element.brightnessEnabled) filters.push(konvaFilters.Brighten);
  if (contrastOf(element) !== 0) filters.push(konvaFilters.Contrast);
  if (element.grayscaleEnabled) filters.push(konvaFilters.Grayscale);
  if (element.sepiaEnabled) filters.push(konvaFilters.Sepia);
  return filters;
}

function ImageContent({ element }: { element: DesignElement }) {
  const svgSource = useMemo(() => {
    if (element.type !== 'svg' || !element.src || !element.colorsReplace) return element.src;
    const entries = Object.entries(element.colorsReplace);
    if (entries.length === 0 || !element.src.startsWith('data:image/svg+xml')) return element.src;
    const comma = element.src.indexOf(',');
    const head = element.src.slice(0, comma);
    let body = head.includes(';base64') ? atob(element.src.slice(comma + 1)) : decodeURIComponent(element.src.slice(comma + 1));
    for (const [from, to] of entries) body = body.split(from).join(to);
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(body)}`;
  }, [element.type, element.src, element.colorsReplace]);
  const image = useLoadedImage(svgSource);
  const ref = useRef<Konva.Image>(null);
  const filters = filterList(element);
  const filterKey = `${element.blurEnabled}${element.blurRadius}${element.brightnessEnabled}${element.brightness}${contrastOf(element)}${element.grayscaleEnabled}${element.sepiaEnabled}`;
  useEffect(() => {
    const node = ref.current;
    if (!node || !image) return;
    if (filters.length > 0) node.cache();
    else node.clearCache();
    node.getLayer()?.batchDraw();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey sums up the filter fields
  }, [image, filterKey, element.width, element.height]);
  if (!image) return <Rect width={element.width} height={element.height} fill="rgba(0,0,0,0.06)" />;
  const natural = { width: image.naturalWidth || image.width, height: image.naturalHeight || image.height };
  const crop = {
    x: (element.cropX ?? 0) * natural.width,
    y: (element.cropY ?? 0) * natural.height,
    width: (element.cropWidth ?? 1) * natural.width,
    height: (element.cropHeight ?? 1) * natural.height,
  };
  return (
    <KonvaImage
      ref={ref}
      image={image}
      crop={crop}
      width={element.width}
      height={element.height}
      x={element.flipX ? element.width : 0}
      y={element.flipY ? element.height : 0}
      scaleX={element.flipX ? -1 : 1}
      scaleY={element.flipY ? -1 : 1}
      cornerRadius={element.cornerRadius ?? 0}
      filters={filters}
      blurRadius={element.blurRadius ?? 10}
      brightness={element.brightness ?? 0}
      contrast={konvaContrast(element)}
      stroke={element.borderSize ? String(element.borderColor ?? 'black') : undefined}
      strokeWidth={Number(element.borderSize ?? 0)}
      {...shadowProps(element)}
      listening={false}
    />
  );
}

function FigureContent({ element }: { element: DesignElement }) {
  const w = element.width;
  const h = element.height;
  const subType = element.subType ?? 'rect';
  const radius = Math.min(element.cornerRadius ?? 0, w / 2, h / 2);
  if (subType !== 'rect' && subType !== 'circle' && !polygonPoints(subType, w, h)) return null;
  const strokeWidth = element.strokeWidth ?? 0;
  const stroke = strokeWidth > 0 ? { stroke: element.stroke ?? '#0c0c0c', strokeWidth: strokeWidth * 2, dash: element.dash } : {};
  // Filled, then stroked inside the outline as in a download (twice as wide, clipped to it).
  // With a stroke, Konva draws the figure into a buffer first and applies the shadow and the
  // opacity to the whole, as the renderer does, so neither shows through the other.
  return (
    <Shape
      listening={false}
      width={w}
      height={h}
      {...konvaFill(element.fill ?? 'rgb(0, 161, 255)', w, h)}
      {...stroke}
      {...shadowProps(element)}
      sceneFunc={(context, shape) => {
        context.beginPath();
        traceFigureOutline(context, subType, w, h, radius);
        context.closePath();
        context.fillShape(shape);
        if (strokeWidth <= 0) return;
        context.save();
        context.clip();
        context.strokeShape(shape);
        context.restore();
      }}
    />
  );
}

function LineContent({ element }: { element: DesignElement }) {
  const thickness = element.height;
  const dash = element.dash && element.dash.length > 0 ? element.dash.map((d) => d * thickness) : undefined;
  return (
    <Line
      points={[0, thickness / 2, element.width, thickness / 2]}
      stroke={element.color ?? 'black'}
      strokeWidth={thickness}
      dash={dash}
      {...shadowProps(element)}
      listening={false}
    />
  );
}

function TextContent({ element, fontsVersion }: { element: DesignElement; fontsVersion: number }) {
  const layout = elementTextLayout(element, fontsVersion);
  const fontSize = element.fontSize ?? 14;
  const pad = Number(element.backgroundPadding ?? 0.5) * fontSize;
  return (
    <>
      {element.backgroundEnabled ? (
        <Rect
          x={-pad}
          y={-pad}
          width={element.width + 2 * pad}
          height={layout.boxHeight + 2 * pad}
          cornerRadius={Number(element.backgroundCornerRadius ?? 0.5) * fontSize}
          fill={String(element.backgroundColor ?? '#7ED321')}
          opacity={Number(element.backgroundOpacity ?? 1)}
          listening={false}
        />
      ) : null}
      {/* Konva draws the text into a buffer when it casts a shadow or is see-through (the fill
          and stroke given here only say that something is filled and stroked), and applies the
          shadow and the opacity to the whole, as the renderer does: the stroke's shadow never
          falls on the fill, and overlapping glyphs do not show through each other. */}
      <Shape
        listening={false}
        width={element.width}
        height={layout.boxHeight}
        fill="black"
        stroke="black"
        strokeWidth={1}
        {...shadowProps(element)}
        sceneFunc={(context) => {
          const ctx = context._context;
          const gradient = parseLinearGradient(element.fill);
          let fill: string | CanvasGradient = element.fill ?? 'black';
          if (gradient) {
            const { start, end } = gradientPoints(gradient.angle, element.width, layout.boxHeight);
            const canvasGradient = ctx.createLinearGradient(start.x, start.y, end.x, end.y);
            for (const stop of gradient.stops) canvasGradient.addColorStop(stop.offset, stop.color);
            fill = canvasGradient;
          }
          ctx.save();
          drawTextLayout(ctx, element, layout, fill);
          ctx.restore();
        }}
      />
    </>
  );
}

/** The element's own drawing, at its top-left corner. */
export function ElementContent({ element, fontsVersion }: { element: DesignElement; fontsVersion: number }) {
  switch (element.type) {
    case 'text':
      return <TextContent element={element} fontsVersion={fontsVersion} />;
    case 'image':
    case 'svg':
      return <ImageContent element={element} />;
    case 'figure':
      return <FigureContent element={element} />;
    case 'line':
      return <LineContent element={element} />;
    case 'group':
      return (
        <>
          {(element.children ?? []).map((child) =>
            child.visible === false ? null : (
              <Group key={child.id} x={child.x} y={child.y} rotation={child.rotation ?? 0} opacity={child.opacity ?? 1}>
                <ElementContent element={child} fontsVersion={fontsVersion} />
              </Group>
            ),
          )}
        </>
      );
    default:
      return null;
  }
}

export const ElementNode = memo(function ElementNode({ element, events, hidden = false, cropping = false, fontsVersion }: Props) {
  const interactive = events !== null && element.selectable !== false && !element.locked;
  const boxHeight = element.type === 'text' ? textBoxHeight(element, fontsVersion) : element.height;
  return (
    <Group
      id={element.id}
      name="element"
      x={element.x}
      y={element.y}
      rotation={element.rotation ?? 0}
      opacity={hidden ? 0 : (element.opacity ?? 1)}
      visible={element.visible !== false}
      listening={interactive}
      draggable={interactive && !cropping && element.draggable !== false}
      onMouseDown={(e) => {
        if (!events) return;
        e.cancelBubble = true;
        events.onSelect(element.id, e.evt.shiftKey);
        events.onPress(element.id, e.evt.clientX, e.evt.clientY);
      }}
      onTouchStart={(e) => {
        const touch = e.evt.touches[0];
        if (events && touch && e.evt.touches.length === 1) events.onPress(element.id, touch.clientX, touch.clientY);
      }}
      onTap={(e) => {
        e.cancelBubble = true;
        events?.onSelect(element.id, false);
      }}
      onDblClick={() => (element.type === 'text' ? events?.onEditText(element.id) : element.type === 'image' ? events?.onCrop(element.id) : undefined)}
      onDblTap={() => (element.type === 'text' ? events?.onEditText(element.id) : element.type === 'image' ? events?.onCrop(element.id) : undefined)}
      onDragStart={(e) => events?.onDragStart(element.id, e.target as unknown as Konva.Group)}
      onDragMove={(e) => events?.onDragMove(element.id, e.target as unknown as Konva.Group)}
      onDragEnd={() => events?.onDragEnd(element.id)}
    >
      <Rect name="hit-box" width={element.width} height={boxHeight} fill="transparent" />
      <ElementContent element={element} fontsVersion={fontsVersion} />
    </Group>
  );
});
