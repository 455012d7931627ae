/** Dragging a design onto a calendar day: the design's id travels under its own type. */
export const DESIGN_DRAG_TYPE = 'application/x-designcore-design';

/** Marks the drag as carrying design `id`. */
export function startDesignDrag(transfer: DataTransfer, id: string): void {
  transfer.setData(DESIGN_DRAG_TYPE, id);
  transfer.setData('text/plain', id);
  transfer.effectAllowed = 'move';
}

/** The id of the design being dropped, or null for anything else. */
export function draggedDesignId(transfer: DataTransfer): string | null {
  const id = transfer.getData(DESIGN_DRAG_TYPE);
  return id ? id : null;
}
