import type { MapTiles } from '@bagysh/shared';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import styles from './leaflet-map.module.css';

/** One marker: `label` is its accessible name and tooltip (Cyrillic in both scripts). */
export interface MapMarker {
  id: string;
  latitude: number;
  longitude: number;
  label: string;
  /** A short text inside the marker: a count, an order number. */
  text?: string;
}

export interface LeafletMapProps {
  tiles: MapTiles;
  markers: readonly MapMarker[];
  /** Points joined by a line, in order (a person's life). */
  line?: readonly [number, number][];
  selected?: string | null;
  onSelect?: (id: string) => void;
  /** A click on the map chooses a point (the place editor). */
  onPick?: (latitude: number, longitude: number) => void;
  height: number | string;
  /** The map's accessible name. */
  label: string;
  zoomIn: string;
  zoomOut: string;
  /** Called once when a tile fails: the markers stay on the plain background. */
  onTilesFailed?: () => void;
  /** Zoom when there is one marker or none. */
  zoom?: number;
}

/** Kyrgyzstan, when there is nothing to show. */
const HOME: [number, number] = [41.4, 74.8];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A Leaflet map (SVG and plain elements, no WebGL). Markers are focusable buttons with their
 * place's name, and carry their coordinates as data attributes (what the e2e test reads).
 */
export default function LeafletMap(props: LeafletMapProps) {
  const { tiles, markers, line, selected, height, label, zoom = 8 } = props;
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const handlers = useRef(props);
  const [ready, setReady] = useState(false);
  // Bumped when the box changes size (a layout settling, a phone turned): the view fits again.
  const [size, setSize] = useState(0);
  useEffect(() => {
    handlers.current = props;
  });

  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, {
      zoomControl: false,
      attributionControl: false,
      center: HOME,
      zoom: 6,
    });
    L.control.zoom({ zoomInTitle: props.zoomIn, zoomOutTitle: props.zoomOut }).addTo(created);
    L.control.attribution({ prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(created);
    let failed = false;
    L.tileLayer(tiles.url, { attribution: escapeHtml(tiles.attribution), maxZoom: 18 })
      .on('tileerror', () => {
        if (failed) return;
        failed = true;
        handlers.current.onTilesFailed?.();
      })
      .addTo(created);
    created.on('click', (event: L.LeafletMouseEvent) => {
      handlers.current.onPick?.(event.latlng.lat, event.latlng.lng);
    });
    layer.current = L.layerGroup().addTo(created);
    map.current = created;
    setReady(true);
    const observer = new ResizeObserver(() => {
      created.invalidateSize({ animate: false });
      setSize((count) => count + 1);
    });
    observer.observe(element.current);
    return () => {
      observer.disconnect();
      // A pan or zoom still running would touch the removed panes ('_leaflet_pos').
      created.stop();
      created.off();
      created.remove();
      map.current = null;
      layer.current = null;
    };
    // The map is made once; its tiles never change on a page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tiles.url]);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!ready || !current || !group) return;
    group.clearLayers();
    for (const marker of markers) {
      // A marker without text (nothing to count) is a smaller dot.
      const size = (marker.text ? 26 : 14) + (marker.id === selected ? 6 : 0);
      const icon = L.divIcon({
        className: `${styles.marker} ${marker.id === selected ? styles.selected : ''}`,
        html: escapeHtml(marker.text ?? ''),
        iconSize: [size, size],
      });
      // What the marker shows is part of its name (axe: label-content-name-mismatch).
      const name = marker.text ? `${marker.text}: ${marker.label}` : marker.label;
      const item = L.marker([marker.latitude, marker.longitude], {
        icon,
        title: name,
        keyboard: true,
        riseOnHover: true,
      });
      item.on('click', () => handlers.current.onSelect?.(marker.id));
      item.addTo(group);
      const node = item.getElement();
      if (node) {
        node.setAttribute('aria-label', name);
        node.dataset.testid = 'map-marker';
        node.dataset.id = marker.id;
        node.dataset.lat = String(marker.latitude);
        node.dataset.lng = String(marker.longitude);
        if (marker.id === selected) node.setAttribute('aria-pressed', 'true');
        // Leaflet's Enter on a marker only opens a popup: Enter and Space choose it here.
        node.addEventListener('keydown', (event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          handlers.current.onSelect?.(marker.id);
        });
      }
    }
    if (line && line.length > 1) {
      const path = L.polyline(
        line.map(([lat, lng]) => L.latLng(lat, lng)),
        {
          color: '#BF360C',
          weight: 3,
          opacity: 0.8,
          interactive: false,
        },
      ).addTo(group);
      const node = path.getElement();
      if (node) {
        node.setAttribute('data-testid', 'map-line');
        node.setAttribute('data-points', JSON.stringify(line));
      }
    }
  }, [ready, markers, line, selected]);

  // The view fits what is shown when the set of points changes, not on a selection.
  useEffect(() => {
    const current = map.current;
    if (!ready || !current) return;
    const points = markers.map((marker) => L.latLng(marker.latitude, marker.longitude));
    // Without animation: a map removed mid-flight (a closed picker) throws in Leaflet.
    if (points.length === 0) current.setView(HOME, 6, { animate: false });
    else if (points.length === 1) current.setView(points[0]!, zoom, { animate: false });
    else {
      current.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 11, animate: false });
    }
  }, [ready, markers, zoom, size]);

  useEffect(() => {
    const current = map.current;
    if (!ready || !current || !selected) return;
    const marker = markers.find((item) => item.id === selected);
    // Only a marker out of view moves the map: the others stay where the reader saw them.
    const point = marker && L.latLng(marker.latitude, marker.longitude);
    if (point && !current.getBounds().contains(point)) current.panTo(point, { animate: false });
  }, [ready, selected, markers]);

  return (
    <div
      ref={element}
      className={styles.map}
      style={{ height }}
      role="region"
      aria-label={label}
      data-testid="leaflet-map"
    />
  );
}
