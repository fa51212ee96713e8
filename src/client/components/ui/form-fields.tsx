/**
 * Labelled form controls. Each ties its label, hint and error to the control (htmlFor,
 * aria-describedby, aria-invalid) so screen readers announce them.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  children: (describedBy: string | undefined) => ReactNode;
}

function FieldFrame({ id, label, error, hint, required, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children(describedBy)}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name' | 'id'>;

export interface TextFieldProps extends NativeInput {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextField({ label, name, value, onChange, error, hint, type = 'text', required, ...rest }: TextFieldProps) {
  const id = `${name}-${useId()}`;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      {(describedBy) => (
        <input
          {...rest}
          id={id}
          name={name}
          type={type}
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="field__control"
        />
      )}
    </FieldFrame>
  );
}

type NativeTextArea = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'name' | 'id'>;

export interface TextAreaFieldProps extends NativeTextArea {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({ label, name, value, onChange, error, hint, required, rows = 5, ...rest }: TextAreaFieldProps) {
  const id = `${name}-${useId()}`;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      {(describedBy) => (
        <textarea
          {...rest}
          id={id}
          name={name}
          rows={rows}
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="field__control"
        />
      )}
    </FieldFrame>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

type NativeSelect = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'name' | 'id'>;

export interface SelectFieldProps extends NativeSelect {
  label: ReactNode;
  name: string;
  value: string;
  onChange: (value: string) => void;
  options: SelectOption[];
  error?: string | undefined;
  hint?: ReactNode;
}

export function SelectField({ label, name, value, onChange, options, error, hint, required, ...rest }: SelectFieldProps) {
  const id = `${name}-${useId()}`;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required}>
      {(describedBy) => (
        <select
          {...rest}
          id={id}
          name={name}
          value={value}
          required={required}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="field__control"
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function CheckboxField({ label, name, checked, onChange, error, hint }: CheckboxFieldProps) {
  const id = `${name}-${useId()}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field field--checkbox${error ? ' field--invalid' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
