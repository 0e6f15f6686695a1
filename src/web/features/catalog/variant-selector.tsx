import { useId } from 'react';
import { isolate } from '@/web/i18n/bidi';
import { format, language } from '@/web/i18n/language';
import { arabicValueOf } from '@/shared/option-texts';
import { messages } from '@/web/i18n/messages';
import { optionName } from '@/web/lib/chosen-options-text';
import { isColourOption, swatchOf } from '@/web/lib/colour-swatches';
import { canChoose, type ChoosableVariant, type Choice, type ProductOption } from './variant-choice';

const m = messages.variants;

interface VariantSelectorProps {
  options: readonly ProductOption[];
  variants: readonly ChoosableVariant[];
  choice: Choice;
  onChoose: (option: string, value: string) => void;
  /** The option Add to Cart asked for: its group is marked and says so. */
  missing?: string | undefined;
}

/**
 * One radio group per option (issue 13): native radios, so arrow keys move between the values a
 * shopper can take and skip the rest, and a screen reader hears 'Size, radio group, M'. Sizes are
 * chips; colours are swatches when the colour name is a known one, and named chips when not.
 * Values that cannot be taken with the other choices stay visible, disabled, with 'Sold out'.
 */
export function VariantSelector({ options, variants, choice, onChoose, missing }: VariantSelectorProps) {
  const baseId = useId();
  return (
    <div className="flex flex-col gap-5">
      {options.map((option, index) => {
        const groupName = `${baseId}-option-${index}`;
        const legendId = `${groupName}-legend`;
        const errorId = `${groupName}-error`;
        const chosen = choice[option.name];
        // The English value is what a variant chooses by; an Arabic page names it in Arabic (issue 35).
        const said = (value: string) => (language === 'ar' ? arabicValueOf(option, value) : value);
        const colour = isColourOption(option.name);
        const asked = missing === option.name;
        return (
          <fieldset
            key={option.name}
            data-option={option.name}
            role="radiogroup"
            aria-labelledby={legendId}
            aria-describedby={asked ? errorId : undefined}
            aria-invalid={asked ? true : undefined}
          >
            <legend id={legendId} className="mb-2.5 text-sm text-ink-soft">
              <span className="font-semibold text-ink">
                {format(m.optionLegend, { option: optionName(option.name) })}
              </span>{' '}
              {chosen ? <bdi>{said(chosen)}</bdi> : null}
            </legend>
            <div className="flex flex-wrap gap-2">
              {option.values.map((value) => {
                const name = said(value);
                const available = canChoose(variants, choice, option.name, value);
                const swatch = colour ? swatchOf(value) : undefined;
                return (
                  <label
                    key={value}
                    className={`${swatch ? 'flex flex-col items-center gap-1 ' : ''}${available ? 'cursor-pointer' : 'cursor-not-allowed'}`}
                  >
                    <input
                      type="radio"
                      name={groupName}
                      value={value}
                      checked={chosen === value}
                      disabled={!available}
                      aria-label={available ? name : format(m.valueSoldOut, { value: isolate(name) })}
                      onChange={() => onChoose(option.name, value)}
                      className="peer sr-only"
                    />
                    {swatch ? (
                      <span
                        className={`relative flex size-11 items-center justify-center rounded-pill border-2 border-transparent transition peer-checked:border-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ${
                          available ? 'hover:border-line-strong' : 'opacity-45'
                        }`}
                        title={available ? name : format(m.valueSoldOut, { value: isolate(name) })}
                      >
                        <span
                          aria-hidden="true"
                          className="size-8 rounded-pill border border-line-strong"
                          style={{ backgroundColor: swatch }}
                        />
                        {available ? null : (
                          <span
                            aria-hidden="true"
                            className="absolute inset-x-1 top-1/2 h-0.5 -rotate-45 rounded-pill bg-danger"
                          />
                        )}
                      </span>
                    ) : null}
                    {swatch ? (
                      // The colour says its name before one is chosen (issue 35), not only in a tooltip.
                      <bdi aria-hidden="true" className="text-xs text-ink-soft">
                        {value}
                      </bdi>
                    ) : (
                      <span
                        className={`inline-flex min-h-11 min-w-11 flex-col items-center justify-center rounded-field border px-3 py-1.5 text-sm font-medium transition peer-checked:border-ink peer-checked:bg-ink peer-checked:text-canvas peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent ${
                          available
                            ? 'border-line-strong bg-surface text-ink hover:border-ink'
                            : 'border-dashed border-line bg-sand/60 text-muted'
                        }`}
                      >
                        <bdi className={available ? undefined : 'line-through decoration-muted'}>{name}</bdi>
                        {available ? null : (
                          <span className="text-[0.625rem] font-semibold tracking-wide text-danger uppercase">
                            {m.soldOutChip}
                          </span>
                        )}
                      </span>
                    )}
                  </label>
                );
              })}
            </div>
            {asked ? (
              <p id={errorId} role="alert" className="field-error mt-2">
                {format(messages.cart.chooseOption, { option: optionName(option.name) })}
              </p>
            ) : null}
          </fieldset>
        );
      })}
    </div>
  );
}
