/** The map pages come as one lazy chunk with Leaflet behind it (app/routes/map.tsx). */
export const loadMapPages = () => import('./components/map-pages');
