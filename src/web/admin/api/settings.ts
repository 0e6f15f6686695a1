import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { FullSettings, FullSettingsAnswer, ShopSettingsPatch } from '@/shared/schemas/settings';
import { messages } from '@/web/admin/messages';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

const m = messages.settings;

/** GET /api/settings/full: every setting, the policy pages' Markdown too. */
export const adminSettingsQuery = queryOptions({
  queryKey: queryKeys.adminSettings,
  queryFn: async ({ signal }) =>
    checked(await api.get<FullSettingsAnswer | ErrorAnswer>('/settings/full', { signal }), m.loadFailed)
      .settings,
});

type SettingsWrite =
  { kind: 'patch'; patch: ShopSettingsPatch } | { kind: 'logo'; file: File } | { kind: 'removeLogo' };

/** PATCH /api/settings, PUT /api/settings/logo or DELETE /api/settings/logo. */
async function writeSettings(write: SettingsWrite): Promise<FullSettingsAnswer> {
  if (write.kind === 'patch') {
    return checked(
      await api.patch<FullSettingsAnswer | ErrorAnswer>('/settings', { body: write.patch }),
      m.saveFailed,
    );
  }
  if (write.kind === 'removeLogo') {
    return checked(await api.delete<FullSettingsAnswer | ErrorAnswer>('/settings/logo'), m.saveFailed);
  }
  const form = new FormData();
  form.append('logo', write.file);
  return checked(
    await api.put<FullSettingsAnswer | ErrorAnswer>('/settings/logo', { formData: form }),
    m.saveFailed,
  );
}

/** Every change of the settings: the admin's copy takes the answer, the shop's public one is read again. */
export function useWriteSettings({ onSuccess }: MutationConfig<FullSettingsAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeSettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData<FullSettings>(queryKeys.adminSettings, answer.settings);
      await queryClient.invalidateQueries({ queryKey: queryKeys.settings });
      onSuccess?.(answer);
    },
  });
}
