/**
 * The shots that help the shop price a repair, for the kind of vehicle: hints, never requirements
 * (the form goes with any photos, or none). The choice only changes the list; it is not sent.
 */
import { useId } from 'react';

export const VEHICLE_CLASSES = [
  {
    id: 'car',
    label: 'Car or van',
    shots: [
      'Each of the four corners, from a few steps back',
      'The damage close up, straight on and from an angle',
      'The registration plate',
    ],
  },
  {
    id: 'motorcycle',
    label: 'Motorcycle',
    shots: ['Both sides, the front and the back', 'The damage close up, straight on and from an angle', 'The registration plate'],
  },
  {
    id: 'boat',
    label: 'Boat',
    shots: [
      'Each side of the hull, the bow and the stern',
      'The damage close up, straight on and from an angle',
      'The boat’s name or number',
    ],
  },
  {
    id: 'plant',
    label: 'Plant or machinery',
    shots: ['Each of the four sides', 'The damage close up, straight on and from an angle', 'The maker’s plate or serial number'],
  },
] as const;

export type VehicleClass = (typeof VEHICLE_CLASSES)[number]['id'];

export function QuoteShotList({ value, onChange }: { value: VehicleClass; onChange: (value: VehicleClass) => void }) {
  const headingId = useId();
  const current = VEHICLE_CLASSES.find((c) => c.id === value) ?? VEHICLE_CLASSES[0];
  return (
    <div className="quote-shots" data-testid="quote-shot-list">
      <p className="quote-shots__title" id={headingId}>
        Shots that help us price it (send what you can: none is required)
      </p>
      <div className="quote-shots__classes" role="group" aria-label="Suggested shots for">
        {VEHICLE_CLASSES.map((c) => (
          <button key={c.id} type="button" className="quote-shots__class" aria-pressed={c.id === current.id} onClick={() => onChange(c.id)}>
            {c.label}
          </button>
        ))}
      </div>
      <ul className="quote-shots__list" aria-labelledby={headingId}>
        {current.shots.map((shot) => (
          <li key={shot}>{shot}</li>
        ))}
      </ul>
    </div>
  );
}
