import { messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function AdminCategoriesPage() {
  const title = messages.admin.manageCategories;
  useDocumentTitle(title);
  return (
    <section className="py-4">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
