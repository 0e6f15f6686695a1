import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeroImageDto } from '@/shared/schemas/settings';
import { catalogShell } from '@/web/i18n/first-screen';
import { renderRoute, sampleProduct } from '@/web/lib/testing';
import { Hero } from './hero';

const showcase = [1, 2].map((n) =>
  sampleProduct({ _id: `p${n}`, id: `p${n}`, name: `Piece ${n}`, price: 100 * n, finalPrice: 100 * n }),
);
const picture: HeroImageDto = {
  url: '/uploads/shop/hero.webp',
  srcset: '/uploads/shop/hero-640.webp 640w, /uploads/shop/hero.webp 1600w',
  width: 1600,
  height: 900,
};

describe('Hero', () => {
  it('shows the owner’s picture first, fetched at once in its own size, and the newest piece with its price (issue 35)', () => {
    renderRoute(<Hero showcase={showcase} pending={false} title="Eid edit" image={picture} />);
    const hero = screen.getByRole('heading', { level: 1, name: 'Eid edit' }).closest('section')!;
    // Decorative (alt ''), since the headline beside it says it: it is no named image.
    const image = hero.querySelector<HTMLImageElement>(`img[src="${picture.url}"]`)!;
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('src', picture.url);
    expect(image).toHaveAttribute('srcset', picture.srcset);
    expect(image).toHaveAttribute('width', '1600');
    expect(image).toHaveAttribute('height', '900');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading', 'lazy');
    // One frame is left for a piece: the newest, leading to its page, with its price.
    const links = within(hero).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/productdetails/p1']);
    expect(within(links[0]!).getByText(/EGP/)).toBeInTheDocument();
  });

  it('without a picture shows the two newest pieces, as before', () => {
    renderRoute(<Hero showcase={showcase} pending={false} image={null} />);
    const hero = screen
      .getByRole('heading', { level: 1, name: catalogShell.heroHeadline })
      .closest('section')!;
    expect(within(hero).getAllByRole('link')).toHaveLength(2);
    expect(within(hero).queryByRole('img', { name: catalogShell.heroHeadline })).toBeNull();
  });
});
