/** Pan and zoom arithmetic of the SVG charts: the санжыра tree, the pedigree and descendant charts. */

/** screen = world × k + (x, y), in CSS pixels of the tree's frame. */
export interface ViewTransform {
  x: number;
  y: number;
  k: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_ZOOM = 0.08;
export const MAX_ZOOM = 2.5;

export function clampZoom(k: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));
}

/** Zooms by `factor` keeping the screen point (px, py) over the same world point. */
export function zoomAt(view: ViewTransform, factor: number, px: number, py: number): ViewTransform {
  const k = clampZoom(view.k * factor);
  const ratio = k / view.k;
  return { k, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/** The view that puts world point (wx, wy) at screen point (sx, sy) at zoom k. */
export function placeAt(wx: number, wy: number, sx: number, sy: number, k: number): ViewTransform {
  return { k, x: sx - wx * k, y: sy - wy * k };
}

/** The world rectangle seen through the frame, grown by `margin` screen pixels on every side. */
export function worldRect(view: ViewTransform, size: Size, margin = 0): Rect {
  return {
    x: (-margin - view.x) / view.k,
    y: (-margin - view.y) / view.k,
    width: (size.width + 2 * margin) / view.k,
    height: (size.height + 2 * margin) / view.k,
  };
}
