import { useParams } from 'react-router';
import { messages } from '@/shared/messages';
import { useDocumentTitle } from '@/web/lib/shop';

export default function ProductFormPage() {
  const title = useParams().id ? messages.admin.editProduct : messages.admin.createProduct;
  useDocumentTitle(title);
  return (
    <section className="py-4">
      <h1 className="text-title text-ink">{title}</h1>
    </section>
  );
}
