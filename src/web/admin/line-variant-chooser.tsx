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

/**
 * A line a SPEC §7 client ordered without its size (issue 35), on a pending order: the product's
 * variants to choose from, with what each has left, and a button that saves the choice (the server
 * takes its stock then). The order cannot be confirmed before.
 */
export function LineVariantChooser({ order, line }: { order: OrderDto; line: OrderDto['products'][number] }) {
  const selectId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState('');
  const product = useQuery(adminProductQuery(line.product.id));
  const save = useSetLineVariant(order._id, { onSuccess: (answer) => notify.success(answer.message) });
  const variants = product.data?.variants ?? [];
  const options = product.data?.options ?? [];
  const name = localizedName(line.product);
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
          {format(m.chooseVariantOf, { name: isolate(name) })}
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
            return (
              <option key={variant._id} value={variant._id} disabled={variant.avaliableItems < line.quantity}>
                {variant.avaliableItems > 0
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
        {m.variantToConfirmHint}
      </p>
    </form>
  );
}
