import { messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function ProductDetailsPage() {
  const title = messages.layout.products;
  useDocumentTitle(title);
  return (
    <section className="shell py-12">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
