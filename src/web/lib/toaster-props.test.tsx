import { act, render, screen } from '@testing-library/react';
import toast, { Toaster } from 'react-hot-toast';
import { afterEach, describe, expect, it } from 'vitest';
import { toasterProps } from './toaster-props';

describe('toaster settings (SPEC §9)', () => {
  afterEach(() => {
    act(() => toast.remove());
  });

  it('keeps success 2 s, error and neutral 4 s, loading until dismissed, 350 px wide, removed after 1 s', () => {
    const options = toasterProps.toastOptions!;
    expect(options.success?.duration).toBe(2000);
    expect(options.error?.duration).toBe(4000);
    expect(options.blank?.duration).toBe(4000);
    expect(options.loading?.duration).toBe(Infinity);
    expect(options.removeDelay).toBe(1000);
    expect(options.style?.maxWidth).toBe('350px');
  });

  it('shows toasts below the top bar, clear of its buttons', () => {
    render(<Toaster {...toasterProps} />);
    act(() => {
      toast('Added');
    });
    const container = screen.getByText('Added').closest('[data-rht-toaster]');
    expect(container).toHaveStyle({ top: '6rem' });
  });

  it('shows at most 20 toasts at once', () => {
    render(<Toaster {...toasterProps} />);
    act(() => {
      for (let n = 1; n <= 25; n += 1) toast(`note ${n}`);
    });
    expect(screen.getAllByText(/^note \d+$/)).toHaveLength(20);
    expect(screen.getByText('note 25')).toBeInTheDocument();
    expect(screen.queryByText('note 1')).toBeNull();
  });
});
