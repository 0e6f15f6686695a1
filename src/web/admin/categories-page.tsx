import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ImageOff, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { format, messages } from '@/shared/messages';
import type { CategoryDto } from '@/shared/schemas/category';
import { useDocumentTitle } from '@/web/lib/shop';
import { adminCategoriesQuery, useDeleteCategory } from './admin-api';
import { AdminHeader, failureMessage, Spinner, useFailureToast } from './admin-ui';
import { ConfirmDialog } from './confirm-dialog';

const m = messages.admin;
/** Typing settles this long before the server is asked, so each key press is not a request. */
const SEARCH_DELAY_MS = 300;

function CategoryCard({ category, onDelete }: { category: CategoryDto; onDelete: () => void }) {
  return (
    <li className="card flex flex-col overflow-hidden">
      <div className="aspect-[4/3] bg-sand">
        {category.image ? (
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
          <p className="truncate text-sm text-muted">{category.slug}</p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Link
            to={`/dashboard/manage_category/edit/${category._id}`}
            className="btn btn-ghost px-2.5 py-2"
            aria-label={format(m.editNamed, { name: category.name })}
            title={m.edit}
          >
            <Pencil className="size-4" aria-hidden="true" />
          </Link>
          <button
            type="button"
            className="btn btn-ghost px-2.5 py-2 text-danger"
            aria-label={format(m.deleteNamed, { name: category.name })}
            title={m.delete}
            onClick={onDelete}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        </div>
      </div>
    </li>
  );
}

/** /dashboard/manage_category (SPEC §2): search by name, a card grid, delete behind a dialog. */
export default function AdminCategoriesPage() {
  useDocumentTitle(m.manageCategories);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<CategoryDto | null>(null);

  // Only a changed search goes back to page 1: the first render must not undo a page chosen meanwhile.
  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return;
    const timer = window.setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText, search]);

  const list = useQuery({ ...adminCategoriesQuery(search, page), placeholderData: keepPreviousData });
  useFailureToast(list.error, m.failedToFetchCategories, m.errorFetchingCategories);

  const remove = useDeleteCategory({
    onSuccess: () => {
      toast.success(m.categoryDeleted);
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
          <Link to="/dashboard/manage_category/new" className="btn btn-accent">
            <Plus className="size-4" aria-hidden="true" />
            {m.addCategory}
          </Link>
        }
      />
      <div role="search" className="relative mb-6 max-w-md">
        <label htmlFor="category-search" className="sr-only">
          {m.searchCategories}
        </label>
        <Search
          className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted"
          aria-hidden="true"
        />
        <input
          id="category-search"
          type="search"
          className="field ps-9"
          placeholder={m.searchCategories}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
        />
      </div>

      {list.isPending ? (
        <Spinner />
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
            <nav className="mt-6 flex items-center justify-center gap-3" aria-label={m.manageCategories}>
              <button
                type="button"
                className="btn btn-outline"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
              >
                {m.prev}
              </button>
              <p className="text-sm text-ink-soft">{format(m.pageXofY, { x: page, y: totalPages })}</p>
              <button
                type="button"
                className="btn btn-outline"
                disabled={page >= totalPages}
                onClick={() => setPage((current) => current + 1)}
              >
                {m.next}
              </button>
            </nav>
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
                toast.error(failureMessage(error, m.failedToDeleteCategory, m.errorDeletingCategory));
                setToDelete(null);
              },
            })
          }
        >
          {format(m.confirmDeleteCategory, { name: toDelete.name })}
        </ConfirmDialog>
      )}
    </section>
  );
}
