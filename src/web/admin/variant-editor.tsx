import { Plus, Trash2, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import {
  canAddOption,
  generateVariants,
  isOutOfDate,
  rowName,
  type OptionDraft,
  type VariantDraft,
  type VariantsDraft,
} from './variant-drafts';

const v = messages.adminVariants;

interface VariantEditorProps {
  draft: VariantsDraft;
  onChange: (next: VariantsDraft) => void;
  /** The product's name: new variants' SKUs start with it. */
  skuBase: string;
  /** The product's price, shown where a variant has none of its own. */
  productPrice: string;
  /** The first rule the drafts break, from the last save. */
  error?: string | undefined;
}

/**
 * The admin's sizes and colours (issue 13): up to three options with their values, the variant matrix
 * generated from them, and each variant's SKU, stock and optional price in a table. On a phone the
 * table scrolls sideways with the variant's name held at the start, and 'Set stock for all' fills
 * every row at once.
 */
export function VariantEditor({ draft, onChange, skuBase, productPrice, error }: VariantEditorProps) {
  const id = useId();
  const [bulkStock, setBulkStock] = useState('');
  const outOfDate = isOutOfDate(draft);

  const setOption = (index: number, change: Partial<OptionDraft>) =>
    onChange({
      ...draft,
      options: draft.options.map((option, at) => (at === index ? { ...option, ...change } : option)),
    });
  const setVariant = (index: number, change: Partial<VariantDraft>) =>
    onChange({
      ...draft,
      variants: draft.variants.map((variant, at) => (at === index ? { ...variant, ...change } : variant)),
    });

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-4 rounded-card border border-line p-4 sm:p-5"
      aria-describedby={`${id}-intro`}
    >
      <legend className="px-1 font-sans text-base font-semibold text-ink">{v.optionsTitle}</legend>
      <p id={`${id}-intro`} className="text-sm text-ink-soft">
        {v.optionsIntro}
      </p>

      {draft.options.map((option, index) => {
        const n = index + 1;
        return (
          <div
            key={index}
            className="grid grid-cols-[1fr_auto] items-end gap-3 sm:grid-cols-[12rem_1fr_auto]"
          >
            <div className="col-span-2 sm:col-span-1">
              <label htmlFor={`${id}-name-${index}`} className="label">
                {format(v.optionName, { n })}
              </label>
              <input
                id={`${id}-name-${index}`}
                className="field"
                value={option.name}
                placeholder={[messages.variants.sizeFilter, messages.variants.colorFilter][index]}
                onChange={(event) => setOption(index, { name: event.target.value })}
              />
            </div>
            <div>
              <label htmlFor={`${id}-values-${index}`} className="label">
                {format(v.optionValues, { n })}
              </label>
              <input
                id={`${id}-values-${index}`}
                className="field"
                value={option.values}
                aria-describedby={`${id}-values-hint`}
                onChange={(event) => setOption(index, { values: event.target.value })}
              />
            </div>
            <button
              type="button"
              className="btn btn-ghost size-11 p-0 text-muted hover:text-danger"
              aria-label={format(v.removeOption, { n })}
              onClick={() => {
                const options = draft.options.filter((_, at) => at !== index);
                // Without options there is nothing left to vary; with some left, the rows are flagged to remake.
                onChange({ options, variants: options.length === 0 ? [] : draft.variants });
              }}
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
      {draft.options.length > 0 ? (
        <p id={`${id}-values-hint`} className="-mt-2 text-xs text-muted">
          {v.optionValuesHint}
        </p>
      ) : null}

      <div className="flex flex-wrap gap-2">
        {canAddOption(draft) ? (
          <button
            type="button"
            className="btn btn-outline"
            onClick={() => onChange({ ...draft, options: [...draft.options, { name: '', values: '' }] })}
          >
            <Plus className="size-4" aria-hidden="true" />
            {v.addOption}
          </button>
        ) : null}
        {draft.options.length > 0 ? (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => onChange({ ...draft, variants: generateVariants(draft, skuBase) })}
          >
            <Wand2 className="size-4" aria-hidden="true" />
            {v.generateVariants}
          </button>
        ) : null}
      </div>

      {draft.options.length > 0 && draft.variants.length === 0 ? (
        <p className="text-sm text-muted">{v.generateFirst}</p>
      ) : null}
      {outOfDate ? (
        <p className="rounded-field bg-warning/10 px-3 py-2 text-sm text-ink" role="status">
          {v.variantsOutOfDate}
        </p>
      ) : null}

      {draft.variants.length > 0 ? (
        <>
          <div className="flex flex-wrap items-end gap-2">
            <div>
              <label htmlFor={`${id}-bulk-stock`} className="label">
                {v.setStockForAll}
              </label>
              <input
                id={`${id}-bulk-stock`}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className="field w-32"
                dir="ltr"
                value={bulkStock}
                onChange={(event) => setBulkStock(event.target.value)}
              />
            </div>
            <button
              type="button"
              className="btn btn-outline"
              disabled={bulkStock.trim() === ''}
              onClick={() =>
                onChange({
                  ...draft,
                  variants: draft.variants.map((variant) => ({
                    ...variant,
                    avaliableItems: bulkStock.trim(),
                  })),
                })
              }
            >
              {v.applyStockToAll}
            </button>
          </div>

          {/* Wider than a phone: it scrolls sideways, and a keyboard can scroll it too. */}
          <div
            className="relative overflow-x-auto rounded-field border border-line"
            tabIndex={0}
            role="region"
            aria-label={v.variantsTitle}
          >
            <table className="w-full min-w-[34rem] border-separate border-spacing-0 text-sm">
              <caption className="sr-only">{v.variantsTitle}</caption>
              <thead>
                <tr className="text-start text-xs font-semibold tracking-wide text-muted uppercase">
                  <th
                    scope="col"
                    className="sticky start-0 z-10 border-b border-line bg-sand px-3 py-2.5 text-start"
                  >
                    {v.colVariant}
                  </th>
                  <th scope="col" className="border-b border-line bg-sand px-2 py-2.5 text-start">
                    {v.colSku}
                  </th>
                  <th scope="col" className="border-b border-line bg-sand px-2 py-2.5 text-start">
                    {v.colStock}
                  </th>
                  <th scope="col" className="border-b border-line bg-sand px-2 py-2.5 text-start">
                    {v.colOwnPrice}
                  </th>
                  <th scope="col" className="border-b border-line bg-sand px-2 py-2.5">
                    <span className="sr-only">{messages.admin.colActions}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {draft.variants.map((variant, index) => {
                  const name = rowName(draft, variant);
                  return (
                    <tr key={variant.id ?? name}>
                      <th
                        scope="row"
                        className="sticky start-0 z-10 border-b border-line bg-surface px-3 py-2 text-start font-medium whitespace-nowrap text-ink"
                      >
                        {name}
                      </th>
                      <td className="border-b border-line px-2 py-2">
                        <input
                          className="field w-48 py-2"
                          dir="ltr"
                          aria-label={format(v.skuOf, { variant: isolate(name) })}
                          value={variant.sku}
                          onChange={(event) => setVariant(index, { sku: event.target.value, autoSku: false })}
                        />
                      </td>
                      <td className="border-b border-line px-2 py-2">
                        <input
                          className="field w-24 py-2"
                          dir="ltr"
                          type="number"
                          min={0}
                          step={1}
                          inputMode="numeric"
                          aria-label={format(v.stockOf, { variant: isolate(name) })}
                          value={variant.avaliableItems}
                          onChange={(event) => setVariant(index, { avaliableItems: event.target.value })}
                        />
                      </td>
                      <td className="border-b border-line px-2 py-2">
                        <input
                          className="field w-28 py-2"
                          dir="ltr"
                          type="number"
                          min={0}
                          step={0.01}
                          inputMode="decimal"
                          placeholder={productPrice}
                          aria-label={format(v.priceOf, { variant: isolate(name) })}
                          value={variant.price}
                          onChange={(event) => setVariant(index, { price: event.target.value })}
                        />
                      </td>
                      <td className="border-b border-line px-2 py-2 text-end">
                        <button
                          type="button"
                          className="btn btn-ghost size-10 p-0 text-muted hover:text-danger"
                          aria-label={format(v.removeVariant, { variant: isolate(name) })}
                          onClick={() =>
                            onChange({ ...draft, variants: draft.variants.filter((_, at) => at !== index) })
                          }
                        >
                          <Trash2 className="size-4" aria-hidden="true" />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
