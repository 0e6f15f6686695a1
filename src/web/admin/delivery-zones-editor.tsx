import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch, type FieldError } from 'react-hook-form';
import { GOVERNORATES, governorateName, type GovernorateCode } from '@/shared/governorates';
import { inLanguage } from '@/shared/localized';
import type { DeliveryZone } from '@/shared/schemas/settings';
import { FormField } from '@/web/components/form-field';
import { format, language } from '@/web/i18n/language';
import { translator } from '@/web/i18n/translate';
import { messages } from '@/web/admin/messages';

const s = messages.shipping;

/** The part of the settings form this editor writes: the whole list of zones. */
interface ZonesForm {
  deliveryZones: DeliveryZone[];
}

/** A zone's name as the admin reads it, 'New zone' until it has one. */
function zoneLabel(zone: DeliveryZone | undefined): string {
  if (!zone) return s.newZone;
  return inLanguage(zone.name, language).trim() || zone.name.en.trim() || s.newZone;
}

/**
 * A new zone's id, made from its English name ('Upper Egypt' → 'upper-egypt'), and unique among the
 * others ('upper-egypt-2'). A zone keeps the id it was saved with: its orders name it by it.
 */
export function zoneIdFrom(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34)
      .replace(/-+$/, '') || 'zone';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${n}`;
  return id;
}

function emptyZone(id: string): DeliveryZone {
  return {
    id,
    name: { en: '', ar: '' },
    governorates: [],
    fee: 0,
    freeOver: null,
    cashOnDelivery: true,
    cashOnDeliveryFee: 0,
    estimateDays: { min: 1, max: 3 },
  };
}

/** A message of the schema at the section or a card, announced when it appears. */
function Alert({ error }: { error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {translator.text(error)}
    </p>
  );
}

/** The message of an error that may sit on a list itself (react-hook-form puts it under `root`). */
function listMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { root, message } = error as { root?: FieldError; message?: unknown };
  return root?.message ?? (typeof message === 'string' ? message : undefined);
}

/** The governorates a zone holds, each a checkbox; one held by another zone says so and moves when ticked. */
function GovernorateChoices({ index, zones }: { index: number; zones: DeliveryZone[] }) {
  const { setValue, formState } = useFormContext<ZonesForm>();
  const legendId = useId();
  const zone = zones[index];
  const held = new Set<GovernorateCode>(zone?.governorates ?? []);
  const holder = new Map<GovernorateCode, number>();
  zones.forEach((other, at) => {
    if (at !== index) for (const code of other.governorates) holder.set(code, at);
  });

  const options = { shouldDirty: true, shouldValidate: formState.isSubmitted };
  const toggle = (code: GovernorateCode, chosen: boolean) => {
    const from = holder.get(code);
    if (chosen && from !== undefined) {
      setValue(
        `deliveryZones.${from}.governorates`,
        zones[from]!.governorates.filter((other) => other !== code),
        options,
      );
    }
    const next = chosen ? new Set([...held, code]) : new Set([...held].filter((other) => other !== code));
    // Kept in GOVERNORATES' order, whatever order they were ticked in.
    setValue(
      `deliveryZones.${index}.governorates`,
      GOVERNORATES.map((g) => g.code).filter((other) => next.has(other)),
      options,
    );
  };

  return (
    <fieldset aria-labelledby={legendId} className="sm:col-span-2">
      <p id={legendId} className="label mb-0">
        {format(s.zoneGovernorates, { zone: zoneLabel(zone) })}
      </p>
      <p className="mb-2 text-xs text-muted">{s.governoratesHint}</p>
      <ul className="grid grid-cols-2 gap-x-4 gap-y-1 rounded-field border border-line p-3 lg:grid-cols-3">
        {GOVERNORATES.map(({ code }) => {
          const elsewhere = holder.get(code);
          const noteId = `${legendId}-${code}`;
          return (
            <li key={code} className="min-w-0">
              <label className="flex min-h-11 items-start gap-2 py-1 text-sm text-ink">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 shrink-0 accent-accent"
                  checked={held.has(code)}
                  aria-describedby={elsewhere === undefined ? undefined : noteId}
                  onChange={(event) => toggle(code, event.target.checked)}
                />
                <span className="min-w-0">
                  {governorateName(code, language)}
                  {elsewhere !== undefined && (
                    <span id={noteId} className="block text-xs text-muted">
                      {format(s.governorateInZone, { zone: zoneLabel(zones[elsewhere]) })}
                    </span>
                  )}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function ZoneCard({
  index,
  zones,
  isNew,
  onRemove,
}: {
  index: number;
  zones: DeliveryZone[];
  isNew: boolean;
  onRemove: () => void;
}) {
  const { register, setValue, getFieldState, formState } = useFormContext<ZonesForm>();
  const headingId = useId();
  const zone = zones[index];
  const path = `deliveryZones.${index}` as const;
  const error = (name: string) =>
    getFieldState(`${path}.${name}` as `deliveryZones.${number}.fee`, formState).error?.message;
  const field = (name: string) => `zone-${index}-${name}`;
  const number = { type: 'number', inputMode: 'decimal', min: 0, step: '0.01' } as const;
  const days = { type: 'number', inputMode: 'numeric', min: 0, max: 60, step: 1 } as const;

  return (
    <li className="rounded-card border border-line bg-canvas p-4" aria-labelledby={headingId}>
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          {/* The page's sections are legends, not headings: a zone's name follows the h1 as an h2. */}
          <h2 id={headingId} className="font-sans text-base font-semibold text-ink">
            {zoneLabel(zone)}
          </h2>
          <p className="text-xs text-muted">
            {format(s.governorateCount, { n: zone?.governorates.length ?? 0 })} ·{' '}
            {format(s.zoneIdIs, { id: zone?.id ?? '' })}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-ghost text-danger"
          aria-label={format(s.removeZone, { zone: zoneLabel(zone) })}
          onClick={onRemove}
        >
          <Trash2 className="size-4" aria-hidden="true" />
          <span aria-hidden="true" className="hidden sm:inline">
            {s.remove}
          </span>
        </button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={field('name-en')}
          lang="en"
          dir="ltr"
          label={s.zoneNameEn}
          error={error('name.en')}
          {...register(`${path}.name.en`, {
            // A new zone's id follows its English name until it is saved; a saved one keeps its own.
            onChange: (event: { target: { value: string } }) => {
              if (!isNew) return;
              const taken = zones.filter((_, at) => at !== index).map((other) => other.id);
              setValue(`${path}.id`, zoneIdFrom(event.target.value, taken), { shouldDirty: true });
            },
          })}
        />
        <FormField
          id={field('name-ar')}
          lang="ar"
          dir="rtl"
          label={s.zoneNameAr}
          error={error('name.ar')}
          {...register(`${path}.name.ar`)}
        />
        <div className="sm:col-span-2">
          <Alert error={error('id')} />
        </div>
        <GovernorateChoices index={index} zones={zones} />
        <div className="sm:col-span-2">
          <Alert error={error('governorates')} />
        </div>
        <FormField
          id={field('fee')}
          {...number}
          label={s.zoneFee}
          error={error('fee')}
          {...register(`${path}.fee`, { valueAsNumber: true })}
        />
        <FormField
          id={field('free-over')}
          {...number}
          label={s.zoneFreeOver}
          hint={s.zoneFreeOverHint}
          error={error('freeOver')}
          {...register(`${path}.freeOver`, {
            // Blank is 'never free' (null), not zero, which would make every order free.
            setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
          })}
        />
        <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-ink">
          <input type="checkbox" className="size-4 accent-accent" {...register(`${path}.cashOnDelivery`)} />
          {s.zoneCashOnDelivery}
        </label>
        <FormField
          id={field('cod-fee')}
          {...number}
          label={s.zoneCashOnDeliveryFee}
          error={error('cashOnDeliveryFee')}
          {...register(`${path}.cashOnDeliveryFee`, { valueAsNumber: true })}
        />
        <FormField
          id={field('days-min')}
          {...days}
          label={s.zoneEstimateMin}
          error={error('estimateDays.min')}
          {...register(`${path}.estimateDays.min`, { valueAsNumber: true })}
        />
        <FormField
          id={field('days-max')}
          {...days}
          label={s.zoneEstimateMax}
          error={error('estimateDays.max')}
          {...register(`${path}.estimateDays.max`, { valueAsNumber: true })}
        />
        <div className="sm:col-span-2">
          {/* min ≤ max is a rule of the estimate as a whole, so its message sits under both. */}
          <Alert error={getFieldState(`${path}.estimateDays`, formState).error?.message} />
        </div>
      </div>
    </li>
  );
}

/**
 * Settings' delivery zones (issue 36): each a card with its names, its governorates, fee, free-delivery
 * threshold, cash on delivery and estimate; zones are added and removed, and the whole list is saved.
 */
export function DeliveryZonesEditor() {
  const { control, formState } = useFormContext<ZonesForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'deliveryZones', keyName: 'key' });
  const zones = useWatch({ control, name: 'deliveryZones' }) ?? [];
  // Zones not in the settings as loaded are new: only their ids follow their names.
  const saved = new Set((formState.defaultValues?.deliveryZones ?? []).map((zone) => zone?.id));
  const placed = new Set(zones.flatMap((zone) => zone.governorates));
  const unplaced = GOVERNORATES.filter(({ code }) => !placed.has(code));

  const addZone = () => {
    append(
      emptyZone(
        zoneIdFrom(
          s.newZone,
          zones.map((zone) => zone.id),
        ),
      ),
      {
        focusName: `deliveryZones.${fields.length}.name.en`,
      },
    );
  };

  return (
    <div className="sm:col-span-2">
      <ul className="grid gap-4">
        {fields.map((field, index) => (
          <ZoneCard
            key={field.key}
            index={index}
            zones={zones}
            isNew={!saved.has(zones[index]?.id)}
            onRemove={() => remove(index)}
          />
        ))}
      </ul>
      <Alert error={listMessage(formState.errors.deliveryZones)} />
      <p className="mt-3 text-sm text-ink-soft">
        {unplaced.length === 0
          ? s.everyGovernorateDelivered
          : format(s.notDeliveredTo, {
              names: unplaced
                .map(({ code }) => governorateName(code, language))
                .join(language === 'ar' ? '، ' : ', '),
            })}
      </p>
      <button type="button" className="btn btn-outline mt-3" onClick={addZone}>
        <Plus className="size-4" aria-hidden="true" />
        {s.addZone}
      </button>
    </div>
  );
}
