/**
 * The design document as the editor holds it: Polotno JSON, schema version 4 (the fields are
 * those of the server's model, `src/designcore/domain/document.py`). The editor keeps every key
 * it does not know, so a round trip through the editor never drops data.
 */

export const SCHEMA_VERSION = 4;
/** Most elements one page may hold, counting the children of groups (the server's limit). */
export const MAX_ELEMENTS_PER_PAGE = 200;

export type ElementType = 'text' | 'image' | 'svg' | 'figure' | 'line' | 'group';

/** Fields every element has; type-specific ones are optional and keep the format's names. */
export type DesignElement = {
  id: string;
  type: ElementType | (string & {});
  name?: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  opacity?: number;
  visible?: boolean;
  selectable?: boolean;
  removable?: boolean;
  draggable?: boolean;
  resizable?: boolean;
  contentEditable?: boolean;
  styleEditable?: boolean;
  /** Editor only: the layer is locked (cannot be moved or selected on the canvas). */
  locked?: boolean;
  blurEnabled?: boolean;
  blurRadius?: number;
  brightnessEnabled?: boolean;
  brightness?: number;
  sepiaEnabled?: boolean;
  grayscaleEnabled?: boolean;
  /** The format's image filters keyed by name; `contrast` is drawn (see `model/filters.ts`). */
  filters?: Record<string, unknown>;
  shadowEnabled?: boolean;
  shadowBlur?: number;
  shadowOffsetX?: number;
  shadowOffsetY?: number;
  shadowColor?: string;
  shadowOpacity?: number;
  // text
  text?: string;
  placeholder?: string;
  fontSize?: number;
  fontFamily?: string;
  fontStyle?: 'normal' | 'italic';
  fontWeight?: string;
  textDecoration?: string;
  fill?: string;
  align?: 'left' | 'center' | 'right' | 'justify';
  verticalAlign?: 'top' | 'middle' | 'bottom';
  strokeWidth?: number;
  stroke?: string;
  lineHeight?: number | string;
  letterSpacing?: number;
  textTransform?: string;
  // image / svg
  src?: string;
  cropX?: number;
  cropY?: number;
  cropWidth?: number;
  cropHeight?: number;
  cornerRadius?: number;
  flipX?: boolean;
  flipY?: boolean;
  keepRatio?: boolean;
  colorsReplace?: Record<string, string>;
  // figure
  subType?: string;
  dash?: number[];
  // line
  color?: string;
  startHead?: string;
  endHead?: string;
  // group
  children?: DesignElement[];
  [key: string]: unknown;
};

export type DesignPage = {
  id: string;
  background?: string;
  width?: number | 'auto';
  height?: number | 'auto';
  children: DesignElement[];
  [key: string]: unknown;
};

export type DesignDocument = {
  width: number;
  height: number;
  fonts?: unknown[];
  pages: DesignPage[];
  unit?: string;
  dpi?: number;
  schemaVersion?: number;
  [key: string]: unknown;
};

/** A blank document of the given size with one white page. */
export function blankDocument(width: number, height: number, pageId = 'page-1'): DesignDocument {
  return { width, height, fonts: [], unit: 'px', dpi: 72, schemaVersion: SCHEMA_VERSION, pages: [{ id: pageId, background: 'white', children: [] }] };
}

/** Width and height of a page, resolving `"auto"` to the document's. */
export function pageSize(doc: DesignDocument, page: DesignPage): { width: number; height: number } {
  return {
    width: typeof page.width === 'number' ? page.width : doc.width,
    height: typeof page.height === 'number' ? page.height : doc.height,
  };
}

/** Every element of a list, depth first (groups before their children). */
export function* walk(elements: readonly DesignElement[]): Generator<DesignElement> {
  for (const element of elements) {
    yield element;
    if (element.children) yield* walk(element.children);
  }
}

/** How many elements a page holds, counting the children of groups. */
export function countElements(page: DesignPage): number {
  let count = 0;
  for (const element of walk(page.children)) if (element) count += 1;
  return count;
}

/** The element with this id anywhere in the document, with its page index. */
export function findElement(doc: DesignDocument, id: string): { element: DesignElement; pageIndex: number } | null {
  for (const [pageIndex, page] of doc.pages.entries()) {
    for (const element of walk(page.children)) if (element.id === id) return { element, pageIndex };
  }
  return null;
}

/** Whether the element may be chosen on the canvas (not locked, visible, selectable). */
export function isInteractive(element: DesignElement): boolean {
  return element.selectable !== false && element.visible !== false && element.locked !== true;
}
