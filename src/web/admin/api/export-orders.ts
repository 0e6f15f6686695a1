import { useMutation } from '@tanstack/react-query';
import { api } from '@/web/lib/api';
import { orderFilterQuery, type OrderListFilters } from '@/web/admin/order-filters';

/**
 * GET /api/order/export.csv with the list's filters. The API wants the session's token header, which a
 * plain link cannot send, so the file is fetched and then handed to the browser to save.
 */
async function exportOrders(filters: Omit<OrderListFilters, 'page'>): Promise<void> {
  const csv = await api.get<string | undefined>('/order/export.csv', { query: orderFilterQuery(filters) });
  // The text decoder dropped the byte order mark; Excel needs it to read Arabic names as UTF-8.
  const blob = new Blob([`\uFEFF${csv ?? ''}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
