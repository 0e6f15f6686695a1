import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// notify.ts remembers whether react-hot-toast was asked for: each test starts from a fresh module.
async function freshModules() {
  vi.resetModules();
  const notify = await import('@/web/lib/notify');
  const { LazyToaster } = await import('./lazy-toaster');
  return { ...notify, LazyToaster };
}

describe('LazyToaster', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('on the home page loads nothing until the first press, then shows the toasts', async () => {
    const { LazyToaster, notify, toastsRequested } = await freshModules();
    render(<LazyToaster eager={false} />);
    expect(toastsRequested()).toBe(false);
    fireEvent.pointerDown(window);
    expect(toastsRequested()).toBe(true);
    notify.success('Added to your favourites');
    expect(await screen.findByText('Added to your favourites')).toBeInTheDocument();
  });

  it('on the home page a key press loads it too', async () => {
    const { LazyToaster, toastsRequested } = await freshModules();
    render(<LazyToaster eager={false} />);
    fireEvent.keyDown(window, { key: 'Tab' });
    expect(toastsRequested()).toBe(true);
  });

  it('shows a shell toast raised before any press (notify loads the library)', async () => {
    const { LazyToaster, notify } = await freshModules();
    render(<LazyToaster eager={false} />);
    notify.error('Please login to add items to cart');
    expect(await screen.findByText('Please login to add items to cart')).toBeInTheDocument();
  });

  it('on other pages loads at once, so a page toasting by itself is seen', async () => {
    const { LazyToaster, toastsRequested } = await freshModules();
    render(<LazyToaster eager />);
    expect(toastsRequested()).toBe(true);
    const { toast } = await import('react-hot-toast');
    toast.error('Failed to load orders');
    expect(await screen.findByText('Failed to load orders')).toBeInTheDocument();
  });
});
