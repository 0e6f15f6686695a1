import { ArrowLeft, House } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { messages } from '@/web/i18n/messages';
import { useDocumentTitle } from '@/web/lib/shop';
import { href } from '@/web/paths';

const m = messages.layout;

export default function NotFoundPage() {
  const navigate = useNavigate();
  useDocumentTitle(m.pageNotFound);
  return (
    <section className="shell flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <p aria-hidden="true" className="font-display text-[7rem] leading-none text-accent sm:text-[9rem]">
        {m.notFoundCode}
      </p>
      <h1 className="-mt-4 text-title text-ink sm:text-[2.5rem]">{m.pageNotFound}</h1>
      <p className="mt-4 max-w-md text-muted">{m.pageNotFoundText}</p>
      <div className="mt-10 flex flex-wrap items-center justify-center gap-3">
        <Link to={href.home()} className="btn btn-primary">
          <House className="size-4" aria-hidden="true" />
          {m.goHome}
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => navigate(-1)}>
          <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
          {m.goBack}
        </button>
      </div>
    </section>
  );
}
