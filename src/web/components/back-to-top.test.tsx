import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackToTop } from './back-to-top';

describe('BackToTop', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('appears after scrolling down and scrolls smoothly to the top', () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    render(<BackToTop />);
    const button = screen.getByRole('button', { name: 'Back to top', hidden: true });
    expect(button).toHaveClass('opacity-0');
    act(() => {
      window.scrollY = 2000;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(button).toHaveClass('opacity-100');
    fireEvent.click(button);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
