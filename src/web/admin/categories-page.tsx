import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageOff, Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/i18n/messages';
import { isolate } from '@/web/i18n/bidi';
import type { CategoryDto } from '@/shared/schemas/category';
import { useDocumentTitle } from '@/web/lib/shop';
import { adminCategoriesQuery } from './api/get-categories';
import { useDeleteCategory } from './api/delete-category';
import { AdminHeader, ArabicName, EditDeleteActions, PrevNextPager, SearchAsYouType } from './admin-ui';
import { Spinner } from '@/web/components/spinner';
import { ConfirmDialog } from './confirm-dialog';
import { href } from '@/web/paths';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';

const m = messages.admin;

function CategoryCard({ category, onDelete }: { category: CategoryDto; onDelete: () => void }) {
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="aspect-[4/3] bg-sand">
        {category.image.url ? (
          <img src={category.image.url} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full flex-col items-center justify-center gap-2 text-muted">
            <ImageOff className="size-6" aria-hidden="true" />
            <span className="text-sm">{m.noImage}</span>
          </div>
        )}
      </div>
      <div className="flex flex-1 items-start justify-between gap-2 p-4">
        <div className="min-w-0">
          <h2 className="truncate font-sans text-base font-semibold text-ink">{category.name}</h2>
          <ArabicName text={category.nameAr} className="truncate" />
          <p className="truncate text-sm text-muted">
            <bdi dir="ltr">{category.slug}</bdi>
          </p>
        </div>
        <EditDeleteActions
          name={category.name}
          editTo={href.adminEditCategory(category._id)}
          onDelete={onDelete}
          className="flex shrink-0 gap-1"
        />
      </div>
    </li>
  );
}

/** /dashboard/manage_category (SPEC §2): search by name, a card grid, delete behind a dialog. */
export default function AdminCategoriesPage() {
  useDocumentTitle(m.manageCategories);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<CategoryDto | null>(null);

  const searchFor = (next: string) => {
    setSearch(next);
    setPage(1);
  };

  const list = useQuery({ ...adminCategoriesQuery(search, page), placeholderData: keepPreviousData });
  useFailureToast(list.error, m.failedToFetchCategories, m.errorFetchingCategories);

  const remove = useDeleteCategory({
    onSuccess: () => {
      notify.success(m.categoryDeleted);
      setToDelete(null);
    },
  });

  const totalPages = Math.max(1, list.data?.totalPages ?? 1);
  // Deleting the last card of the last page leaves that page empty: step back to one that has cards.
  useEffect(() => {
    if (list.data && page > totalPages) setPage(totalPages);
  }, [list.data, page, totalPages]);

  return (
    <section>
      <AdminHeader
        title={m.manageCategories}
        actions={
          <Link to={href.adminNewCategory()} className="btn btn-accent">
            <Plus className="size-4" aria-hidden="true" />
            {m.addCategory}
          </Link>
        }
      />
      <SearchAsYouType list="categories" search={search} onSearch={searchFor} />

      {list.isPending ? (
        <Spinner size="section" />
      ) : !list.data ? null : list.data.categories.length === 0 ? (
        <p className="card px-6 py-14 text-center text-lg text-ink-soft">{m.noCategoriesFound}</p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.data.categories.map((category) => (
              <CategoryCard key={category._id} category={category} onDelete={() => setToDelete(category)} />
            ))}
          </ul>
          {totalPages > 1 && (
            <PrevNextPager list="categories" page={page} totalPages={totalPages} setPage={setPage} />
          )}
        </>
      )}

      {toDelete && (
        <ConfirmDialog
          title={m.deleteCategory}
          confirmLabel={m.delete}
          busy={remove.isPending}
          onCancel={() => setToDelete(null)}
          onConfirm={() =>
            remove.mutate(toDelete._id, {
              onError: (error) => {
                notify.error(failureText(error, m.failedToDeleteCategory, m.errorDeletingCategory));
                setToDelete(null);
              },
            })
          }
        >
          {format(m.confirmDeleteCategory, { name: isolate(toDelete.name) })}
        </ConfirmDialog>
      )}
    </section>
  );
}
