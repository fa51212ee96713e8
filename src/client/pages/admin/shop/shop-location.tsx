/**
 * The shop form's "Map position" section: the pin on the map (pin-map.tsx), the
 * postcode search when the site has a geocoder (shop.geocode), and the numbers behind an "Enter
 * the coordinates" disclosure for those who have them. The numbers stay text as typed: the server
 * says what is wrong with them beside each field.
 */
import { useEffect, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FieldErrors } from '#shared/errors.ts';
import type { GeocodeResult } from '#shared/schemas/shop-setup.ts';
import { trpcClient } from '#client/lib/trpc.ts';
import { fieldErrorsOf, firstError, messageOf } from '#client/lib/api-errors.ts';
import { Button } from '#client/components/ui/button.tsx';
import { TextField } from '#client/components/ui/form-fields.tsx';
import { PinMap } from './pin-map.tsx';

export interface ShopLocationProps {
  latitude: string;
  longitude: string;
  postcode: string;
  country: string;
  /** Where the pin sits while the typed numbers are not numbers (the saved record's). */
  fallback: { latitude: number; longitude: number };
  onChange: (latitude: string, longitude: string) => void;
  errors: FieldErrors;
}

const asNumber = (text: string, min: number, max: number): number | null => {
  const value = Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= min && value <= max ? value : null;
};

export function ShopLocation({ latitude, longitude, postcode, country, fallback, onChange, errors }: ShopLocationProps) {
  const latitudeError = firstError(errors, 'latitude');
  const longitudeError = firstError(errors, 'longitude');
  const [showNumbers, setShowNumbers] = useState(false);
  // A refused number is shown where it was typed.
  useEffect(() => {
    if (latitudeError || longitudeError) setShowNumbers(true);
  }, [latitudeError, longitudeError]);

  const geocode = useMutation({
    mutationFn: (input: { postcode: string; country: string }) => trpcClient.shop.geocode.query(input),
    onSuccess: (result: GeocodeResult) => {
      if (result.status === 'found' && result.latitude !== null && result.longitude !== null) {
        onChange(String(result.latitude), String(result.longitude));
      }
    },
  });
  const geocodeErrors = fieldErrorsOf(geocode.error);
  const geocodeMessage = geocode.data
    ? geocode.data.status === 'found'
      ? `${geocode.data.place ? `Found ${geocode.data.place}. ` : ''}${geocode.data.message}`
      : geocode.data.message
    : geocode.error
      ? (firstError(geocodeErrors, 'postcode') ?? firstError(geocodeErrors, 'country') ?? messageOf(geocode.error))
      : undefined;

  const pinLatitude = asNumber(latitude, -90, 90) ?? fallback.latitude;
  const pinLongitude = asNumber(longitude, -180, 180) ?? fallback.longitude;

  return (
    <fieldset className="admin-form__fieldset" id="shop-section-map">
      <legend>Map position</legend>
      <p className="admin-form__note">
        The contact page&apos;s map and search engines put the shop here. Drag the pin onto the door, or focus it and use the arrow keys
        (hold Shift for bigger steps).
      </p>
      <PinMap
        latitude={pinLatitude}
        longitude={pinLongitude}
        onMove={(lat, lng) => {
          onChange(String(lat), String(lng));
        }}
      />
      <div className="shop-form__geocode">
        <Button
          variant="secondary"
          loading={geocode.isPending}
          onClick={() => geocode.mutate({ postcode, country })}
          aria-describedby={geocodeMessage ? 'shop-geocode-message' : undefined}
        >
          {geocode.isPending ? 'Finding the postcode…' : 'Find the postcode on the map'}
        </Button>
        <p
          id="shop-geocode-message"
          role="status"
          className={geocode.data?.status === 'found' || !geocodeMessage ? 'admin-form__note' : 'field__error'}
        >
          {geocodeMessage}
        </p>
      </div>
      <details className="shop-form__coordinates" open={showNumbers} onToggle={(event) => setShowNumbers(event.currentTarget.open)}>
        <summary>Enter the coordinates</summary>
        <div className="admin-form__grid">
          <TextField
            label="Latitude"
            name="latitude"
            inputMode="decimal"
            hint="−90 to 90, such as 50.1188."
            value={latitude}
            onChange={(value) => onChange(value, longitude)}
            error={latitudeError}
            required
          />
          <TextField
            label="Longitude"
            name="longitude"
            inputMode="decimal"
            hint="−180 to 180, such as −5.5372."
            value={longitude}
            onChange={(value) => onChange(latitude, value)}
            error={longitudeError}
            required
          />
        </div>
      </details>
    </fieldset>
  );
}
