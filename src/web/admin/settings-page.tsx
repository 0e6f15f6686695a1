import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, CITIES, POLICY_PAGES, type PolicyPage } from '@/shared/constants';
import { ShopSettingsSchema, type FullSettings, type ShopSettings } from '@/shared/schemas/settings';
import { FormField, TextAreaField } from '@/web/components/form-field';
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

type SettingsInput = z.input<typeof ShopSettingsSchema>;

/** The settings the owner writes in both languages (src/shared/schemas/settings.ts, `localized`). */
type TwoLanguageSetting = 'shopName' | 'announcement' | `policies.${PolicyPage}`;

/**
 * A text the shop shows in each language: its English field, then its Arabic one, each written in its
 * own direction. `multiline` for a page of Markdown.
 */
function TwoLanguageFields({
  name,
  id,
  english,
  arabic,
  multiline = false,
}: {
  name: TwoLanguageSetting;
  id: string;
  english: string;
  arabic: string;
  multiline?: boolean;
}) {
  const { register, getFieldState, formState } = useFormContext<SettingsInput>();
  return (['en', 'ar'] as const).map((language) => {
    const path = `${name}.${language}` as const;
    const field = {
      id: language === 'en' ? id : `${id}-ar`,
      label: language === 'en' ? english : arabic,
      lang: language,
      dir: language === 'en' ? 'ltr' : 'rtl',
      error: getFieldState(path, formState).error?.message,
      ...register(path),
    };
    return multiline ? (
      <TextAreaField
        key={language}
        rows={8}
        className="sm:col-span-2"
        fieldClassName="font-mono text-sm"
        {...field}
      />
    ) : (
      <FormField key={language} {...field} />
    );
  });
}

/** /dashboard/settings (issue 16): what the shop shows and charges, set by the owner. */
export default function SettingsPage() {
  useDocumentTitle(m.title);
  const settings = useQuery(adminSettingsQuery);
  const form = useForm<SettingsInput, unknown, ShopSettings>({ resolver: zodResolver(ShopSettingsSchema) });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
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
      <FormProvider {...form}>
        <form
          noValidate
          className="space-y-6"
          onSubmit={handleSubmit((values) => write.mutate({ kind: 'patch', patch: values }, { onError }))}
        >
          <Section title={m.identitySection}>
            <TwoLanguageFields name="shopName" id="shop-name" english={m.shopName} arabic={m.shopNameAr} />
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
            <FormField
              id="whatsapp"
              className="sm:col-span-2"
              type="tel"
              dir="ltr"
              label={m.whatsapp}
              hint={m.whatsappHint}
              error={errors.whatsapp?.message}
              {...register('whatsapp')}
            />
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
            <FormField
              id="wallet"
              className="sm:col-span-2"
              type="tel"
              dir="ltr"
              label={m.walletNumber}
              hint={m.walletHint}
              error={errors.walletNumber?.message}
              {...register('walletNumber')}
            />
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
            <TwoLanguageFields
              name="announcement"
              id="announcement"
              english={m.announcement}
              arabic={m.announcementAr}
            />
          </Section>

          <Section title={m.policiesSection} hint={m.policiesHint}>
            {POLICY_PAGES.map((page) => (
              <TwoLanguageFields
                key={page}
                name={`policies.${page}`}
                id={`policy-${page}`}
                english={format(m.policyEnglish, { page: messages.layout.policyPages[page] })}
                arabic={format(m.policyArabic, { page: messages.layout.policyPages[page] })}
                multiline
              />
            ))}
          </Section>

          <div className="sticky bottom-0 flex justify-end border-t border-line bg-canvas/95 py-4">
            <button type="submit" className="btn btn-primary min-w-40" disabled={write.isPending}>
              {write.isPending ? m.saving : m.save}
            </button>
          </div>
        </form>
      </FormProvider>
    </div>
  );
}
