import { messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function FavoritesPage() {
  const title = messages.catalog.favoritesTitle;
  useDocumentTitle(title);
  return (
    <section className="shell py-12">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
