import { messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function CategoriesPage() {
  const title = messages.catalog.allCategoriesTitle;
  useDocumentTitle(title);
  return (
    <section className="shell py-12">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
