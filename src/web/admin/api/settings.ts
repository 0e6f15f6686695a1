import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErrorAnswer } from '@/shared/schemas/common';
import type { PolicyPreviewAnswer, ShopSettingsPatch } from '@/shared/schemas/settings';
import type { AdminSettings, AdminSettingsAnswer } from '@/web/admin/api/delivery';
import { messages } from '@/web/admin/messages';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/query-keys';
import { checked, type MutationConfig } from '@/web/admin/call-helpers';

const m = messages.settings;

/** GET /api/settings/full: every setting, the policy pages' Markdown too. */
export const adminSettingsQuery = queryOptions({
  queryKey: queryKeys.adminSettings,
  queryFn: async ({ signal }) =>
    checked(await api.get<AdminSettingsAnswer | ErrorAnswer>('/settings/full', { signal }), m.loadFailed)
      .settings,
});

/**
 * POST /api/settings/policy-preview: Markdown the owner is writing, rendered by the server exactly as
 * the policy page will be. The last preview stays while the next is made.
 */
export const policyPreviewQuery = (markdown: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminSettings, 'policy-preview', markdown] as const,
    queryFn: async ({ signal }) =>
      checked(
        await api.post<PolicyPreviewAnswer | ErrorAnswer>('/settings/policy-preview', {
          body: { markdown },
          signal,
        }),
        m.policyPreviewFailed,
      ).html,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });

type SettingsWrite =
  | { kind: 'patch'; patch: ShopSettingsPatch }
  | { kind: 'logo' | 'heroImage'; file: File }
  | { kind: 'removeLogo' | 'removeHeroImage' };

/** PATCH /api/settings, or PUT / DELETE /api/settings/logo or /api/settings/hero-image. */
async function writeSettings(write: SettingsWrite): Promise<AdminSettingsAnswer> {
  if (write.kind === 'patch') {
    return checked(
      await api.patch<AdminSettingsAnswer | ErrorAnswer>('/settings', { body: write.patch }),
      m.saveFailed,
    );
  }
  if (!('file' in write)) {
    const path = write.kind === 'removeLogo' ? '/settings/logo' : '/settings/hero-image';
    return checked(await api.delete<AdminSettingsAnswer | ErrorAnswer>(path), m.saveFailed);
  }
  const form = new FormData();
  form.append(write.kind, write.file);
  const path = write.kind === 'logo' ? '/settings/logo' : '/settings/hero-image';
  return checked(await api.put<AdminSettingsAnswer | ErrorAnswer>(path, { formData: form }), m.saveFailed);
}

/** Every change of the settings: the admin's copy takes the answer, the shop's public one is read again. */
export function useWriteSettings({ onSuccess }: MutationConfig<AdminSettingsAnswer> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeSettings,
    onSuccess: async (answer) => {
      queryClient.setQueryData<AdminSettings>(queryKeys.adminSettings, answer.settings);
      await queryClient.invalidateQueries({ queryKey: queryKeys.settings });
      onSuccess?.(answer);
    },
  });
}
