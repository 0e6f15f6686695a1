import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ImageOff, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ADMIN_PAGE_SIZE } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import type { CategoryDto } from '@/shared/schemas/category';
import { useDocumentTitle } from '@/web/lib/shop';
import { adminCategoriesQuery } from './api/get-categories';
import { useDeleteCategory } from './api/delete-category';
import { useMoveCategory } from './api/move-category';
import type { CategoryMoveDirection } from '@/shared/schemas/category';
import { AdminHeader, ArabicName, EditDeleteActions, PrevNextPager, SearchAsYouType } from './admin-ui';

import { Spinner } from '@/web/components/spinner';
import { ConfirmDialog } from './confirm-dialog';
import { href } from '@/web/paths';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';

const m = messages.admin;

interface CategoryMoves {
  /** Where the category stands in the whole order: it moves up unless first, down unless last. */
  first: boolean;
  last: boolean;
  onMove: (direction: CategoryMoveDirection) => void;
}

/**
 * The moved card's buttons are put in their new place by the list's refresh, which may take the focus
 * with it; it goes back to the button just used, or to the other one once the card is first or last.
 */
function keepFocusOnMoved(id: string, direction: CategoryMoveDirection) {
  const buttons = [direction, direction === 'up' ? 'down' : 'up'].map((each) =>
    document.querySelector<HTMLButtonElement>(`[data-move="${CSS.escape(`${id}:${each}`)}"]`),
  );
  buttons.find((button) => button && !button.disabled)?.focus();
}

/** Up and down buttons that set the shop's order of its categories (issue 16). */
function MoveButtons({ id, name, moves }: { id: string; name: string; moves: CategoryMoves }) {
  return (
    <div className="flex shrink-0 gap-1">
      <button
        type="button"
        className="btn btn-ghost px-2.5 py-2"
        aria-label={format(m.moveCategoryUp, { name })}
        title={format(m.moveCategoryUp, { name })}
        data-move={`${id}:up`}
        disabled={moves.first}
        onClick={() => moves.onMove('up')}
      >
        <ArrowUp className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        className="btn btn-ghost px-2.5 py-2"
        aria-label={format(m.moveCategoryDown, { name })}
        title={format(m.moveCategoryDown, { name })}
        data-move={`${id}:down`}
        disabled={moves.last}
        onClick={() => moves.onMove('down')}
      >
        <ArrowDown className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}

function CategoryCard({
  category,
  moves,
  onDelete,
}: {
  category: CategoryDto;
  /** Absent while searching: a found few are no order to change. */
  moves: CategoryMoves | undefined;
  onDelete: () => void;
}) {
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
      {moves ? (
        <div className="flex justify-end border-t border-line px-4 py-2">
          <MoveButtons id={category._id} name={category.name} moves={moves} />
        </div>
      ) : null}
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

  const move = useMoveCategory({ onSuccess: () => notify.success(m.categoryMoved) });
  const ordering = search.trim() === '';
  // Once a move is saved and the list shows it, the focus goes back to the moved card's buttons.
  const moved = useRef<{ id: string; direction: CategoryMoveDirection } | null>(null);
  useEffect(() => {
    if (!moved.current || move.isPending) return;
    keepFocusOnMoved(moved.current.id, moved.current.direction);
    moved.current = null;
  }, [list.data, move.isPending]);

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
          <p className="mb-4 text-sm text-ink-soft">{m.categoryOrderHint}</p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.data.categories.map((category, index) => {
              const place = (page - 1) * ADMIN_PAGE_SIZE + index;
              const total = list.data.totalCount;
              return (
                <CategoryCard
                  key={category._id}
                  category={category}
                  moves={
                    ordering
                      ? {
                          first: place === 0,
                          last: place === total - 1,
                          onMove: (direction) => {
                            if (move.isPending) return;
                            moved.current = { id: category._id, direction };
                            move.mutate(
                              { id: category._id, direction },
                              {
                                onError: (error) => notify.error(failureText(error, m.failedToMoveCategory)),
                              },
                            );
                          },
                        }
                      : undefined
                  }
                  onDelete={() => setToDelete(category)}
                />
              );
            })}
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
