import { messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function AdminOrdersPage() {
  const title = messages.admin.ordersTitle;
  useDocumentTitle(title);
  return (
    <section className="py-4">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
