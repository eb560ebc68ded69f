import { useEffect, useRef, type RefObject } from 'react';
import { zoomAt, type ViewTransform } from './viewport';

type ViewUpdate = (view: ViewTransform) => ViewTransform;

/** Movement (CSS px) after which a press is a drag, not a click. */
const DRAG_THRESHOLD = 5;

/**
 * Mouse drag and one-finger pan, wheel and pinch zoom on `target`. View changes are coalesced to
 * one `onView` call per animation frame. `consumeDrag()` tells a click handler to ignore the
 * click that ends a drag (and forgets the drag).
 */
export function usePanZoom(
  target: RefObject<SVGSVGElement | null>,
  onView: (update: ViewUpdate) => void,
): { consumeDrag: () => boolean } {
  const onViewRef = useRef(onView);
  const dragged = useRef(false);

  useEffect(() => {
    onViewRef.current = onView;
  }, [onView]);

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let start = { x: 0, y: 0 };
    let pending: ViewUpdate | null = null;
    let frame = 0;

    const schedule = (update: ViewUpdate) => {
      const before = pending;
      pending = before ? (view) => update(before(view)) : update;
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const run = pending;
        pending = null;
        if (run) onViewRef.current(run);
      });
    };

    const local = (event: { clientX: number; clientY: number }) => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };

    const handleDown = (event: PointerEvent) => {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, local(event));
      if (pointers.size === 1) {
        start = local(event);
        dragged.current = false;
      }
    };

    const handleMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const point = local(event);
      if (pointers.size === 1) {
        if (!dragged.current && Math.hypot(point.x - start.x, point.y - start.y) < DRAG_THRESHOLD) {
          return;
        }
        if (!dragged.current) {
          dragged.current = true;
          // Capture only once it is a drag: capturing at once would retarget the click.
          element.setPointerCapture(event.pointerId);
        }
        pointers.set(event.pointerId, point);
        const dx = point.x - previous.x;
        const dy = point.y - previous.y;
        schedule((view) => ({ ...view, x: view.x + dx, y: view.y + dy }));
        return;
      }
      // Two fingers: zoom by the change of their distance about their midpoint, pan with it.
      const [a, b] = [...pointers.entries()];
      if (!a || !b) return;
      const other = a[0] === event.pointerId ? b[1] : a[1];
      pointers.set(event.pointerId, point);
      const before = Math.hypot(previous.x - other.x, previous.y - other.y);
      const after = Math.hypot(point.x - other.x, point.y - other.y);
      const midBefore = { x: (previous.x + other.x) / 2, y: (previous.y + other.y) / 2 };
      const midAfter = { x: (point.x + other.x) / 2, y: (point.y + other.y) / 2 };
      dragged.current = true;
      if (before < 1) return;
      schedule((view) => {
        const moved = {
          ...view,
          x: view.x + midAfter.x - midBefore.x,
          y: view.y + midAfter.y - midBefore.y,
        };
        return zoomAt(moved, after / before, midAfter.x, midAfter.y);
      });
    };

    const handleUp = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (element.hasPointerCapture(event.pointerId))
        element.releasePointerCapture(event.pointerId);
      // Lifting one finger of two: the other goes on panning from where it is.
      const rest = [...pointers.values()][0];
      if (rest) start = rest;
    };

    const handleWheel = (event: WheelEvent) => {
      event.preventDefault();
      const unit = event.deltaMode === 1 ? 0.05 : event.deltaMode === 2 ? 1 : 0.002;
      // Trackpad pinch arrives as ctrl+wheel with small deltas.
      const factor = 2 ** (-event.deltaY * unit * (event.ctrlKey ? 5 : 1));
      const point = local(event);
      schedule((view) => zoomAt(view, factor, point.x, point.y));
    };

    element.addEventListener('pointerdown', handleDown);
    element.addEventListener('pointermove', handleMove);
    element.addEventListener('pointerup', handleUp);
    element.addEventListener('pointercancel', handleUp);
    element.addEventListener('wheel', handleWheel, { passive: false });
    return () => {
      element.removeEventListener('pointerdown', handleDown);
      element.removeEventListener('pointermove', handleMove);
      element.removeEventListener('pointerup', handleUp);
      element.removeEventListener('pointercancel', handleUp);
      element.removeEventListener('wheel', handleWheel);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [target]);

  return {
    consumeDrag: () => {
      const was = dragged.current;
      dragged.current = false;
      return was;
    },
  };
}
