import { translator } from '@/web/i18n/translate';
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

/**
 * A field's validation message under it, in the page's language: the shared schemas speak English (the
 * server's words), said here as the reader reads. `id` is what the field's aria-describedby names.
 */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {translator.text(error)}
    </p>
  );
}

/** What a field's input announces after its label: its hint and its message, when it has them. */
function describedBy(id: string, hint: string | undefined, error: string | undefined): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A hint under a field (its format, what leaving it empty does). */
function FieldHint({ id, hint }: { id: string; hint: string | undefined }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
      {hint}
    </p>
  );
}

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
  /** A control inside the field's end edge, such as the password's show/hide button. */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and validation message sit under it and are announced with it. */
export function FormField({
  id,
  label,
  error,
  hint,
  trailing,
  className = '',
  ref,
  ...input
}: FormFieldProps) {
  // An e-mail address, a phone number and a password are written left to right on Arabic pages too.
  const leftToRight = input.type === 'email' || input.type === 'tel' || input.type === 'password';
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          dir={leftToRight ? 'ltr' : undefined}
          className={`field ${trailing ? 'pe-11' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1.5">{trailing}</div>}
      </div>
      <FieldHint id={id} hint={hint} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  id: string;
  label: string;
  error?: string | undefined;
  /** The text area's own classes, beside `field` (a monospace font for Markdown). */
  fieldClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

/** FormField's twin for a text of several lines (a description, a policy page). */
export function TextAreaField({
  id,
  label,
  error,
  className = '',
  fieldClassName = '',
  ref,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
        className={`field ${fieldClassName}`}
        {...textarea}
      />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
