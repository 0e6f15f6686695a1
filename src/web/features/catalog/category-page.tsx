import { useParams } from 'react-router';
import { format, messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function CategoryPage() {
  const title = format(messages.catalog.categoryHeading, { name: useParams().slug ?? '' });
  useDocumentTitle(title);
  return (
    <section className="shell py-12">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
