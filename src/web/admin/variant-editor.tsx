import { Plus, Trash2, Wand2 } from 'lucide-react';
import { useId, useState } from 'react';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import {
  canAddOption,
  generateVariants,
  isOutOfDate,
  optionValues,
  rowName,
  type OptionDraft,
  type VariantDraft,
  type VariantsDraft,
} from './variant-drafts';

const v = messages.adminVariants;

/** A variant's cell: a table cell from 640 px, a labelled field of its card below. */
const cell = (phone: string) => `px-2 py-2 sm:border-b sm:border-line max-sm:p-0 ${phone}`;
/** A field's label on a phone's card; from 640 px the column's heading says it. */
const cellLabel = 'label sm:sr-only';

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
 * generated from them, and each variant's SKU, stock and optional price in a table. Below 640 px
 * (issue 35) the same rows are cards, each field with its visible label, so nothing is wider than the
 * screen; 'Set stock for all' fills every row at once.
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
            <ArabicValues
              id={`${id}-values-ar-${index}`}
              option={option}
              onChange={(valuesAr) => setOption(index, { valuesAr })}
            />
            <button
              type="button"
              className="btn btn-ghost size-11 p-0 text-muted hover:text-danger col-start-2 row-start-2 sm:col-start-3 sm:row-start-1"
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

          {/* From 640 px a table (a keyboard can scroll it sideways when it is wider); below, cards. */}
          <div
            className="relative sm:overflow-x-auto sm:rounded-field sm:border sm:border-line"
            tabIndex={0}
            role="region"
            aria-label={v.variantsTitle}
          >
            <table className="w-full border-separate border-spacing-0 text-sm max-sm:block sm:min-w-[34rem]">
              <caption className="sr-only">{v.variantsTitle}</caption>
              <thead className="max-sm:hidden">
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
              <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
                {draft.variants.map((variant, index) => {
                  const name = rowName(draft, variant);
                  return (
                    <tr
                      key={variant.id ?? name}
                      className="max-sm:grid max-sm:grid-cols-2 max-sm:items-end max-sm:gap-x-3 max-sm:gap-y-2 max-sm:rounded-card max-sm:border max-sm:border-line max-sm:p-3"
                    >
                      <th
                        scope="row"
                        className="border-line bg-surface px-3 py-2 text-start font-medium text-ink max-sm:self-center max-sm:p-0 sm:sticky sm:start-0 sm:z-10 sm:border-b sm:whitespace-nowrap"
                      >
                        {name}
                      </th>
                      <td className={cell('max-sm:order-3 max-sm:col-span-2')}>
                        <label htmlFor={`${id}-sku-${index}`} className={cellLabel}>
                          {v.colSku}
                        </label>
                        <input
                          id={`${id}-sku-${index}`}
                          className="field py-2 sm:w-48"
                          dir="ltr"
                          aria-label={format(v.skuOf, { variant: isolate(name) })}
                          value={variant.sku}
                          onChange={(event) => setVariant(index, { sku: event.target.value, autoSku: false })}
                        />
                      </td>
                      <td className={cell('max-sm:order-4')}>
                        <label htmlFor={`${id}-stock-${index}`} className={cellLabel}>
                          {v.colStock}
                        </label>
                        <input
                          id={`${id}-stock-${index}`}
                          className="field py-2 sm:w-24"
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
                      <td className={cell('max-sm:order-5')}>
                        <label htmlFor={`${id}-price-${index}`} className={cellLabel}>
                          {v.colOwnPrice}
                        </label>
                        <input
                          id={`${id}-price-${index}`}
                          className="field py-2 sm:w-28"
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
                      <td className={cell('text-end max-sm:order-2')}>
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

/**
 * An Arabic field for each of an option's values (issue 35): 'Navy in Arabic'. Arabic pages, the cart,
 * e-mails and the packing slip say what is typed here; the English value stays what variants choose by.
 */
function ArabicValues({
  id,
  option,
  onChange,
}: {
  id: string;
  option: OptionDraft;
  onChange: (valuesAr: Record<string, string>) => void;
}) {
  const values = optionValues(option);
  if (values.length === 0) return null;
  return (
    <div className="col-span-2 sm:col-start-2 sm:col-end-3" role="group" aria-describedby={`${id}-hint`}>
      <p id={`${id}-hint`} className="mb-1.5 text-xs text-muted">
        {v.optionValuesArHint}
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {values.map((value, at) => (
          <div key={value}>
            <label htmlFor={`${id}-${at}`} className="label">
              {format(v.optionValueAr, { value: isolate(value) })}
            </label>
            <input
              id={`${id}-${at}`}
              className="field"
              dir="rtl"
              lang="ar"
              value={option.valuesAr?.[value] ?? ''}
              onChange={(event) => onChange({ ...option.valuesAr, [value]: event.target.value })}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
