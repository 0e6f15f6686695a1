import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog } from './dialog';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open the chart
      </button>
      {open ? (
        <Dialog
          title="Dresses size guide"
          closeLabel="Close"
          onClose={() => setOpen(false)}
          width="max-w-2xl"
        >
          <a href="#chart">A link inside</a>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('is a modal named by its title, with focus on Close, kept inside, and back on the opener after Escape', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open the chart' });
    await userEvent.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Dresses size guide' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('heading', { name: 'Dresses size guide' })).toBeInTheDocument();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'A link inside' })).toHaveFocus();
    await userEvent.tab();
    expect(close).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes from its Close button', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open the chart' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
