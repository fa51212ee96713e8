/**
 * Stars for a 1 to 5 score. Read-only it is an image with a text alternative; editable it is a
 * radio group (arrow keys change the value, as for any radio group).
 */
import { useId } from 'react';

export interface StarRatingProps {
  value: number;
  size?: number;
  readOnly?: boolean;
  onChange?: (value: number) => void;
  label?: string;
}

const SCORES = [1, 2, 3, 4, 5];

function Star({ filled, size }: { filled: boolean; size: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={filled ? 'star star--filled' : 'star'}
    >
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
    </svg>
  );
}

export function StarRating({ value, size = 25, readOnly = false, onChange, label = 'Rating' }: StarRatingProps) {
  const name = useId();
  if (readOnly || !onChange) {
    return (
      <span className="star-rating" role="img" aria-label={`${label}: ${value} out of 5`}>
        {SCORES.map((score) => (
          <Star key={score} filled={score <= value} size={size} />
        ))}
      </span>
    );
  }
  return (
    <fieldset className="star-rating star-rating--editable">
      <legend className="field__label">{label}</legend>
      {SCORES.map((score) => (
        <label key={score} className="star-rating__option">
          <input
            type="radio"
            name={name}
            value={score}
            checked={value === score}
            onChange={() => onChange(score)}
            className="visually-hidden"
          />
          <Star filled={score <= value} size={size} />
          <span className="visually-hidden">
            {score} {score === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
