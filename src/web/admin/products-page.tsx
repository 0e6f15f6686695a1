import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AlertTriangle, Filter, LayoutDashboard, Plus, Search, X } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { isolate } from '@/web/i18n/bidi';
import { formatEgp } from '@/web/i18n/language';
import type { ProductDto } from '@/shared/schemas/product';
import { useDocumentTitle } from '@/web/lib/shop';
import { allCategoriesQuery } from '@/web/lib/api/get-categories';
import { adminProductsQuery } from './api/get-products';
import { useDeleteProduct } from './api/delete-product';
import {
  AdminHeader,
  ArabicName,
  EditDeleteActions,
  PrevNextPager,
  StockBadge,
  useMinimumLoading,
} from './admin-ui';
import { Spinner } from '@/web/components/spinner';
import { href } from '@/web/paths';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { LowStockPanel } from './low-stock-panel';

const m = messages.admin;
const v = messages.adminVariants;

/** The product's stock; for one with sizes or colours it is their total (issue 13), and says so. */
function Stock({ product }: { product: ProductDto }) {
  return (
    <span className="inline-flex flex-col items-start gap-0.5">
      <StockBadge stock={product.avaliableItems} />
      {product.options.length > 0 ? <span className="text-xs text-muted">{v.stockTotal}</span> : null}
    </span>
  );
}

interface RowProps {
  product: ProductDto;
  onDelete: (product: ProductDto) => void;
  deleting: boolean;
}

function RowActions({ product, onDelete, deleting }: RowProps) {
  return (
    <EditDeleteActions
      name={product.name}
      editTo={href.adminEditProduct(product._id)}
      onDelete={() => onDelete(product)}
      deleting={deleting}
      className="flex items-center gap-1"
    />
  );
}

function Thumb({ product }: { product: ProductDto }) {
  return (
    <img
      src={product.defaultImage.url}
      alt=""
      className="size-12 shrink-0 rounded-lg bg-sand object-cover"
      loading="lazy"
    />
  );
}

const discountText = (discount: number) => (discount > 0 ? `${discount}%` : '—');

function ProductTable({ products, ...row }: Omit<RowProps, 'product'> & { products: ProductDto[] }) {
  const head = 'px-3 py-3 text-start text-xs font-semibold uppercase tracking-wide text-muted';
  return (
    <div className="card hidden overflow-x-auto md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{m.productsTable}</caption>
        <thead className="border-b border-line">
          <tr>
            <th className={head}>{m.colProduct}</th>
            <th className={head}>{m.colCategory}</th>
            <th className={head}>{m.colPrice}</th>
            <th className={head}>{m.colDiscount}</th>
            <th className={head}>{m.colFinalPrice}</th>
            <th className={head}>{m.colStock}</th>
            <th className={head}>{m.colActions}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {products.map((product) => (
            <tr key={product._id}>
              <td className="px-3 py-2">
                <div className="flex items-center gap-3">
                  <Thumb product={product} />
                  <span className="font-medium text-ink">
                    {product.name}
                    <ArabicName text={product.nameAr} />
                  </span>
                </div>
              </td>
              <td className="px-3 py-2 text-ink-soft">{product.category?.name ?? m.uncategorised}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatEgp(product.price)}</td>
              <td className="px-3 py-2">{discountText(product.discount)}</td>
              <td className="px-3 py-2 font-medium whitespace-nowrap">{formatEgp(product.finalPrice)}</td>
              <td className="px-3 py-2">
                <Stock product={product} />
              </td>
              <td className="px-3 py-2">
                <RowActions product={product} {...row} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ProductCards({ products, ...row }: Omit<RowProps, 'product'> & { products: ProductDto[] }) {
  return (
    <ul className="grid gap-3 md:hidden">
      {products.map((product) => (
        <li key={product._id} className="card flex gap-3 p-4">
          <Thumb product={product} />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-ink">
              {product.name}
              <ArabicName text={product.nameAr} />
            </p>
            <p className="text-sm text-muted">{product.category?.name ?? m.uncategorised}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{m.colPrice}</dt>
              <dd>{formatEgp(product.price)}</dd>
              <dt className="text-muted">{m.colDiscount}</dt>
              <dd>{discountText(product.discount)}</dd>
              <dt className="text-muted">{m.colFinalPrice}</dt>
              <dd className="font-medium">{formatEgp(product.finalPrice)}</dd>
              <dt className="text-muted">{m.colStock}</dt>
              <dd>
                <Stock product={product} />
              </dd>
            </dl>
          </div>
          <RowActions product={product} {...row} />
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/manage (SPEC §2): server search, a category filter, 10 products a page, edit and delete. */
export default function AdminProductsPage() {
  useDocumentTitle(m.manageProducts);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [lowStockOpen, setLowStockOpen] = useState(false);
  const [pendingCategory, setPendingCategory] = useState('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);

  const list = useQuery({
    ...adminProductsQuery({ search, category, page }),
    placeholderData: keepPreviousData,
  });
  const listLoading = useMinimumLoading(list.isPending);
  const categories = useQuery(allCategoriesQuery);
  useFailureToast(list.error, m.failedToFetchProducts, m.errorFetchingProducts);
  useFailureToast(categories.error, m.failedToFetchCategories, m.errorFetchingCategories);

  const remove = useDeleteProduct({ onSuccess: () => notify.success(m.productDeleted) });
  const onDelete = (product: ProductDto) => {
    if (!window.confirm(m.confirmDeleteProduct)) return;
    remove.mutate(product._id, {
      onError: (error) => notify.error(failureText(error, m.failedToDeleteProduct, m.errorDeletingProduct)),
    });
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchText.trim());
    setPage(1);
  };
  const applyFilters = () => {
    setCategory(pendingCategory);
    setPage(1);
    notify.success(m.filtersApplied);
  };
  const clearFilters = () => {
    setPendingCategory('');
    setCategory('');
    setSearchText('');
    setSearch('');
    setPage(1);
    notify.success(m.filtersCleared);
  };

  const categoryName = categories.data?.find((item) => item._id === category)?.name;
  const data = list.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  // Deleting the last product of the last page leaves that page empty: step back to one that has rows.
  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages]);

  return (
    <section>
      <AdminHeader
        title={m.manageProducts}
        actions={
          <Link to={href.adminNewProduct()} className="btn btn-accent">
            <Plus className="size-4" aria-hidden="true" />
            {m.addProduct}
          </Link>
        }
      />

      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <form role="search" aria-label={m.searchProducts} onSubmit={onSearch} className="flex flex-1 gap-2">
          <label htmlFor="product-search" className="sr-only">
            {m.searchProducts}
          </label>
          <input
            id="product-search"
            type="search"
            className="field"
            placeholder={m.searchProducts}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <button type="submit" className="btn btn-primary">
            <Search className="size-4" aria-hidden="true" />
            {m.search}
          </button>
        </form>
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={filtersOpen}
          aria-controls="product-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <Filter className="size-4" aria-hidden="true" />
          {m.filters}
        </button>
        <button
          type="button"
          className="btn btn-outline"
          aria-pressed={lowStockOpen}
          onClick={() => setLowStockOpen((open) => !open)}
        >
          <AlertTriangle className="size-4" aria-hidden="true" />
          {v.lowStock}
        </button>
      </div>

      {lowStockOpen && <LowStockPanel />}

      {filtersOpen && (
        <div id="product-filters" className="card mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor="product-category-filter" className="label">
              {m.category}
            </label>
            <select
              id="product-category-filter"
              className="field"
              value={pendingCategory}
              onChange={(event) => setPendingCategory(event.target.value)}
            >
              <option value="">{m.allCategories}</option>
              {categories.data?.map((item) => (
                <option key={item._id} value={item._id}>
                  {item.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex gap-2">
            <button type="button" className="btn btn-primary" onClick={applyFilters}>
              {m.applyFilters}
            </button>
            <button type="button" className="btn btn-outline" onClick={clearFilters}>
              {m.clearFilters}
            </button>
          </div>
        </div>
      )}

      {category && (
        <p className="mb-4">
          <span className="inline-flex items-center gap-1 rounded-pill bg-accent-soft py-1 ps-3 pe-1 text-sm text-accent-strong">
            {format(m.categoryBadge, { name: isolate(categoryName ?? category) })}
            <button
              type="button"
              className="grid size-6 place-items-center rounded-pill hover:bg-surface"
              aria-label={m.removeCategoryFilter}
              onClick={() => {
                setCategory('');
                setPendingCategory('');
                setPage(1);
              }}
            >
              <X className="size-3.5" aria-hidden="true" />
            </button>
          </span>
        </p>
      )}

      {listLoading ? (
        <Spinner size="section" />
      ) : !data ? null : data.products.length === 0 ? (
        <div className="card flex flex-col items-center gap-4 px-6 py-14 text-center">
          <h2 className="text-2xl text-ink">{m.noProductsFound}</h2>
          <p className="text-ink-soft">{m.noProductsMatch}</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Link to={href.adminNewProduct()} className="btn btn-accent">
              <Plus className="size-4" aria-hidden="true" />
              {m.addProduct}
            </Link>
            <button type="button" className="btn btn-outline" onClick={clearFilters}>
              {m.clearFilters}
            </button>
            <Link to={href.adminDashboard()} className="btn btn-ghost">
              <LayoutDashboard className="size-4" aria-hidden="true" />
              {m.returnToDashboard}
            </Link>
          </div>
        </div>
      ) : (
        <>
          <ProductTable products={data.products} onDelete={onDelete} deleting={remove.isPending} />
          <ProductCards products={data.products} onDelete={onDelete} deleting={remove.isPending} />
          <PrevNextPager list="products" page={page} totalPages={totalPages} setPage={setPage} />
        </>
      )}
    </section>
  );
}
