/**
 * The shop's map position as a pin on a Leaflet map: drag it, or focus it and move it
 * with the arrow keys (Shift for bigger steps). Leaflet is imported only here and only in the
 * browser, after the screen has rendered (it touches `window` when loaded; the server renders the
 * grey box). Tiles come from OpenStreetMap (img-src allows its tile host on admin pages,
 * plugins/security-headers.ts); when they cannot load, the pin still sits on the grey background
 * and works.
 */
import { useEffect, useRef, useState } from 'react';
import type { LeafletKeyboardEvent, Map as LeafletMap, Marker } from 'leaflet';

export const TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** A street's width at the zoom the map opens at: close enough to put the pin on the door. */
const ZOOM = 16;
const KEY_STEP_PX = 8;
const BIG_KEY_STEP_PX = 48;

/** Six decimal places: about 10 cm, more than a map pin means. */
export const roundCoordinate = (value: number) => Math.round(value * 1e6) / 1e6;

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
};

export interface PinMapProps {
  latitude: number;
  longitude: number;
  onMove: (latitude: number, longitude: number) => void;
}

export function PinMap({ latitude, longitude, onMove }: PinMapProps) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<LeafletMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const onMoveRef = useRef(onMove);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);

  // Made once; the effect below follows the values.
  const start = useRef({ latitude, longitude });
  useEffect(() => {
    let cancelled = false;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
      .then(([{ default: L }]) => {
        if (cancelled || !box.current) return;
        const at = L.latLng(start.current.latitude, start.current.longitude);
        const created = L.map(box.current, { center: at, zoom: ZOOM, scrollWheelZoom: false });
        L.tileLayer(TILE_URL, {
          maxZoom: 19,
          attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
        }).addTo(created);
        const pin = L.marker(at, {
          draggable: true,
          keyboard: true,
          autoPan: true,
          title: 'Shop position: drag it, or use the arrow keys',
          icon: L.divIcon({
            className: 'shop-map__pin',
            html: '<span aria-hidden="true"></span>',
            iconSize: [28, 40],
            iconAnchor: [14, 40],
          }),
        }).addTo(created);
        const element = pin.getElement();
        element?.setAttribute('aria-label', 'Shop position: drag it, or use the arrow keys');
        element?.setAttribute('aria-describedby', 'shop-map-position');
        const report = () => {
          const { lat, lng } = pin.getLatLng();
          onMoveRef.current(roundCoordinate(lat), roundCoordinate(lng));
        };
        pin.on('dragend', report);
        pin.on('keydown', (event: LeafletKeyboardEvent) => {
          const move = KEY_MOVES[event.originalEvent.key];
          if (!move) return;
          // The arrows move the pin, not the map under it.
          L.DomEvent.stop(event.originalEvent);
          const step = event.originalEvent.shiftKey ? BIG_KEY_STEP_PX : KEY_STEP_PX;
          const point = created.latLngToContainerPoint(pin.getLatLng()).add([move[0] * step, move[1] * step]);
          pin.setLatLng(created.containerPointToLatLng(point));
          created.panInside(pin.getLatLng(), { padding: [40, 40] });
          report();
        });
        map.current = created;
        marker.current = pin;
        setStatus('ready');
      })
      .catch(() => {
        if (!cancelled) setStatus('failed');
      });
    return () => {
      cancelled = true;
      map.current?.remove();
      map.current = null;
      marker.current = null;
    };
  }, []);

  // Values from elsewhere (the postcode, the typed coordinates) move the pin and the map.
  useEffect(() => {
    const pin = marker.current;
    if (!pin || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return;
    const current = pin.getLatLng();
    if (roundCoordinate(current.lat) === latitude && roundCoordinate(current.lng) === longitude) return;
    pin.setLatLng([latitude, longitude]);
    map.current?.panTo([latitude, longitude]);
  }, [latitude, longitude, status]);

  return (
    <div className="shop-map">
      {/* Leaflet fills this box; React puts nothing in it. */}
      <div ref={box} className="shop-map__box" role="group" aria-label="Map of the shop's position" />
      {status === 'loading' && <p className="shop-map__note">Loading the map…</p>}
      {status === 'failed' && <p className="shop-map__note">The map could not be loaded: enter the coordinates instead.</p>}
      <p className="admin-form__note" id="shop-map-position" aria-live="polite">
        Pin at {latitude.toFixed(5)}, {longitude.toFixed(5)}.
      </p>
    </div>
  );
}
