import { queryOptions, useQuery } from '@tanstack/react-query';
import { SHOP_SETTINGS_SCRIPT_ID } from '@/shared/constants';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { PublicSettings, PublicSettingsAnswer } from '@/shared/schemas/settings';
import { api, UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** The public settings the server wrote into the page (plugins/web-app.ts), or undefined without them. */
function embeddedSettings(): PublicSettings | undefined {
  const script = typeof document === 'undefined' ? null : document.getElementById(SHOP_SETTINGS_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as PublicSettings;
  } catch {
    return undefined;
  }
}

/** Read once, like the shop's name (lib/shop.ts): the page's own copy does not change. */
const embedded = embeddedSettings();

/**
 * GET /api/settings: the shop's name, contacts, social links, fees and announcement (issue 16). The page
 * carries them from the server, so the first render has them and asks nothing; the admin's save
 * refreshes them (api/settings.ts).
 */
export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: async ({ signal }) => {
    const answer = await api.get<PublicSettingsAnswer | ErrorAnswer>('/settings', { signal });
    if (!answer.success) throw new UnsuccessfulAnswer(answer.message);
    return answer.settings;
  },
  staleTime: Infinity,
});

/** The shop's public settings; undefined on a page served without them (the footer then shows none). */
export function useShopSettings(): PublicSettings | undefined {
  return useQuery({ ...settingsQuery, initialData: embedded, enabled: embedded !== undefined }).data;
}
