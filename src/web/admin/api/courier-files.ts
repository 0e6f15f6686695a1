import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '@/shared/api-url';
import { TOKEN_HEADER } from '@/shared/shell-constants';
import { messages } from '@/web/admin/messages';
import { language } from '@/web/i18n/language';
import { api, ApiError } from '@/web/lib/api';
import { getSession, signOut } from '@/web/session/session';

const s = messages.shipping;

/** Hands a file fetched with the token to the browser to save, as the desk's CSV export does. */
function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * GET /api/couriers/bosta/airway-bills?orderIds=…: the selected orders' airway bills in one PDF. The
 * API wants the session's token header, which a plain link cannot send; and the shared client reads
 * every answer that is not JSON as text, which would break a PDF's bytes, so this one is fetched here.
 */
async function downloadAirwayBills(orderIds: readonly string[]): Promise<void> {
  const { token } = getSession();
  const headers = new Headers({ accept: 'application/pdf, application/json', 'accept-language': language });
  if (token) headers.set(TOKEN_HEADER, token);
  let response: Response;
  try {
    response = await fetch(apiUrl('/couriers/bosta/airway-bills', { orderIds: orderIds.join(',') }), {
      headers,
    });
  } catch {
    throw new ApiError(0, undefined, messages.layout.networkError);
  }
  if (!response.ok) {
    // A session that ended is ended here as everywhere else; the admin's guard then asks to sign in.
    if (response.status === 401 && token) signOut();
    const answer: unknown = await response.json().catch(() => undefined);
    const message =
      typeof answer === 'object' &&
      answer !== null &&
      'message' in answer &&
      typeof answer.message === 'string'
        ? answer.message
        : undefined;
    throw new ApiError(response.status, message, s.airwayBillsFailed);
  }
  saveFile(await response.blob(), `airway-bills-${today()}.pdf`);
}

export function useDownloadAirwayBills() {
  return useMutation({ mutationFn: downloadAirwayBills });
}

/** GET /api/couriers/cash.csv: one row per shipment whose cash is collected or to collect. */
async function downloadCashCsv(): Promise<void> {
  const csv = await api.get<string | undefined>('/couriers/cash.csv');
  // The text decoder dropped the byte order mark; Excel needs it to read Arabic names as UTF-8.
  saveFile(
    new Blob([`\uFEFF${csv ?? ''}`], { type: 'text/csv;charset=utf-8' }),
    `courier-cash-${today()}.csv`,
  );
}

export function useDownloadCashCsv() {
  return useMutation({ mutationFn: downloadCashCsv });
}
