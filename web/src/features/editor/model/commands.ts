/**
 * The editor's commands: pure functions from a document to the next document. None mutates its
 * input (unchanged parts are shared), so the history can keep every version cheaply.
 */
import { countElements, MAX_ELEMENTS_PER_PAGE, pageSize, type DesignDocument, type DesignElement, type DesignPage } from './document';
import { boundingBox, rotatePoint, unionBox } from './geometry';

/** Makes fresh ids (injected so tests are deterministic). */
export type IdMaker = () => string;

/** Raised when a command would break a rule of the document (the page is full …). */
export class CommandRefused extends Error {
  override readonly name = 'CommandRefused';
}

// ------------------------------------------------------------------ element tree helpers

/** Applies `change` to the element with `id` wherever it sits; other elements are shared. */
function mapElements(
  elements: DesignElement[],
  change: (element: DesignElement) => DesignElement | null,
): DesignElement[] {
  let changed = false;
  const out: DesignElement[] = [];
  for (const element of elements) {
    let next: DesignElement | null = change(element);
    if (next && next.children) {
      const children = mapElements(next.children, change);
      if (children !== next.children) next = { ...next, children };
    }
    if (next !== element) changed = true;
    if (next) out.push(next);
  }
  return changed ? out : elements;
}

function mapPages(doc: DesignDocument, change: (page: DesignPage, index: number) => DesignPage): DesignDocument {
  let changed = false;
  const pages = doc.pages.map((page, index) => {
    const next = change(page, index);
    if (next !== page) changed = true;
    return next;
  });
  return changed ? { ...doc, pages } : doc;
}

function mapAllElements(doc: DesignDocument, change: (element: DesignElement) => DesignElement | null): DesignDocument {
  return mapPages(doc, (page) => {
    const children = mapElements(page.children, change);
    return children === page.children ? page : { ...page, children };
  });
}

/** Replaces the list that holds `id` with `change(list)`. */
function mapListOf(doc: DesignDocument, id: string, change: (list: DesignElement[]) => DesignElement[]): DesignDocument {
  const replaceIn = (elements: DesignElement[]): DesignElement[] => {
    if (elements.some((e) => e.id === id)) return change(elements);
    let changed = false;
    const out = elements.map((element) => {
      if (!element.children) return element;
      const children = replaceIn(element.children);
      if (children === element.children) return element;
      changed = true;
      return { ...element, children };
    });
    return changed ? out : elements;
  };
  return mapPages(doc, (page) => {
    const children = replaceIn(page.children);
    return children === page.children ? page : { ...page, children };
  });
}

function withFreshIds(element: DesignElement, makeId: IdMaker): DesignElement {
  const copy: DesignElement = { ...element, id: makeId() };
  if (element.children) copy.children = element.children.map((child) => withFreshIds(child, makeId));
  return copy;
}

function ensureRoom(page: DesignPage, adding: readonly DesignElement[]): void {
  let extra = 0;
  for (const element of adding) extra += 1 + (element.children ? countElements({ id: '', children: element.children }) : 0);
  if (countElements(page) + extra > MAX_ELEMENTS_PER_PAGE) {
    throw new CommandRefused(`A page holds at most ${MAX_ELEMENTS_PER_PAGE} elements.`);
  }
}

// ------------------------------------------------------------------ elements

/** Adds elements on top of the page's others. */
export function addElements(doc: DesignDocument, pageIndex: number, elements: readonly DesignElement[]): DesignDocument {
  return mapPages(doc, (page, index) => {
    if (index !== pageIndex) return page;
    ensureRoom(page, elements);
    return { ...page, children: [...page.children, ...elements] };
  });
}

/** Changes fields of the given elements (any depth). */
export function updateElements(doc: DesignDocument, ids: readonly string[], patch: Partial<DesignElement>): DesignDocument {
  const wanted = new Set(ids);
  return mapAllElements(doc, (element) => (wanted.has(element.id) ? { ...element, ...patch } : element));
}

/** Changes fields of several elements, each with its own patch. */
export function updateEach(doc: DesignDocument, patches: Readonly<Record<string, Partial<DesignElement>>>): DesignDocument {
  return mapAllElements(doc, (element) => {
    const patch = patches[element.id];
    return patch ? { ...element, ...patch } : element;
  });
}

/** Deletes the given elements; elements marked `removable: false` stay. */
export function deleteElements(doc: DesignDocument, ids: readonly string[]): DesignDocument {
  const wanted = new Set(ids);
  return mapAllElements(doc, (element) => (wanted.has(element.id) && element.removable !== false ? null : element));
}

/** Copies of the given elements, fresh ids, placed just above each original and offset by `offset` px. */
export function duplicateElements(
  doc: DesignDocument,
  ids: readonly string[],
  makeId: IdMaker,
  offset = 20,
): { doc: DesignDocument; ids: string[] } {
  const created: string[] = [];
  const wanted = new Set(ids);
  let next = doc;
  for (const [pageIndex, page] of doc.pages.entries()) {
    const copies: DesignElement[] = [];
    const duplicateIn = (elements: DesignElement[]): DesignElement[] => {
      const out: DesignElement[] = [];
      for (const element of elements) {
        const inner = element.children ? { ...element, children: duplicateIn(element.children) } : element;
        out.push(element.children && inner.children === element.children ? element : inner);
        if (wanted.has(element.id)) {
          const copy = withFreshIds(element, makeId);
          copy.x = element.x + offset;
          copy.y = element.y + offset;
          created.push(copy.id);
          copies.push(copy);
          out.push(copy);
        }
      }
      return out;
    };
    const children = duplicateIn(page.children);
    if (copies.length > 0) {
      ensureRoom(page, copies);
      next = mapPages(next, (p, index) => (index === pageIndex ? { ...p, children } : p));
    }
  }
  return { doc: next, ids: created };
}

export type Reorder = 'up' | 'down' | 'top' | 'bottom';

/** Moves an element within its list: one step, or to the top or bottom. */
export function reorderElement(doc: DesignDocument, id: string, to: Reorder | number): DesignDocument {
  return mapListOf(doc, id, (list) => {
    const from = list.findIndex((e) => e.id === id);
    const last = list.length - 1;
    let target: number;
    if (typeof to === 'number') target = to;
    else if (to === 'up') target = from + 1;
    else if (to === 'down') target = from - 1;
    else if (to === 'top') target = last;
    else target = 0;
    target = Math.max(0, Math.min(last, target));
    if (target === from) return list;
    const out = [...list];
    const [moved] = out.splice(from, 1);
    out.splice(target, 0, moved as DesignElement);
    return out;
  });
}

/**
 * Puts elements of one list into a new group at the place of the topmost one. The group sits at
 * their common top-left corner; the children keep where they are drawn (their positions become
 * relative to the group).
 */
export function groupElements(doc: DesignDocument, ids: readonly string[], groupId: string): DesignDocument {
  if (ids.length < 2) return doc;
  const first = ids[0] as string;
  const wanted = new Set(ids);
  return mapListOf(doc, first, (list) => {
    const members = list.filter((e) => wanted.has(e.id));
    if (members.length < 2) return list;
    const box = unionBox(members.map(boundingBox));
    if (!box) return list;
    const group: DesignElement = {
      id: groupId,
      type: 'group',
      name: '',
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      rotation: 0,
      opacity: 1,
      children: members.map((m) => ({ ...m, x: m.x - box.x, y: m.y - box.y })),
    };
    const topIndex = Math.max(...members.map((m) => list.indexOf(m)));
    const out: DesignElement[] = [];
    for (const [index, element] of list.entries()) {
      if (index === topIndex) out.push(group);
      else if (!wanted.has(element.id)) out.push(element);
    }
    return out;
  });
}

/** Replaces a group by its children, drawn where they were (group move, rotation and opacity applied). */
export function ungroupElement(doc: DesignDocument, groupId: string): DesignDocument {
  return mapListOf(doc, groupId, (list) => {
    const index = list.findIndex((e) => e.id === groupId);
    const group = list[index];
    if (!group || group.type !== 'group' || !group.children) return list;
    const rotation = group.rotation ?? 0;
    const opacity = group.opacity ?? 1;
    const children = group.children.map((child) => {
      const [dx, dy] = rotatePoint(child.x, child.y, rotation);
      return {
        ...child,
        x: group.x + dx,
        y: group.y + dy,
        rotation: (child.rotation ?? 0) + rotation,
        opacity: (child.opacity ?? 1) * opacity,
      };
    });
    return [...list.slice(0, index), ...children, ...list.slice(index + 1)];
  });
}

// ------------------------------------------------------------------ pages

/** A new blank page after `afterIndex`. */
export function addPage(doc: DesignDocument, afterIndex: number, pageId: string): DesignDocument {
  const pages = [...doc.pages];
  pages.splice(afterIndex + 1, 0, { id: pageId, background: 'white', children: [] });
  return { ...doc, pages };
}

/** A copy of page `index` (fresh ids throughout) right after it. */
export function duplicatePage(doc: DesignDocument, index: number, makeId: IdMaker): DesignDocument {
  const page = doc.pages[index];
  if (!page) return doc;
  const copy: DesignPage = { ...page, id: makeId(), children: page.children.map((e) => withFreshIds(e, makeId)) };
  const pages = [...doc.pages];
  pages.splice(index + 1, 0, copy);
  return { ...doc, pages };
}

/** Moves page `from` to position `to`. */
export function movePage(doc: DesignDocument, from: number, to: number): DesignDocument {
  const target = Math.max(0, Math.min(doc.pages.length - 1, to));
  if (from === target || !doc.pages[from]) return doc;
  const pages = [...doc.pages];
  const [moved] = pages.splice(from, 1);
  pages.splice(target, 0, moved as DesignPage);
  return { ...doc, pages };
}

/** Deletes page `index`; the last page cannot be deleted. */
export function deletePage(doc: DesignDocument, index: number): DesignDocument {
  if (doc.pages.length <= 1 || !doc.pages[index]) return doc;
  return { ...doc, pages: doc.pages.filter((_, i) => i !== index) };
}

/** Sets a page's background (a colour, a `linear-gradient(...)` or an image URL). */
export function setPageBackground(doc: DesignDocument, index: number, background: string): DesignDocument {
  return mapPages(doc, (page, i) => (i === index ? { ...page, background } : page));
}

// ------------------------------------------------------------------ resize

function scaleElement(element: DesignElement, scale: number): DesignElement {
  const out: DesignElement = { ...element, width: element.width * scale, height: element.height * scale };
  if (typeof element.fontSize === 'number') out.fontSize = element.fontSize * scale;
  if (typeof element.strokeWidth === 'number') out.strokeWidth = element.strokeWidth * scale;
  if (typeof element.cornerRadius === 'number') out.cornerRadius = element.cornerRadius * scale;
  if (typeof element.shadowBlur === 'number') out.shadowBlur = element.shadowBlur * scale;
  if (element.children) {
    out.children = element.children.map((child) => ({ ...scaleElement(child, scale), x: child.x * scale, y: child.y * scale }));
  }
  return out;
}

/**
 * Resizes the design to another format. Each top-level element is scaled by the smaller of the
 * two side ratios (so nothing is stretched and text keeps its proportions) and its centre moves
 * to the same relative place on the new page: a headline centred near the top of a square post
 * stays centred near the top of a story.
 */
export function resizeDocument(doc: DesignDocument, width: number, height: number): DesignDocument {
  return {
    ...doc,
    width,
    height,
    pages: doc.pages.map((page) => {
      const old = pageSize(doc, page);
      const sx = width / old.width;
      const sy = height / old.height;
      const scale = Math.min(sx, sy);
      return {
        ...page,
        width: 'auto',
        height: 'auto',
        children: page.children.map((element) => {
          const box = boundingBox(element);
          const cx = (box.x + box.width / 2) * sx;
          const cy = (box.y + box.height / 2) * sy;
          const scaled = scaleElement(element, scale);
          // Keep the offset between the element's origin and its box centre, scaled.
          return {
            ...scaled,
            x: cx - (box.x + box.width / 2 - element.x) * scale,
            y: cy - (box.y + box.height / 2 - element.y) * scale,
          };
        }),
      };
    }),
  };
}

/** Copies of elements with fresh ids, for pasting (offset so the copy is visible). */
export function prepareForPaste(elements: readonly DesignElement[], makeId: IdMaker, offset: number): DesignElement[] {
  return elements.map((element) => {
    const copy = withFreshIds(element, makeId);
    copy.x = element.x + offset;
    copy.y = element.y + offset;
    return copy;
  });
}
