import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FullSettings } from '@/shared/schemas/settings';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, mockFetch, renderRoute } from '@/web/lib/testing';
import SettingsPage from './settings-page';
import { sampleSettings } from './sample-settings';

const m = messages.settings;
const s = messages.shipping;
const c = messages.customers;

/** The settings answer, and a PATCH's answer with the patch over the sample, as the server would. */
function serveSettings(settings: FullSettings = sampleSettings()) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/settings/full') return { body: { success: true, settings } };
    if (call.method === 'PATCH') {
      return {
        body: {
          success: true,
          message: m.saved,
          settings: { ...settings, ...(call.body as Partial<FullSettings>) },
        },
      };
    }
    return undefined;
  });
}

beforeEach(() => clearToasts());

// Typing whole links and sentences takes seconds when the machine's cores are shared.
describe('admin settings screen', { timeout: 20_000 }, () => {
  it('shows the settings and saves a change of zone fee, link and announcement, without the old city fees', async () => {
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/settings/full')
        return { body: { success: true, settings: sampleSettings() } };
      if (call.method === 'PATCH') {
        return {
          body: {
            success: true,
            message: m.saved,
            settings: sampleSettings(call.body as Partial<FullSettings>),
          },
        };
      }
      return undefined;
    });
    renderRoute(<SettingsPage />);
    const gizaZone = await screen.findByRole('listitem', { name: 'Giza' });
    const giza = within(gizaZone).getByLabelText(s.zoneFee);
    // The form is filled once the settings have arrived: wait for that, not only for the field.
    await waitFor(() => expect(giza).toHaveValue(40));
    expect(screen.getByLabelText(m.shopName)).toHaveValue('Nour');
    // Each text kept in both languages has an English field and an Arabic one, each in its direction.
    expect(screen.getByLabelText(m.shopNameAr)).toHaveValue('نور');
    expect(screen.getByLabelText(m.shopNameAr)).toHaveAttribute('dir', 'rtl');
    const returns = messages.layout.policyPages.returns;
    expect(screen.getByLabelText(format(m.policyEnglish, { page: returns }))).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText(format(m.policyArabic, { page: returns }))).toHaveValue('# صفحة');
    expect(screen.getByLabelText(format(m.policyArabic, { page: returns }))).toHaveAttribute('lang', 'ar');

    await userEvent.clear(giza);
    await userEvent.type(giza, '55');
    await userEvent.type(screen.getByLabelText('Instagram'), 'https://instagram.com/nour');
    await userEvent.type(screen.getByLabelText(m.announcement), 'Free delivery over 1,500 EGP');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PATCH')!.body as FullSettings;
    expect(sent).not.toHaveProperty('shippingFees');
    expect(sent.deliveryZones.map((zone) => [zone.id, zone.fee])).toEqual([
      ['cairo', 70],
      ['giza', 55],
      ['outside-cairo-and-giza', 90],
    ]);
    expect(sent.social.instagram).toBe('https://instagram.com/nour');
    expect(sent.announcement.en).toBe('Free delivery over 1,500 EGP');
    expect(sent.policies.returns).toEqual({ en: '# Page', ar: '# صفحة' });
  });

  it('says what is wrong beside each field and sends nothing', async () => {
    const { calls } = mockFetch((call) =>
      call.url.pathname === '/api/settings/full'
        ? { body: { success: true, settings: sampleSettings() } }
        : undefined,
    );
    renderRoute(<SettingsPage />);
    await userEvent.type(await screen.findByLabelText('Facebook'), 'javascript:alert(1)');
    await userEvent.clear(screen.getByLabelText(m.walletNumber));
    await userEvent.type(screen.getByLabelText(m.walletNumber), '123');
    const cairoFee = within(screen.getByRole('listitem', { name: 'Cairo' })).getByLabelText(s.zoneFee);
    await userEvent.clear(cairoFee);
    await userEvent.type(cairoFee, '-5');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect(await screen.findByText(m.urlRule)).toBeInTheDocument();
    expect(screen.getByLabelText('Facebook')).toHaveAccessibleDescription(m.urlRule);
    // The hint first, then what is wrong.
    expect(screen.getByLabelText(m.walletNumber)).toHaveAccessibleDescription(
      `${m.walletHint} ${m.walletRule}`,
    );
    expect(cairoFee).toHaveAccessibleDescription(m.feeRule);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("shows the server's refusal", async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/settings/full')
        return { body: { success: true, settings: sampleSettings() } };
      if (call.method === 'PATCH') return { status: 403, body: { success: false, message: 'Admins only' } };
      return undefined;
    });
    renderRoute(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: m.save }));
    expect(await screen.findByText('Admins only')).toBeInTheDocument();
  });

  it('uploads a logo under "logo" and removes it', async () => {
    const logo = { url: '/uploads/shop/logo.webp' };
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/settings/full')
        return { body: { success: true, settings: sampleSettings() } };
      if (call.method === 'PUT')
        return { body: { success: true, message: m.logoUploaded, settings: sampleSettings({ logo }) } };
      if (call.method === 'DELETE')
        return { body: { success: true, message: m.logoRemoved, settings: sampleSettings() } };
      return undefined;
    });
    renderRoute(<SettingsPage />);
    expect(await screen.findByText(m.noLogo)).toBeInTheDocument();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText(m.uploadLogo), png);
    expect(await screen.findByRole('img', { name: m.logo })).toHaveAttribute('src', logo.url);
    expect(((calls.find((call) => call.method === 'PUT')!.body as FormData).get('logo') as File).name).toBe(
      'logo.png',
    );

    await userEvent.click(screen.getByRole('button', { name: m.removeLogo }));
    await waitFor(() => expect(screen.queryByRole('img', { name: m.logo })).not.toBeInTheDocument());
    expect(screen.getByText(m.noLogo)).toBeInTheDocument();
  });

  it('uploads a hero picture under "heroImage" and removes it (issue 35)', async () => {
    const heroImage = { url: '/uploads/shop/hero.webp', width: 1600, height: 900 };
    const { calls } = mockFetch((call) => {
      if (call.url.pathname === '/api/settings/full')
        return { body: { success: true, settings: sampleSettings() } };
      if (call.method === 'PUT' && call.url.pathname === '/api/settings/hero-image')
        return {
          body: { success: true, message: m.heroImageUploaded, settings: sampleSettings({ heroImage }) },
        };
      if (call.method === 'DELETE' && call.url.pathname === '/api/settings/hero-image')
        return { body: { success: true, message: m.heroImageRemoved, settings: sampleSettings() } };
      return undefined;
    });
    renderRoute(<SettingsPage />);
    expect(await screen.findByText(m.noHeroImage)).toBeInTheDocument();
    const jpeg = new File([new Uint8Array([255, 216, 255])], 'hero.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText(m.uploadHeroImage), jpeg);
    expect(await screen.findByRole('img', { name: m.heroImage })).toHaveAttribute('src', heroImage.url);
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(((put.body as FormData).get('heroImage') as File).name).toBe('hero.jpg');

    await userEvent.click(screen.getByRole('button', { name: m.removeHeroImage }));
    await waitFor(() => expect(screen.queryByRole('img', { name: m.heroImage })).not.toBeInTheDocument());
    expect(screen.getByText(m.noHeroImage)).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.url.pathname === '/api/settings/hero-image'),
    ).toBe(true);
  });

  it('edits confirming cash orders, the WhatsApp messages and who pays first, and saves numbers and nulls (issue 37)', async () => {
    const { calls } = serveSettings(
      sampleSettings({ prepay: { firstOrderOver: 1500, refusalsAtLeast: null } }),
    );
    renderRoute(<SettingsPage />);
    const confirming = await screen.findByRole('group', { name: c.confirmationSettings });
    const whatsapp = screen.getByRole('group', { name: c.whatsappSettings });
    const prepay = screen.getByRole('group', { name: c.prepaySettings });
    const noAnswer = within(confirming).getByLabelText(c.noAnswerHours);
    await waitFor(() => expect(noAnswer).toHaveValue(24));
    expect(within(confirming).getByRole('switch', { name: c.confirmCashOrders })).toBeChecked();
    expect(within(confirming).getByLabelText(c.messageDelayHours)).toHaveValue(0);
    expect(within(whatsapp).getByLabelText(c.confirmationTemplate)).toHaveValue('order_confirmation');
    expect(within(whatsapp).getByRole('switch', { name: c.sendShipping })).toBeChecked();
    const firstOrder = within(prepay).getByLabelText(c.prepayFirstOrderOver);
    const refusals = within(prepay).getByLabelText(c.prepayRefusalsAtLeast);
    expect(firstOrder).toHaveValue(1500);
    // An empty rule is off, and says so.
    expect(refusals).toHaveValue(null);
    expect(refusals).toHaveAccessibleDescription(c.ruleOff);

    await userEvent.clear(noAnswer);
    await userEvent.type(noAnswer, '12');
    await userEvent.click(within(confirming).getByRole('switch', { name: c.confirmCashOrders }));
    const shipped = within(whatsapp).getByLabelText(c.shippedTemplate);
    await userEvent.clear(shipped);
    await userEvent.type(shipped, 'order_on_its_way');
    await userEvent.click(within(whatsapp).getByRole('switch', { name: c.sendShipping }));
    await userEvent.clear(firstOrder);
    await userEvent.type(refusals, '2');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    const sent = calls.find((call) => call.method === 'PATCH')!.body as FullSettings;
    expect(sent.confirmation).toEqual({ cashOrders: false, messageDelayHours: 0, noAnswerHours: 12 });
    expect(sent.whatsappMessages).toEqual({
      confirmationTemplate: 'order_confirmation',
      statusTemplate: 'order_status_update',
      shippedTemplate: 'order_on_its_way',
      sendStatusChanges: true,
      sendShipping: false,
    });
    expect(sent.prepay).toEqual({ firstOrderOver: null, refusalsAtLeast: 2 });
    // What only the server knows is read, never sent.
    expect(sent).not.toHaveProperty('whatsappBusiness');
  });

  it.each([
    [false, c.whatsappNotConnected],
    [true, c.whatsappConnected],
  ])(
    'says whether WhatsApp Business is connected (%s) and the webhook address for Meta',
    async (configured, text) => {
      const webhookUrl = 'https://nour.example/api/whatsapp/webhook';
      serveSettings(sampleSettings({ whatsappBusiness: { configured, webhookUrl } }));
      renderRoute(<SettingsPage />);
      const whatsapp = await screen.findByRole('group', { name: c.whatsappSettings });
      expect(within(whatsapp).getByText(text)).toBeInTheDocument();
      expect(
        within(whatsapp).queryByText(configured ? c.whatsappNotConnected : c.whatsappConnected),
      ).not.toBeInTheDocument();
      expect(within(whatsapp).getByText(format(c.whatsappWebhook, { url: webhookUrl }))).toBeInTheDocument();
    },
  );

  it('says beside the field what is wrong with an hour count or a template name, and sends nothing', async () => {
    const { calls } = serveSettings();
    renderRoute(<SettingsPage />);
    const noAnswer = await screen.findByLabelText(c.noAnswerHours);
    await waitFor(() => expect(noAnswer).toHaveValue(24));
    await userEvent.clear(noAnswer);
    await userEvent.type(noAnswer, '200');
    const template = screen.getByLabelText(c.statusTemplate);
    await userEvent.clear(template);
    await userEvent.type(template, 'Order Status');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    const hoursRule = format(m.hoursRule, { min: 1, max: 168 });
    await waitFor(() => expect(noAnswer).toHaveAccessibleDescription(hoursRule));
    expect(template).toHaveAccessibleDescription(m.templateNameRule);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("shows the server's message for a field it refuses", async () => {
    mockFetch((call) => {
      if (call.url.pathname === '/api/settings/full')
        return { body: { success: true, settings: sampleSettings() } };
      if (call.method === 'PATCH') return { status: 400, body: { success: false, message: m.refusalsRule } };
      return undefined;
    });
    renderRoute(<SettingsPage />);
    const refusals = await screen.findByLabelText(c.prepayRefusalsAtLeast);
    await userEvent.type(refusals, '3');
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.refusalsRule)).toBeInTheDocument();
  });
});
