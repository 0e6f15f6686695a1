import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ChoosableVariant, Choice, ProductOption } from './variant-choice';
import { chosenVariant, initialChoice } from './variant-choice';
import { VariantSelector } from './variant-selector';

const options: ProductOption[] = [
  { name: 'Size', values: ['S', 'M', 'L'] },
  { name: 'Color', values: ['Navy', 'Sand', 'Marigold'] },
];

function variant(size: string, color: string, avaliableItems: number, price = 800): ChoosableVariant {
  return {
    _id: `${size}-${color}`,
    options: { Size: size, Color: color },
    price,
    finalPrice: price,
    avaliableItems,
    inStock: avaliableItems > 0,
  };
}

// M is sold out in every colour; L comes only in Sand, at its own price; Marigold (no swatch) only in S.
const variants = [
  variant('S', 'Navy', 3),
  variant('S', 'Sand', 2),
  variant('S', 'Marigold', 1),
  variant('M', 'Navy', 0),
  variant('M', 'Sand', 0),
  variant('L', 'Sand', 4, 950),
];

/** The selector as a page holds it: the choice in state, and the variant it names shown beside it. */
function Harness({ missing }: { missing?: string }) {
  const [choice, setChoice] = useState<Choice>(() => initialChoice(options));
  const chosen = chosenVariant(options, variants, choice);
  return (
    <>
      <VariantSelector
        options={options}
        variants={variants}
        choice={choice}
        onChoose={(option, value) => setChoice((current) => ({ ...current, [option]: value }))}
        missing={missing}
      />
      <output aria-label="Chosen">{chosen ? `${chosen._id} ${chosen.finalPrice}` : 'none'}</output>
    </>
  );
}

describe('VariantSelector', () => {
  it('shows one named radio group per option, sizes as chips and known colours as swatches', () => {
    render(<Harness />);
    const sizes = screen.getByRole('radiogroup', { name: 'Size:' });
    expect(
      within(sizes)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['S', 'M', 'L']);
    const colours = screen.getByRole('radiogroup', { name: 'Color:' });
    expect(within(colours).getByRole('radio', { name: 'Navy' })).toBeEnabled();
    // A known colour is painted; a name the shop made up stays a named chip.
    expect(within(colours).getByTitle('Navy')).toBeInTheDocument();
    // …and says its name under the swatch before one is chosen (issue 35).
    expect(within(colours).getByText('Navy')).toBeVisible();
    expect(within(colours).queryByTitle('Marigold')).not.toBeInTheDocument();
    expect(within(colours).getByText('Marigold')).toBeVisible();
  });

  it('shows a sold-out size, disabled, with Sold out in its name', () => {
    render(<Harness />);
    const medium = screen.getByRole('radio', { name: 'M, Sold out' });
    expect(medium).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'S' })).toBeEnabled();
  });

  it('chooses a size and a colour, names the variant, and judges colours by the size chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'L' }));
    expect(screen.getByRole('radio', { name: 'L' })).toBeChecked();
    expect(screen.getByRole('radiogroup', { name: 'Size: L' })).toBeInTheDocument();
    // L comes only in Sand: Navy and Marigold are shown but cannot be taken with it.
    expect(screen.getByRole('radio', { name: 'Navy, Sold out' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Marigold, Sold out' })).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('none');

    await user.click(screen.getByRole('radio', { name: 'Sand' }));
    expect(screen.getByRole('status', { name: 'Chosen' })).toHaveTextContent('L-Sand 950');
  });

  it('moves between the values with the arrow keys, skipping the sold-out ones', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('radio', { name: 'S' }));
    await user.keyboard('{ArrowRight}');
    const large = screen.getByRole('radio', { name: 'L' });
    expect(large).toHaveFocus();
    expect(large).toBeChecked();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('radio', { name: 'S' })).toBeChecked();
  });

  it('marks the option Add to Cart asked for, and says so', () => {
    render(<Harness missing="Size" />);
    const sizes = screen.getByRole('radiogroup', { name: 'Size:' });
    expect(sizes).toHaveAttribute('aria-invalid', 'true');
    expect(sizes).toHaveAccessibleDescription('Please choose a Size');
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a Size');
  });
});
