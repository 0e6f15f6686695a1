import { useQuery } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_STOCK } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import { chosenOptionsText } from '@/web/lib/chosen-options-text';
import { localizedName } from '@/web/lib/localized';
import { Spinner } from '@/web/components/spinner';
import { href } from '@/web/paths';
import { lowStockQuery } from './api/get-low-stock';
import { StockBadge } from './admin-ui';

const m = messages.admin;
const v = messages.adminVariants;

/**
 * The low-stock filter of the product list (issue 13): every product without variants and every
 * single size and colour at or under a threshold, lowest first, each with a link to its product's form.
 * The shop's own threshold applies until the admin types another.
 */
export function LowStockPanel() {
  const [thresholdText, setThresholdText] = useState('');
  const typed = Number(thresholdText);
  const threshold =
    thresholdText.trim() !== '' && Number.isInteger(typed) && typed >= 0 && typed <= MAX_STOCK
      ? typed
      : undefined;
  const low = useQuery(lowStockQuery(threshold));
  const shown = low.data?.threshold ?? threshold;

  return (
    <section aria-labelledby="low-stock-title" className="card mb-4 flex flex-col gap-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="low-stock-title" className="text-xl text-ink">
          {shown === undefined ? v.lowStock : format(v.lowStockTitle, { n: shown })}
        </h2>
        <div>
          <label htmlFor="low-stock-threshold" className="label">
            {v.lowStockThreshold}
          </label>
          <input
            id="low-stock-threshold"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className="field w-28"
            dir="ltr"
            placeholder={low.data ? String(low.data.threshold) : undefined}
            value={thresholdText}
            onChange={(event) => setThresholdText(event.target.value)}
          />
        </div>
      </div>
      {low.isError ? (
        <p className="text-sm text-danger" role="alert">
          {v.lowStockFailed}
        </p>
      ) : !low.data ? (
        <Spinner size="section" />
      ) : low.data.items.length === 0 ? (
        <p className="text-sm text-muted">{format(v.lowStockEmpty, { n: low.data.threshold })}</p>
      ) : (
        <ul className="divide-y divide-line">
          {low.data.items.map((item) => (
            <li
              key={item.variantId ?? item.productId}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2.5"
            >
              <div className="min-w-0 flex-1">
                <p className="font-medium text-ink">
                  <bdi>{localizedName(item)}</bdi>
                </p>
                {item.options || item.sku ? (
                  <p className="text-sm text-ink-soft">
                    {chosenOptionsText(item)}
                    {item.sku ? (
                      <span className="ms-2 text-xs text-muted">
                        {format(v.skuLabel, { sku: isolate(item.sku) })}
                      </span>
                    ) : null}
                  </p>
                ) : null}
              </div>
              <StockBadge stock={item.avaliableItems} />
              <Link
                to={href.adminEditProduct(item.productId)}
                className="btn btn-ghost px-3 py-2"
                aria-label={format(m.editNamed, { name: isolate(item.name) })}
              >
                <Pencil className="size-4" aria-hidden="true" />
                {m.edit}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
