import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { OrderDto } from '@/shared/schemas/order';
import { variantLabel } from '@/shared/variant-label';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import { format } from '@/web/i18n/language';
import { failureText } from '@/web/lib/failure-text';
import { localizedName } from '@/web/lib/localized';
import { notify } from '@/web/lib/notify';
import { adminProductQuery } from './api/get-product';
import { useSetLineVariant } from './api/set-line-variant';

const m = messages.admin;
const t = messages.customers;

type OrderLine = OrderDto['products'][number];

interface LineVariantChooserProps {
  order: OrderDto;
  line: OrderLine;
  /**
   * 'choose' (the default): a line ordered without its size (issue 35). 'change': a line with a variant
   * on an order awaiting the customer's confirmation (issue 37), whose size or colour she asked to change.
   */
  mode?: 'choose' | 'change';
  /** Called once the server saved the choice. */
  onSaved?: () => void;
}

/**
 * A line's variant to choose: the product's variants, with what each has left, and a button that saves
 * the choice (the server moves the stock then). A line a SPEC §7 client ordered without its size
 * (issue 35), on a pending order, cannot be confirmed before; a line of an order awaiting confirmation
 * (issue 37) may change its size or colour, its current variant shown but not offered.
 */
export function LineVariantChooser({ order, line, mode = 'choose', onSaved }: LineVariantChooserProps) {
  const selectId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState('');
  const product = useQuery(adminProductQuery(line.product.id));
  const save = useSetLineVariant(order._id, {
    onSuccess: (answer) => {
      notify.success(answer.message);
      onSaved?.();
    },
  });
  const variants = product.data?.variants ?? [];
  const options = product.data?.options ?? [];
  const name = localizedName(line.product);
  const changing = mode === 'change';
  return (
    <form
      className="mt-2 flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!chosen) return;
        save.mutate(
          { lineId: line._id, variantId: chosen },
          {
            onError: (error) => notify.error(failureText(error, m.failedToSetVariant, m.failedToSetVariant)),
          },
        );
      }}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={selectId} className="label mb-0">
          {format(changing ? t.changeVariantOf : m.chooseVariantOf, { name: isolate(name) })}
        </label>
        <select
          id={selectId}
          className="field w-60 max-w-full"
          value={chosen}
          aria-describedby={hintId}
          disabled={product.isPending}
          onChange={(event) => setChosen(event.target.value)}
        >
          <option value="">{m.chooseVariantPrompt}</option>
          {variants.map((variant) => {
            const label = variantLabel(options, variant.options);
            // The line's own variant: its piece is the order's already, so it is no choice to make.
            const current = changing && variant.sku === line.variant?.sku;
            return (
              <option
                key={variant._id}
                value={variant._id}
                disabled={current || variant.avaliableItems < line.quantity}
              >
                {current
                  ? format(t.currentVariant, { label })
                  : variant.avaliableItems > 0
                    ? format(m.variantLeft, { label, n: variant.avaliableItems })
                    : format(m.variantSoldOut, { label })}
              </option>
            );
          })}
        </select>
      </div>
      <button type="submit" className="btn btn-primary" disabled={!chosen || save.isPending}>
        {m.saveVariant}
      </button>
      <p id={hintId} className="w-full text-xs text-muted">
        {changing ? t.changeVariantHint : m.variantToConfirmHint}
      </p>
    </form>
  );
}

/**
 * 'Change size or colour' under a line with a variant while its order awaits the customer's
 * confirmation (issue 37): the chooser opens on demand, so the page reads a product only for the line
 * the customer asked about.
 */
export function LineVariantChange({ order, line }: { order: OrderDto; line: OrderLine }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const name = localizedName(line.product);
  return (
    <div className="mt-2">
      <button
        type="button"
        className="btn btn-ghost px-0 text-sm text-accent"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={format(t.changeVariantOf, { name: isolate(name) })}
        onClick={() => setOpen((was) => !was)}
      >
        {t.changeVariant}
      </button>
      <div id={panelId} hidden={!open}>
        {open && (
          <LineVariantChooser order={order} line={line} mode="change" onSaved={() => setOpen(false)} />
        )}
      </div>
    </div>
  );
}
