import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@/shared/messages';
import { FieldError, FormField, TextAreaField } from './form-field';

describe('FormField', () => {
  it('announces its hint, then its message, with the input', () => {
    render(<FormField id="wallet" label="Wallet" hint="01xxxxxxxxx" error={messages.settings.walletRule} />);
    const input = screen.getByLabelText('Wallet');
    expect(input).toHaveAccessibleDescription(`01xxxxxxxxx ${messages.settings.walletRule}`);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('has no description and is not invalid without a hint or a message', () => {
    render(<FormField id="name" label="Name" />);
    const input = screen.getByLabelText('Name');
    expect(input).not.toHaveAttribute('aria-describedby');
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});

describe('TextAreaField', () => {
  it('is a labelled text area whose message is announced with it', () => {
    render(<TextAreaField id="about" label="About" rows={3} error={messages.admin.descriptionTooLong} />);
    const area = screen.getByRole('textbox', { name: 'About' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area).toHaveAttribute('rows', '3');
    expect(area).toHaveAccessibleDescription(messages.admin.descriptionTooLong);
    expect(area).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('FieldError', () => {
  it('shows nothing without a message', () => {
    const { container } = render(<FieldError id="city-error" error={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
