import { translator } from '@/web/i18n/translate';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  /** A control inside the field's end edge, such as the password's show/hide button. */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose validation message sits under it and is announced with it. */
export function FormField({ id, label, error, trailing, className = '', ref, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
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
          aria-describedby={error ? errorId : undefined}
          dir={leftToRight ? 'ltr' : undefined}
          className={`field ${trailing ? 'pe-11' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1.5">{trailing}</div>}
      </div>
      {error && (
        <p id={errorId} className="field-error">
          {translator.text(error)}
        </p>
      )}
    </div>
  );
}
