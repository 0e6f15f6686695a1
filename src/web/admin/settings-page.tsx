import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, CITIES, POLICY_PAGES } from '@/shared/constants';
import { ShopSettingsSchema, type FullSettings, type ShopSettings } from '@/shared/schemas/settings';
import { FormField } from '@/web/components/form-field';
import { Spinner } from '@/web/components/spinner';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useDocumentTitle } from '@/web/lib/shop';
import { AdminHeader } from './admin-ui';
import { adminSettingsQuery, useWriteSettings } from './api/settings';

const m = messages.settings;

/** The form's values: the settings without the logo, which is uploaded on its own. */
function formValues(settings: FullSettings): ShopSettings {
  const { logo: _logo, whatsappDigits: _digits, ...values } = settings;
  return values;
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-line bg-surface p-5 sm:p-6">
      <legend className="px-1 text-lg font-semibold text-ink">{title}</legend>
      {hint && <p className="mb-4 text-sm text-muted">{hint}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function TextArea({
  label,
  error,
  registration,
  dir,
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  dir?: 'rtl' | 'ltr';
}) {
  const id = useId();
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        rows={8}
        dir={dir}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="field font-mono text-sm"
        {...registration}
      />
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** /dashboard/settings (issue 16): what the shop shows and charges, set by the owner. */
export default function SettingsPage() {
  useDocumentTitle(m.title);
  const settings = useQuery(adminSettingsQuery);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof ShopSettingsSchema>, unknown, ShopSettings>({
    resolver: zodResolver(ShopSettingsSchema),
  });
  useEffect(() => {
    if (settings.data) reset(formValues(settings.data));
  }, [settings.data, reset]);

  const write = useWriteSettings({ onSuccess: (answer) => notify.success(answer.message ?? m.saved) });
  const onError = (error: unknown) => notify.error(failureText(error, m.saveFailed));

  if (settings.isError) return <p role="alert">{m.loadFailed}</p>;
  if (!settings.data) return <Spinner />;
  const logo = settings.data.logo;

  return (
    <div className="max-w-4xl">
      <AdminHeader title={m.title} intro={m.intro} />
      <form
        noValidate
        className="space-y-6"
        onSubmit={handleSubmit((values) => write.mutate({ kind: 'patch', patch: values }, { onError }))}
      >
        <Section title={m.identitySection}>
          <FormField
            id="shop-name"
            label={m.shopName}
            error={errors.shopName?.en?.message}
            {...register('shopName.en')}
          />
          <FormField
            id="shop-name-ar"
            dir="rtl"
            label={m.shopNameAr}
            error={errors.shopName?.ar?.message}
            {...register('shopName.ar')}
          />
          <div className="sm:col-span-2">
            <p className="label">{m.logo}</p>
            <div className="flex flex-wrap items-center gap-4">
              {logo ? (
                <img
                  src={logo.url}
                  alt={m.logo}
                  className="h-16 w-auto rounded border border-line bg-canvas p-1"
                />
              ) : (
                <p className="text-sm text-muted">{m.noLogo}</p>
              )}
              <label className="btn btn-outline cursor-pointer">
                {m.uploadLogo}
                <input
                  type="file"
                  accept={ACCEPTED_IMAGE_TYPES.join(',')}
                  className="sr-only"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) write.mutate({ kind: 'logo', file }, { onError });
                  }}
                />
              </label>
              {logo && (
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => write.mutate({ kind: 'removeLogo' }, { onError })}
                >
                  {m.removeLogo}
                </button>
              )}
            </div>
          </div>
        </Section>

        <Section title={m.contactSection}>
          <FormField
            id="phone"
            type="tel"
            dir="ltr"
            label={m.phone}
            error={errors.phone?.message}
            {...register('phone')}
          />
          <FormField
            id="email"
            type="email"
            dir="ltr"
            label={m.email}
            error={errors.email?.message}
            {...register('email')}
          />
          <div className="sm:col-span-2">
            <FormField
              id="whatsapp"
              type="tel"
              dir="ltr"
              label={m.whatsapp}
              error={errors.whatsapp?.message}
              {...register('whatsapp')}
            />
            <p className="mt-1 text-xs text-muted">{m.whatsappHint}</p>
          </div>
        </Section>

        <Section title={m.socialSection} hint={m.socialHint}>
          {(['facebook', 'instagram', 'tiktok'] as const).map((network) => (
            <FormField
              key={network}
              id={`social-${network}`}
              type="url"
              dir="ltr"
              label={messages.layout[network]}
              placeholder={`https://${network}.com/…`}
              error={errors.social?.[network]?.message}
              {...register(`social.${network}`)}
            />
          ))}
        </Section>

        <Section title={m.paymentSection} hint={m.feesHint}>
          <div className="sm:col-span-2">
            <FormField
              id="wallet"
              type="tel"
              dir="ltr"
              label={m.walletNumber}
              error={errors.walletNumber?.message}
              {...register('walletNumber')}
            />
            <p className="mt-1 text-xs text-muted">{m.walletHint}</p>
          </div>
          {CITIES.map((city, index) => (
            <FormField
              key={city}
              id={`fee-${index}`}
              type="number"
              inputMode="decimal"
              min={0}
              step="0.01"
              label={format(m.shippingFee, { city })}
              error={errors.shippingFees?.[city]?.message}
              {...register(`shippingFees.${city}`, { valueAsNumber: true })}
            />
          ))}
        </Section>

        <Section title={m.announcementSection} hint={m.announcementHint}>
          <FormField
            id="announcement"
            label={m.announcement}
            error={errors.announcement?.en?.message}
            {...register('announcement.en')}
          />
          <FormField
            id="announcement-ar"
            dir="rtl"
            label={m.announcementAr}
            error={errors.announcement?.ar?.message}
            {...register('announcement.ar')}
          />
        </Section>

        <Section title={m.policiesSection} hint={m.policiesHint}>
          {POLICY_PAGES.map((page) => (
            <div key={page} className="contents">
              <TextArea
                label={format(m.policyEnglish, { page: messages.layout.policyPages[page] })}
                error={errors.policies?.[page]?.en?.message}
                registration={register(`policies.${page}.en`)}
                dir="ltr"
              />
              <TextArea
                label={format(m.policyArabic, { page: messages.layout.policyPages[page] })}
                error={errors.policies?.[page]?.ar?.message}
                registration={register(`policies.${page}.ar`)}
                dir="rtl"
              />
            </div>
          ))}
        </Section>

        <div className="sticky bottom-0 flex justify-end border-t border-line bg-canvas/95 py-4">
          <button type="submit" className="btn btn-primary min-w-40" disabled={write.isPending}>
            {write.isPending ? m.saving : m.save}
          </button>
        </div>
      </form>
    </div>
  );
}
