import { deliveryZonesOf } from '@/shared/delivery';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryZone, FullSettings } from '@/shared/schemas/settings';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { clearToasts, mockFetch, renderRoute, type RecordedCall } from '@/web/lib/testing';
import type { AdminSettings, CouriersStatus } from './api/delivery';
import { zoneIdFrom } from './delivery-zones-editor';
import SettingsPage from './settings-page';
import { sampleSettings } from './sample-settings';

const m = messages.settings;
const s = messages.shipping;

/** The settings page over a server that answers `settings` and saves what is sent (or refuses). */
function serve(settings: AdminSettings = sampleSettings(), refusal?: { status: number; message: string }) {
  return mockFetch((call) => {
    if (call.url.pathname === '/api/settings/full') return { body: { success: true, settings } };
    if (call.method === 'PATCH') {
      if (refusal) return { status: refusal.status, body: { success: false, message: refusal.message } };
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

const sentZones = (calls: RecordedCall[]) =>
  (calls.find((call) => call.method === 'PATCH')!.body as { deliveryZones: DeliveryZone[] }).deliveryZones;

const zoneCard = (name: string) => screen.getByRole('listitem', { name });
const zonesSection = () => screen.getByRole('group', { name: s.deliveryZones });

async function opened() {
  renderRoute(<SettingsPage />);
  const cairo = await screen.findByRole('listitem', { name: 'Cairo' });
  await waitFor(() => expect(within(cairo).getByLabelText(s.zoneFee)).toHaveValue(70));
}

beforeEach(() => clearToasts());

describe('zone ids', () => {
  it('are made from the English name, and unique', () => {
    expect(zoneIdFrom('Upper Egypt', [])).toBe('upper-egypt');
    expect(zoneIdFrom('Upper Egypt', ['upper-egypt', 'upper-egypt-2'])).toBe('upper-egypt-3');
    expect(zoneIdFrom('  Sinaï & Red Sea!  ', [])).toBe('sinai-red-sea');
    expect(zoneIdFrom('الصعيد', [])).toBe('zone');
  });
});

// Each card has 27 checkboxes: rendering three of them takes seconds on a shared machine.
describe('the delivery zones editor', { timeout: 30_000 }, () => {
  it('shows each zone with its governorates in the admin language, and moves a governorate ticked in another zone', async () => {
    const { calls } = serve();
    await opened();
    const cairo = zoneCard('Cairo');
    const governorates = within(cairo).getByRole('group', {
      name: format(s.zoneGovernorates, { zone: 'Cairo' }),
    });
    expect(within(governorates).getAllByRole('checkbox')).toHaveLength(27);
    expect(within(governorates).getByRole('checkbox', { name: 'Cairo' })).toBeChecked();
    const alexandria = within(governorates).getByRole('checkbox', { name: /Alexandria/ });
    expect(alexandria).not.toBeChecked();
    // Held by another zone, and it says which.
    expect(alexandria).toHaveAccessibleDescription(
      format(s.governorateInZone, { zone: 'Outside Cairo and Giza' }),
    );
    expect(
      within(cairo).getByText(format(s.governorateCount, { n: 1 }), { exact: false }),
    ).toBeInTheDocument();

    await userEvent.click(alexandria);
    expect(alexandria).toBeChecked();
    expect(alexandria).not.toHaveAccessibleDescription();
    const outside = zoneCard('Outside Cairo and Giza');
    expect(within(outside).getByRole('checkbox', { name: /Alexandria/ })).not.toBeChecked();
    expect(within(outside).getByRole('checkbox', { name: /Alexandria/ })).toHaveAccessibleDescription(
      format(s.governorateInZone, { zone: 'Cairo' }),
    );
    expect(screen.getByText(s.everyGovernorateDelivered)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    const zones = sentZones(calls);
    expect(zones[0]!.governorates).toEqual(['EG-C', 'EG-ALX']);
    expect(zones[2]!.governorates).not.toContain('EG-ALX');
    expect(zones[2]!.governorates).toHaveLength(24);
  });

  it('adds a zone whose id follows its English name, with a threshold, no cash on delivery and its estimate', async () => {
    const { calls } = serve();
    await opened();
    await userEvent.click(screen.getByRole('button', { name: s.addZone }));
    const card = zoneCard(s.newZone);
    // The new card's English name has the focus, ready to be typed.
    expect(within(card).getByLabelText(s.zoneNameEn)).toHaveFocus();
    await userEvent.type(within(card).getByLabelText(s.zoneNameEn), 'Upper Egypt');
    const upper = zoneCard('Upper Egypt');
    expect(
      within(upper).getByText(format(s.zoneIdIs, { id: 'upper-egypt' }), { exact: false }),
    ).toBeInTheDocument();
    await userEvent.type(within(upper).getByLabelText(s.zoneNameAr), 'الصعيد');
    for (const name of [/Luxor/, /Aswan/])
      await userEvent.click(within(upper).getByRole('checkbox', { name }));
    const fee = within(upper).getByLabelText(s.zoneFee);
    await userEvent.clear(fee);
    await userEvent.type(fee, '120');
    await userEvent.type(within(upper).getByLabelText(s.zoneFreeOver), '2000');
    await userEvent.click(within(upper).getByRole('checkbox', { name: s.zoneCashOnDelivery }));
    const most = within(upper).getByLabelText(s.zoneEstimateMax);
    await userEvent.clear(most);
    await userEvent.type(most, '7');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect(await screen.findByText(m.saved)).toBeInTheDocument();
    const zones = sentZones(calls);
    expect(zones).toHaveLength(4);
    expect(zones[3]).toEqual({
      id: 'upper-egypt',
      name: { en: 'Upper Egypt', ar: 'الصعيد' },
      governorates: ['EG-LX', 'EG-ASN'],
      fee: 120,
      freeOver: 2000,
      cashOnDelivery: false,
      cashOnDeliveryFee: 0,
      estimateDays: { min: 1, max: 7 },
    });
    // The saved zones keep their ids and a blank threshold stays 'never free'.
    expect(zones.slice(0, 3).map((zone) => [zone.id, zone.freeOver])).toEqual([
      ['cairo', null],
      ['giza', null],
      ['outside-cairo-and-giza', null],
    ]);
    expect(zones[2]!.governorates).not.toContain('EG-LX');
  });

  it('gives a second zone of the same name its own id, and keeps a saved zone’s id when it is renamed', async () => {
    const { calls } = serve();
    await opened();
    await userEvent.type(within(zoneCard('Giza')).getByLabelText(s.zoneNameEn), ' and October');
    await userEvent.click(screen.getByRole('button', { name: s.addZone }));
    await userEvent.type(within(zoneCard(s.newZone)).getByLabelText(s.zoneNameEn), 'Cairo');
    const cards = screen.getAllByRole('listitem', { name: 'Cairo' });
    expect(
      within(cards[1]!).getByText(format(s.zoneIdIs, { id: 'cairo-2' }), { exact: false }),
    ).toBeInTheDocument();
    await userEvent.click(within(cards[1]!).getByRole('checkbox', { name: /Suez/ }));
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    await screen.findByText(m.saved);
    expect(sentZones(calls).map((zone) => [zone.id, zone.name.en])).toEqual([
      ['cairo', 'Cairo'],
      ['giza', 'Giza and October'],
      ['outside-cairo-and-giza', 'Outside Cairo and Giza'],
      ['cairo-2', 'Cairo'],
    ]);
  });

  it('removes a zone, and says which governorates are then not delivered to', async () => {
    const { calls } = serve();
    await opened();
    expect(screen.getByText(s.everyGovernorateDelivered)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: format(s.removeZone, { zone: 'Giza' }) }));
    expect(screen.queryByRole('listitem', { name: 'Giza' })).not.toBeInTheDocument();
    expect(screen.getByText(format(s.notDeliveredTo, { names: 'Giza' }))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    await screen.findByText(m.saved);
    expect(sentZones(calls).map((zone) => zone.id)).toEqual(['cairo', 'outside-cairo-and-giza']);
  });

  it("shows the schema's messages by each field and card, and sends nothing", async () => {
    const { calls } = serve();
    await opened();
    await userEvent.click(screen.getByRole('button', { name: s.addZone }));
    const card = zoneCard(s.newZone);
    await userEvent.type(within(card).getByLabelText(s.zoneFreeOver), '-1');
    const least = within(card).getByLabelText(s.zoneEstimateMin);
    await userEvent.clear(least);
    await userEvent.type(least, '9');
    await userEvent.click(screen.getByRole('button', { name: m.save }));

    expect(await within(card).findByLabelText(s.zoneNameEn)).toHaveAccessibleDescription(m.zoneNameRule);
    expect(within(card).getByLabelText(s.zoneFreeOver)).toHaveAccessibleDescription(
      `${s.zoneFreeOverHint} ${m.feeRule}`,
    );
    const alerts = within(card)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toEqual([m.zoneGovernoratesRule, m.zoneEstimateRule]);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    // Fixed, the messages go as the form is corrected.
    await userEvent.click(within(card).getByRole('checkbox', { name: /Matrouh/ }));
    await waitFor(() => expect(within(card).queryByText(m.zoneGovernoratesRule)).not.toBeInTheDocument());
  });

  it('refuses to save without any zone', async () => {
    const { calls } = serve();
    await opened();
    for (const zone of ['Cairo', 'Giza', 'Outside Cairo and Giza']) {
      await userEvent.click(screen.getByRole('button', { name: format(s.removeZone, { zone }) }));
    }
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await within(zonesSection()).findByRole('alert')).toHaveTextContent(m.zonesRequired);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it('says so when a governorate is in two zones', async () => {
    const zones = deliveryZonesOf({ Cairo: 70, Giza: 40, 'Outside Cairo and Giza': 90 });
    zones[1]!.governorates.push('EG-C');
    const { calls } = serve(sampleSettings({ deliveryZones: zones }));
    await opened();
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await within(zonesSection()).findByRole('alert')).toHaveTextContent(m.governorateInTwoZones);
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  it("shows the server's refusal of the zones", async () => {
    serve(sampleSettings(), { status: 400, message: 'A governorate can be in one delivery zone only' });
    await opened();
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText('A governorate can be in one delivery zone only')).toBeInTheDocument();
  });
});

describe('the couriers section', { timeout: 30_000 }, () => {
  const bosta = (configured: boolean): CouriersStatus => ({
    bosta: { configured, webhookUrl: 'https://nour.example/api/couriers/bosta/webhook' },
  });

  it('says Bosta is not connected, what to set, and the webhook address to paste', async () => {
    serve(sampleSettings({ couriers: bosta(false) }));
    await opened();
    const section = screen.getByRole('group', { name: s.couriersSection });
    expect(within(section).getByText(s.courierNotConnected)).toBeInTheDocument();
    expect(within(section).getByText(s.bostaSetUp)).toBeInTheDocument();
    expect(s.bostaSetUp).toContain('BOSTA_API_KEY');
    expect(s.bostaSetUp).toContain('BOSTA_WEBHOOK_SECRET');
    const webhook = within(section).getByLabelText(s.bostaWebhookUrl);
    expect(webhook).toHaveValue('https://nour.example/api/couriers/bosta/webhook');
    expect(webhook).toHaveAttribute('readonly');
    expect(webhook).toHaveAccessibleDescription(s.bostaWebhookHint);
  });

  it('says Bosta is connected, without the set-up text', async () => {
    const { calls } = serve(sampleSettings({ couriers: bosta(true) }));
    await opened();
    const section = screen.getByRole('group', { name: s.couriersSection });
    expect(within(section).getByText(s.courierConnected)).toBeInTheDocument();
    expect(within(section).queryByText(s.bostaSetUp)).not.toBeInTheDocument();
    // The couriers' state is the server's to report: it is never sent back.
    await userEvent.click(screen.getByRole('button', { name: m.save }));
    await screen.findByText(m.saved);
    expect(calls.find((call) => call.method === 'PATCH')!.body).not.toHaveProperty('couriers');
  });
});
