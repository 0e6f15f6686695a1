import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { PublicSettingsAnswer } from '@/shared/schemas/settings';
import { api, UnsuccessfulAnswer } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';

/** GET /api/settings: the shop's name, contacts, social links, fees and announcement (issue 16). */
export const settingsQuery = queryOptions({
  queryKey: queryKeys.settings,
  queryFn: async ({ signal }) => {
    const answer = await api.get<PublicSettingsAnswer | ErrorAnswer>('/settings', { signal });
    if (!answer.success) throw new UnsuccessfulAnswer(answer.message);
    return answer.settings;
  },
});

/** The shop's public settings, once loaded (the footer and the bar show nothing of them before). */
export function useShopSettings() {
  return useQuery(settingsQuery).data;
}
