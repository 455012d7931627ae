/**
 * The page on a Konva stage: background, elements, the selection transformer (resize and
 * rotate), snapping guides while dragging, a marquee to select by area, text edited in place,
 * and pinch to zoom on touch screens. The stage is the page at the zoom; the surrounding
 * element scrolls to pan.
 */
import type Konva from 'konva';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';

import { Image as KonvaImage, Layer, Line, Rect, Stage, Transformer } from '../lib/konva';

import { pageSize, type DesignElement, type DesignPage } from '../model/document';
import type { EditorAction, EditorState } from '../model/editor-state';
import { panCrop, zoomCrop } from '../model/crop';
import { boundingBox, intersects, type Box } from '../model/geometry';
import { konvaFill, parseLinearGradient } from '../model/gradient';
import { snapBox, type Guide } from '../model/snapping';
import { cssWeight, fontFamilyList, lineHeightMultiple, textBoxHeight } from '../lib/text-style';
import styles from './editor.module.css';
import { ElementNode, type ElementEvents } from './element-node';
import { useLoadedImage } from './use-loaded-image';

type Props = {
  state: EditorState;
  dispatch: (action: EditorAction) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  fontsVersion: number;
  /** The stage, for snapshots. */
  stageRef?: React.RefObject<Konva.Stage | null>;
};

const SNAP_PX = 6;

/**
 * The performance mark set once per page load when the stage has first been drawn with the
 * document's elements and takes clicks (web/bench/editor-perf.mjs measures up to it).
 */
export const CANVAS_READY_MARK = 'designcore:editor-canvas-ready';

function sameGuides(a: readonly Guide[], b: readonly Guide[]): boolean {
  return a.length === b.length && a.every((guide, i) => guide.orientation === b[i]?.orientation && guide.position === b[i]?.position);
}

/**
 * The snapping guides of the drag in progress, kept outside React's state of the canvas: a drag
 * changes them many times a second, and only the guide lines should draw again, not the page's
 * 200 elements and the transformer.
 */
class GuideStore {
  private guides: readonly Guide[] = [];
  private listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  get = () => this.guides;
  set(guides: readonly Guide[]) {
    if (sameGuides(this.guides, guides)) return;
    this.guides = guides;
    for (const listener of this.listeners) listener();
  }
}

function GuideLines({ store, width, height, zoom }: { store: GuideStore; width: number; height: number; zoom: number }) {
  const guides = useSyncExternalStore(store.subscribe, store.get, store.get);
  return (
    <>
      {guides.map((guide, index) => (
        <Line
          key={index}
          points={guide.orientation === 'vertical' ? [guide.position, 0, guide.position, height] : [0, guide.position, width, guide.position]}
          stroke="#ec4899"
          strokeWidth={1 / zoom}
          dash={[4 / zoom, 4 / zoom]}
        />
      ))}
    </>
  );
}

function isImageBackground(background: string): boolean {
  return /^(https?:|\/|data:image)/.test(background.trim());
}

function Background({ page, width, height }: { page: DesignPage; width: number; height: number }) {
  const background = page.background ?? 'white';
  const image = useLoadedImage(isImageBackground(background) ? background : undefined);
  if (isImageBackground(background)) {
    if (!image) return <Rect width={width} height={height} fill="white" name="background" />;
    // Cover the page, centred (as the renderer does).
    const scale = Math.max(width / image.width, height / image.height);
    const cw = width / scale;
    const ch = height / scale;
    return (
      <KonvaImage
        name="background"
        image={image}
        width={width}
        height={height}
        crop={{ x: (image.width - cw) / 2, y: (image.height - ch) / 2, width: cw, height: ch }}
      />
    );
  }
  const fill = parseLinearGradient(background) ? konvaFill(background, width, height) : { fill: background };
  return <Rect name="background" width={width} height={height} {...fill} />;
}

function TextEditor({
  element,
  zoom,
  onDone,
}: {
  element: DesignElement;
  zoom: number;
  onDone: (text: string | null) => void;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const fontSize = (element.fontSize ?? 14) * zoom;
  const boxHeight = textBoxHeight(element);
  const style: CSSProperties = {
    left: element.x * zoom,
    top: element.y * zoom,
    width: element.width * zoom,
    height: Math.max(boxHeight * zoom, fontSize * 1.4),
    transform: `rotate(${element.rotation ?? 0}deg)`,
    fontSize,
    fontFamily: fontFamilyList(element.fontFamily),
    fontStyle: element.fontStyle === 'italic' ? 'italic' : 'normal',
    fontWeight: cssWeight(element.fontWeight),
    lineHeight: lineHeightMultiple(element.lineHeight),
    letterSpacing: `${(element.letterSpacing ?? 0) * fontSize}px`,
    textAlign: element.align === 'justify' ? 'justify' : (element.align ?? 'left'),
    color: parseLinearGradient(element.fill) ? 'black' : (element.fill ?? 'black'),
  };
  return (
    <textarea
      ref={ref}
      className={styles.textEditor}
      style={style}
      defaultValue={element.text ?? ''}
      aria-label="Edit text"
      onBlur={(e) => onDone(e.currentTarget.value)}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Escape') onDone(null);
        if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) e.currentTarget.blur();
      }}
    />
  );
}

export function DesignCanvas({ state, dispatch, zoom, onZoom, fontsVersion, stageRef: outerStageRef }: Props) {
  const page = state.doc.pages[state.pageIndex];
  const size = page ? pageSize(state.doc, page) : { width: 1, height: 1 };
  const innerStageRef = useRef<Konva.Stage | null>(null);
  const stageRef = outerStageRef ?? innerStageRef;
  const layerRef = useRef<Konva.Layer>(null);
  const dragLayerRef = useRef<Konva.Layer>(null);
  /** The nodes lifted onto the drag layer while they are dragged, with their places below. */
  const lifted = useRef<{ node: Konva.Node; index: number }[]>([]);
  const transformerRef = useRef<Konva.Transformer>(null);
  const guideStore = useMemo(() => new GuideStore(), []);
  const [marquee, setMarquee] = useState<(Box & { startX: number; startY: number }) | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [croppingId, setCroppingId] = useState<string | null>(null);
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);

  const elements = useMemo(() => page?.children ?? [], [page]);

  // The first frame with the document drawn: react-konva queues the layer's draw for the next
  // animation frame when it commits, so a frame callback queued after the commit runs after it.
  useEffect(() => {
    if (!page || typeof performance.mark !== 'function' || performance.getEntriesByName(CANVAS_READY_MARK).length > 0) return;
    const frame = requestAnimationFrame(() => {
      if (performance.getEntriesByName(CANVAS_READY_MARK).length === 0) performance.mark(CANVAS_READY_MARK);
    });
    return () => cancelAnimationFrame(frame);
  }, [page]);
  const editing = editingId ? elements.find((e) => e.id === editingId) : undefined;
  // Cropping lasts while the image stays selected (Escape, or a click elsewhere, ends it).
  const cropping = croppingId && state.selection.includes(croppingId) ? elements.find((e) => e.id === croppingId && e.type === 'image') : undefined;
  const croppingRef = useRef<string | null>(null);
  useLayoutEffect(() => {
    croppingRef.current = cropping?.id ?? null;
  }, [cropping]);
  const cropCount = useRef(0);

  // Enter ends cropping too.
  useEffect(() => {
    if (!cropping) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter') setCroppingId(null);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cropping]);

  // Attach the transformer to the selected nodes.
  useEffect(() => {
    const transformer = transformerRef.current;
    const layer = layerRef.current;
    if (!transformer || !layer) return;
    const nodes = state.selection
      .map((id) => layer.findOne((node: Konva.Node) => node.id() === id && node.name() === 'element'))
      .filter((node): node is Konva.Node => node !== undefined && node !== null);
    transformer.nodes(nodes);
    transformer.getLayer()?.batchDraw();
  }, [state.selection, elements, fontsVersion]);

  const events = useMemo<ElementEvents>(
    () => ({
      onSelect: (id, additive) => {
        const current = stateRef.current;
        if (additive) dispatch({ type: 'toggle-select', id });
        else if (!current.selection.includes(id)) dispatch({ type: 'select', ids: [id] });
      },
      onEditText: (id) => setEditingId(id),
      onCrop: (id) => {
        dispatch({ type: 'select', ids: [id] });
        setCroppingId(id);
      },
      // A press on the image being cropped drags the picture inside its frame, one undo step
      // per drag.
      onPress: (id, clientX, clientY) => {
        if (croppingRef.current !== id) return;
        const element = stateRef.current.doc.pages[stateRef.current.pageIndex]?.children.find((e) => e.id === id);
        if (!element) return;
        cropCount.current += 1;
        const merge = `crop-drag:${id}:${cropCount.current}`;
        const move = (e: PointerEvent) => {
          e.preventDefault();
          const patch = panCrop(element, (e.clientX - clientX) / zoom, (e.clientY - clientY) / zoom);
          dispatch({ type: 'update', ids: [id], patch, merge });
        };
        const up = () => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
          window.removeEventListener('pointercancel', up);
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
        window.addEventListener('pointercancel', up);
      },
      // While elements are dragged they and the transformer are drawn on a layer of their own,
      // so each frame redraws them and not the whole page (docs/benchmarks.md, "Editor").
      onDragStart: (_id, node) => {
        const layer = layerRef.current;
        const dragLayer = dragLayerRef.current;
        const transformer = transformerRef.current;
        if (!layer || !dragLayer || !transformer || lifted.current.length > 0) return;
        const nodes = new Set<Konva.Node>([node, ...transformer.nodes()]);
        lifted.current = [...nodes]
          .filter((n) => n.getParent() === layer)
          .map((n) => ({ node: n, index: n.zIndex() }))
          .sort((a, b) => a.index - b.index);
        for (const { node: n } of lifted.current) n.moveTo(dragLayer);
        transformer.moveTo(dragLayer);
        layer.batchDraw();
      },
      onDragMove: (id, node) => {
        const current = stateRef.current;
        if (current.selection.length > 1) return;
        const currentPage = current.doc.pages[current.pageIndex];
        const element = currentPage?.children.find((e) => e.id === id);
        if (!currentPage || !element) return;
        const box = boundingBox({ ...element, x: node.x(), y: node.y() });
        const others = currentPage.children.filter((e) => e.id !== id && e.visible !== false).map(boundingBox);
        const snapped = snapBox(box, pageSize(current.doc, currentPage), others, SNAP_PX / zoom);
        node.x(node.x() + snapped.x - box.x);
        node.y(node.y() + snapped.y - box.y);
        guideStore.set(snapped.guides);
      },
      onDragEnd: () => {
        guideStore.set([]);
        const layer = layerRef.current;
        if (!layer) return;
        // Back to their places on the page's layer before the state changes.
        for (const { node, index } of lifted.current) {
          node.moveTo(layer);
          node.zIndex(index);
        }
        lifted.current = [];
        transformerRef.current?.moveTo(layer);
        dragLayerRef.current?.batchDraw();
        const current = stateRef.current;
        const ids = new Set(current.selection);
        const patches: Record<string, Partial<DesignElement>> = {};
        layer.find('.element').forEach((node) => {
          if (!ids.has(node.id())) return;
          patches[node.id()] = { x: node.x(), y: node.y() };
        });
        dispatch({ type: 'update-each', patches });
      },
    }),
    [dispatch, zoom, setEditingId, guideStore],
  );

  const onTransformEnd = useCallback(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    const anchor = transformer.getActiveAnchor() ?? '';
    const corner = /^(top|bottom)-(left|right)$/.test(anchor);
    const patches: Record<string, Partial<DesignElement>> = {};
    for (const node of transformer.nodes()) {
      const element = stateRef.current.doc.pages[stateRef.current.pageIndex]?.children.find((e) => e.id === node.id());
      if (!element) continue;
      const sx = Math.abs(node.scaleX());
      const sy = Math.abs(node.scaleY());
      const patch: Partial<DesignElement> = { x: node.x(), y: node.y(), rotation: node.rotation(), width: Math.max(1, element.width * sx) };
      if (element.type === 'text') {
        // Corners scale the text; side handles change the box width (the text re-wraps).
        if (corner) patch.fontSize = Math.max(1, (element.fontSize ?? 14) * sy);
        if (element.height > 0) patch.height = corner ? element.height * sy : element.height;
      } else {
        patch.height = Math.max(1, element.height * sy);
      }
      node.scaleX(1);
      node.scaleY(1);
      patches[node.id()] = patch;
    }
    dispatch({ type: 'update-each', patches });
  }, [dispatch]);

  const stagePoint = () => {
    const pointer = stageRef.current?.getPointerPosition();
    return pointer ? { x: pointer.x / zoom, y: pointer.y / zoom } : null;
  };

  const onStageDown = (e: Konva.KonvaEventObject<MouseEvent | TouchEvent>) => {
    const target = e.target;
    if (target !== target.getStage() && target.name() !== 'background') return;
    setCroppingId(null);
    if (!(e.evt as MouseEvent).shiftKey) dispatch({ type: 'select', ids: [] });
    const point = stagePoint();
    if (point && e.type === 'mousedown') setMarquee({ startX: point.x, startY: point.y, x: point.x, y: point.y, width: 0, height: 0 });
  };

  const onStageMove = () => {
    if (!marquee) return;
    const point = stagePoint();
    if (!point) return;
    setMarquee({
      ...marquee,
      x: Math.min(marquee.startX, point.x),
      y: Math.min(marquee.startY, point.y),
      width: Math.abs(point.x - marquee.startX),
      height: Math.abs(point.y - marquee.startY),
    });
  };

  const onStageUp = () => {
    if (!marquee) return;
    if (marquee.width > 2 || marquee.height > 2) {
      const ids = elements
        .filter((e) => e.visible !== false && e.selectable !== false && !e.locked && intersects(marquee, boundingBox(e)))
        .map((e) => e.id);
      dispatch({ type: 'select', ids });
    }
    setMarquee(null);
  };

  // Pinch to zoom (two fingers) on touch screens.
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const onTouchMove = (e: Konva.KonvaEventObject<TouchEvent>) => {
    const touches = e.evt.touches;
    if (touches.length !== 2) return;
    const [a, b] = [touches[0], touches[1]];
    if (!a || !b) return;
    e.evt.preventDefault();
    const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    if (!pinch.current) {
      pinch.current = { distance, zoom };
      stageRef.current?.stopDrag();
      return;
    }
    onZoom((pinch.current.zoom * distance) / pinch.current.distance);
  };

  if (!page) return null;
  const selected = state.selection.map((id) => elements.find((e) => e.id === id)).filter((e): e is DesignElement => e !== undefined);
  const keepRatio = selected.some((e) => e.type === 'image' ? e.keepRatio === true : e.type === 'svg' ? e.keepRatio !== false : false);
  const resizable = selected.every((e) => e.resizable !== false);
  const textOnly = selected.length > 0 && selected.every((e) => e.type === 'text');

  return (
    <div className={styles.stageWrap} style={{ width: size.width * zoom, height: size.height * zoom }}>
      <Stage
        ref={stageRef}
        width={size.width * zoom}
        height={size.height * zoom}
        scaleX={zoom}
        scaleY={zoom}
        onMouseDown={onStageDown}
        onTouchStart={onStageDown}
        onMouseMove={onStageMove}
        onMouseUp={onStageUp}
        onTouchMove={onTouchMove}
        onTouchEnd={() => {
          pinch.current = null;
        }}
        onWheel={(e) => {
          // While cropping, the wheel zooms the picture inside its frame (Ctrl+wheel still
          // zooms the canvas).
          if (!cropping || e.evt.ctrlKey || e.evt.metaKey) return;
          e.evt.preventDefault();
          dispatch({ type: 'update', ids: [cropping.id], patch: zoomCrop(cropping, e.evt.deltaY < 0 ? 1.1 : 1 / 1.1), merge: `crop-zoom:${cropping.id}` });
        }}
        className={styles.stage}
        data-testid="design-stage"
      >
        <Layer ref={layerRef} key={fontsVersion}>
          <Background page={page} width={size.width} height={size.height} />
          {elements.map((element) => (
            <ElementNode
              key={element.id}
              element={element}
              events={events}
              hidden={element.id === editingId}
              cropping={element.id === cropping?.id}
              fontsVersion={fontsVersion}
            />
          ))}
          <Transformer
            ref={transformerRef}
            name="transformer"
            rotateEnabled
            flipEnabled={false}
            // The box is the element's own: figure strokes lie inside it, text strokes are drawn over it.
            ignoreStroke
            keepRatio={keepRatio}
            resizeEnabled={resizable}
            enabledAnchors={
              textOnly
                ? ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'middle-left', 'middle-right']
                : undefined
            }
            anchorSize={Math.max(8, 10)}
            borderStroke="#7c3aed"
            anchorStroke="#7c3aed"
            rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
            boundBoxFunc={(oldBox, newBox) => (newBox.width < 5 || newBox.height < 5 ? oldBox : newBox)}
            onTransformEnd={onTransformEnd}
          />
        </Layer>
        <Layer ref={dragLayerRef} name="drag" />
        <Layer listening={false} name="overlay">
          <GuideLines store={guideStore} width={size.width} height={size.height} zoom={zoom} />
          {cropping ? (
            <Rect
              x={cropping.x}
              y={cropping.y}
              width={cropping.width}
              height={cropping.height}
              rotation={cropping.rotation ?? 0}
              stroke="#f59e0b"
              strokeWidth={2 / zoom}
              dash={[6 / zoom, 4 / zoom]}
            />
          ) : null}
          {marquee ? (
            <Rect x={marquee.x} y={marquee.y} width={marquee.width} height={marquee.height} fill="rgba(124,58,237,0.1)" stroke="#7c3aed" strokeWidth={1 / zoom} />
          ) : null}
        </Layer>
      </Stage>
      {cropping ? (
        <p className={styles.cropHint} role="status">
          Drag the picture to crop it{' '}
          <span className={styles.cropHintWheel}>(the wheel zooms it)</span>; Enter or Esc when done.
        </p>
      ) : null}
      {editing ? (
        <TextEditor
          element={editing}
          zoom={zoom}
          onDone={(text) => {
            setEditingId(null);
            if (text !== null && text !== editing.text) dispatch({ type: 'update', ids: [editing.id], patch: { text } });
          }}
        />
      ) : null}
    </div>
  );
}
