import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { FormProvider, useForm, useFormContext, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ACCEPTED_IMAGE_TYPES, POLICY_PAGES, type PolicyPage } from '@/shared/constants';
import { ShopSettingsSchema } from '@/shared/schemas/settings';
import { HOME_SECTIONS, type HomeSection } from '@/shared/shell-constants';
import { FormField, TextAreaField } from '@/web/components/form-field';
import { Spinner } from '@/web/components/spinner';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { useDocumentTitle } from '@/web/lib/shop';
import { AdminHeader } from './admin-ui';
import { PolicyPreview } from './policy-preview';
import { adminSettingsQuery, useWriteSettings } from './api/settings';
import type { AdminSettings, CouriersStatus } from './api/delivery';
import { DeliveryZonesEditor } from './delivery-zones-editor';
import { ConfirmationFields, PrepayFields, WhatsAppFields } from './confirmation-settings';

const m = messages.settings;
const s = messages.shipping;
const c = messages.customers;

/**
 * What the form edits and sends: every setting but the old three city fees, which the server derives
 * from the delivery zones (issue 36); sending both could make them disagree.
 */
const SettingsFormSchema = ShopSettingsSchema.omit({ shippingFees: true });
type SettingsForm = z.infer<typeof SettingsFormSchema>;

/**
 * The form's values: the settings without the logo and hero picture, which are uploaded on their own,
 * and without what the server only reports (the couriers' state, the derived city fees).
 */
function formValues(settings: AdminSettings): SettingsForm {
  const {
    logo: _logo,
    heroImage: _hero,
    whatsappDigits: _digits,
    couriers: _couriers,
    whatsappBusiness: _whatsappBusiness,
    shippingFees: _fees,
    ...values
  } = settings;
  return values;
}

/** Whether Bosta is connected, the webhook address to give it, and what to set when it is not. */
function CouriersSection({ couriers }: { couriers: CouriersStatus }) {
  const { configured, webhookUrl } = couriers.bosta;
  return (
    <Section title={s.couriersSection} hint={s.couriersHint}>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <h2 className="font-sans text-base font-semibold text-ink">{s.bosta}</h2>
        <span
          className={`inline-flex rounded-pill px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            configured
              ? 'bg-success/12 text-success ring-success/30'
              : 'bg-warning/12 text-warning ring-warning/30'
          }`}
        >
          {configured ? s.courierConnected : s.courierNotConnected}
        </span>
      </div>
      {!configured && (
        <p className="text-sm text-ink sm:col-span-2">
          <bdi>{s.bostaSetUp}</bdi>
        </p>
      )}
      <FormField
        id="bosta-webhook"
        className="sm:col-span-2"
        dir="ltr"
        readOnly
        label={s.bostaWebhookUrl}
        hint={s.bostaWebhookHint}
        value={webhookUrl}
        onFocus={(event) => event.target.select()}
      />
    </Section>
  );
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

type SettingsInput = z.input<typeof SettingsFormSchema>;

/** The settings the owner writes in both languages (src/shared/schemas/settings.ts, `localized`). */
type TwoLanguageSetting =
  'shopName' | 'announcement' | `policies.${PolicyPage}` | 'home.heroTitle' | 'home.heroText';

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
      // The Markdown and, beside it (below it on a phone), the page as the shop will show it.
      <div key={language} className="grid gap-3 sm:col-span-2 lg:grid-cols-2">
        <TextAreaField rows={12} fieldClassName="font-mono text-sm" {...field} />
        <WatchedPreview path={path} field={field.label} lang={language} />
      </div>
    ) : (
      <FormField key={language} {...field} />
    );
  });
}

/** The preview of the Markdown at `path`, following what is typed. */
function WatchedPreview({
  path,
  field,
  lang,
}: {
  path: `${TwoLanguageSetting}.${'en' | 'ar'}`;
  field: string;
  lang: string;
}) {
  const markdown = useWatch<SettingsInput, typeof path>({ name: path });
  return <PolicyPreview markdown={typeof markdown === 'string' ? markdown : ''} field={field} lang={lang} />;
}

/** The home page's sections in the owner's order, each moved up or down by a button (issue 35). */
function SectionOrder() {
  const { setValue, getFieldState, formState } = useFormContext<SettingsInput>();
  const watched = useWatch<SettingsInput, 'home.sections'>({ name: 'home.sections' });
  const order: HomeSection[] = watched ?? [...HOME_SECTIONS];
  const error = getFieldState('home.sections', formState).error?.message;
  const move = (from: number, to: number) => {
    const next = [...order];
    [next[from], next[to]] = [next[to]!, next[from]!];
    setValue('home.sections', next, { shouldDirty: true, shouldValidate: true });
  };
  return (
    <div className="sm:col-span-2">
      <p id="home-sections" className="label">
        {m.sectionsOrder}
      </p>
      <ol aria-labelledby="home-sections" className="divide-y divide-line rounded-field border border-line">
        {order.map((section, index) => {
          const name = m.homeSectionNames[section];
          return (
            <li key={section} className="flex items-center gap-2 px-3 py-1.5">
              <span className="w-6 text-sm text-muted tabular-nums">{index + 1}</span>
              <span className="flex-1 text-sm font-medium text-ink">{name}</span>
              <button
                type="button"
                className="btn btn-ghost size-11 p-0"
                aria-label={format(m.moveSectionUp, { section: name })}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp className="size-4" aria-hidden="true" />
              </button>
              <button
                type="button"
                className="btn btn-ghost size-11 p-0"
                aria-label={format(m.moveSectionDown, { section: name })}
                disabled={index === order.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown className="size-4" aria-hidden="true" />
              </button>
            </li>
          );
        })}
      </ol>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** /dashboard/settings (issue 16): what the shop shows and charges, set by the owner. */
export default function SettingsPage() {
  useDocumentTitle(m.title);
  const settings = useQuery(adminSettingsQuery);
  const form = useForm<SettingsInput, unknown, SettingsForm>({
    resolver: zodResolver(SettingsFormSchema),
  });
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
  const heroImage = settings.data.heroImage;

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
            <ImageSetting
              label={m.logo}
              image={logo}
              empty={m.noLogo}
              upload={m.uploadLogo}
              remove={m.removeLogo}
              imageClassName="h-16 w-auto rounded border border-line bg-canvas p-1"
              onUpload={(file) => write.mutate({ kind: 'logo', file }, { onError })}
              onRemove={() => write.mutate({ kind: 'removeLogo' }, { onError })}
            />
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

          <Section title={m.paymentSection}>
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
          </Section>

          <Section title={s.deliveryZones} hint={s.zonesHint}>
            <DeliveryZonesEditor />
          </Section>

          {settings.data.couriers && <CouriersSection couriers={settings.data.couriers} />}

          <Section title={c.confirmationSettings}>
            <ConfirmationFields />
          </Section>

          <Section title={c.whatsappSettings}>
            <WhatsAppFields business={settings.data.whatsappBusiness} />
          </Section>

          <Section title={c.prepaySettings}>
            <PrepayFields />
          </Section>

          <Section title={m.homeSection} hint={m.homeHint}>
            <ImageSetting
              id="hero-image"
              label={m.heroImage}
              hint={m.heroImageHint}
              image={heroImage}
              empty={m.noHeroImage}
              upload={m.uploadHeroImage}
              remove={m.removeHeroImage}
              imageClassName="h-24 w-auto rounded border border-line bg-canvas object-cover"
              onUpload={(file) => write.mutate({ kind: 'heroImage', file }, { onError })}
              onRemove={() => write.mutate({ kind: 'removeHeroImage' }, { onError })}
            />
            <TwoLanguageFields
              name="home.heroTitle"
              id="hero-title"
              english={m.heroTitle}
              arabic={m.heroTitleAr}
            />
            <TwoLanguageFields
              name="home.heroText"
              id="hero-text"
              english={m.heroText}
              arabic={m.heroTextAr}
            />
            <FormField
              id="hero-link"
              className="sm:col-span-2"
              dir="ltr"
              label={m.heroLink}
              hint={m.heroLinkHint}
              placeholder="/category/women"
              error={errors.home?.heroLink?.message}
              {...register('home.heroLink')}
            />
            <SectionOrder />
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

interface ImageSettingProps {
  id?: string;
  label: string;
  hint?: string;
  image: { url: string; width?: number; height?: number } | null | undefined;
  empty: string;
  upload: string;
  remove: string;
  imageClassName: string;
  onUpload: (file: File) => void;
  onRemove: () => void;
}

/** A picture of the shop's own (the logo, the home page's hero): shown, replaced by an upload, removed. */
function ImageSetting({
  id,
  label,
  hint,
  image,
  empty,
  upload,
  remove,
  imageClassName,
  onUpload,
  onRemove,
}: ImageSettingProps) {
  return (
    <div className="sm:col-span-2">
      <p id={id} className="label">
        {label}
      </p>
      {hint ? <p className="mb-3 text-sm text-muted">{hint}</p> : null}
      <div className="flex flex-wrap items-center gap-4">
        {image ? (
          <img
            src={image.url}
            alt={label}
            width={image.width}
            height={image.height}
            className={imageClassName}
          />
        ) : (
          <p className="text-sm text-muted">{empty}</p>
        )}
        <label className="btn btn-outline cursor-pointer">
          {upload}
          <input
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            className="sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onUpload(file);
            }}
          />
        </label>
        {image && (
          <button type="button" className="btn btn-outline" onClick={onRemove}>
            {remove}
          </button>
        )}
      </div>
    </div>
  );
}
