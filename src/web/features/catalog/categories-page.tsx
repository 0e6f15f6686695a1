import { useQuery } from '@tanstack/react-query';
import { ArrowRight, LayoutGrid } from 'lucide-react';
import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { LoadFailure } from '@/web/components/load-failure';
import { ProductImage } from '@/web/components/product-card/product-image';
import { localizedName } from '@/web/lib/localized';
import { useDocumentTitle } from '@/web/lib/shop';
import { allCategoriesQuery } from '@/web/lib/api/get-categories';
import { href } from '@/web/paths';

const m = messages.catalog;
const GRID = 'grid grid-cols-1 gap-5 min-[480px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** DESIGN §3: every category with its image, name and product count, each leading to its page. */
export default function CategoriesPage() {
  useDocumentTitle(m.allCategoriesTitle);
  const { data, isPending, isError } = useQuery(allCategoriesQuery);

  let body;
  if (isPending) {
    body = (
      <ul className={GRID} aria-hidden="true">
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="aspect-[4/5] animate-pulse rounded-card bg-sand" />
        ))}
      </ul>
    );
  } else if (isError) {
    body = <LoadFailure title={m.failedToLoadCategoriesTitle} />;
  } else if (data.length === 0) {
    body = (
      <div className="flex flex-col items-center py-16 text-center">
        <LayoutGrid className="mb-4 size-8 text-muted" aria-hidden="true" />
        <h2 className="text-2xl text-ink">{m.noCategoriesAvailable}</h2>
        <p className="mt-2 text-sm text-ink-soft">{m.noCategoriesText}</p>
      </div>
    );
  } else {
    body = (
      <ul className={GRID}>
        {data.map((category) => (
          <li key={category._id}>
            <Link
              to={href.category(category.slug)}
              className="group relative block aspect-[4/5] overflow-hidden rounded-card bg-sand shadow-soft transition hover:shadow-lift"
            >
              <ProductImage
                image={category.image}
                alt=""
                sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 480px) 50vw, 100vw"
                className="size-full transition duration-700 group-hover:scale-105"
              />
              <span className="absolute inset-0 bg-gradient-to-t from-ink/75 via-ink/10 to-transparent" />
              <span className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 p-6 text-canvas">
                <span>
                  <span className="block font-display text-2xl">
                    <bdi>{localizedName(category)}</bdi>
                  </span>
                  <span className="mt-1 block text-xs tracking-[0.14em] uppercase opacity-85">
                    {format(m.productCount, { n: category.productCount })}
                  </span>
                </span>
                <ArrowRight
                  className="size-5 shrink-0 transition group-hover:translate-x-1 rtl:rotate-180 rtl:group-hover:-translate-x-1"
                  aria-hidden="true"
                />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="shell py-10 sm:py-14">
      <header className="mb-10 max-w-2xl">
        <h1 className="text-title text-ink sm:text-[2.5rem]">{m.allCategoriesTitle}</h1>
        <p className="mt-3 text-ink-soft">{m.allCategoriesText}</p>
      </header>
      {body}
    </div>
  );
}
