import { messages } from '@/shared/messages';
import { CategoryFormSchema, type CategoryDto, type CategoryMoveDirection } from '@/shared/schemas/category';
import { categoryDto } from '../catalog/dto';
import type { Db, Tx } from '../db/client';
import { categories, type CategoryRow, type StoredImage } from '../db/schema';
import { AppError } from '../errors';
import type { ShopEvents } from '../events';
import { storeCategoryImage } from '../images/pipeline';
import { parseFormFields } from '../images/multipart';
import type { ObjectStore } from '../storage/types';
import { discardImages, storeImages } from './images';
import {
  type CategoryChanges,
  countProductsInCategory,
  deleteCategory,
  findCategoryById,
  findCategoryNamed,
  insertCategory,
  lockCategory,
  lockCategoryOrder,
  setCategoryPosition,
  updateCategory,
} from './queries';
import { FALLBACK_CATEGORY_SLUG, slugify, uniqueSlug, withSlugRetry } from '../catalog/slugs';

const a = messages.admin;

/** What an admin category form carries once the multipart body is read. */
export interface CategoryFormUpload {
  fields: Record<string, string>;
  image: Buffer | undefined;
}

export interface AdminCategoriesDeps {
  db: Db;
  store: ObjectStore;
  /** Where each committed change is announced (the catalogue's read model listens). */
  events: ShopEvents;
}

const CategoryUpdateFormSchema = CategoryFormSchema.partial();

/** PostgreSQL's code for a foreign key refusing a change. */
const FOREIGN_KEY_VIOLATION = '23503';

function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current && typeof current === 'object';) {
    if ((current as { code?: string }).code === FOREIGN_KEY_VIOLATION) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function stillHasProducts(n: number): AppError {
  return new AppError('CONFLICT', a.categoryHasProducts, { n });
}

async function assertNameFree(tx: Tx, name: string, exceptId?: string): Promise<void> {
  // The listing filters by category name, so two categories of one name could never be told apart.
  if (await findCategoryNamed(tx, name, exceptId)) {
    throw new AppError('CONFLICT', a.categoryNameTaken, { name });
  }
}

/** The admin's category writes (SPEC §7, DESIGN §2), each announced as `categoryChanged` once committed. */
export function createAdminCategoriesService({ db, store, events }: AdminCategoriesDeps) {
  async function answer(row: CategoryRow): Promise<CategoryDto> {
    return categoryDto(store, row, await countProductsInCategory(db, row.id));
  }

  async function create(upload: CategoryFormUpload): Promise<CategoryDto> {
    const form = parseFormFields(CategoryFormSchema, upload.fields);
    if (!upload.image) throw new AppError('BAD_REQUEST', a.uploadCategoryImage);
    const [image] = await storeImages(store, [upload.image], storeCategoryImage);
    let row: CategoryRow;
    try {
      row = await withSlugRetry(() =>
        db.transaction(async (tx) => {
          await assertNameFree(tx, form.name);
          return insertCategory(tx, {
            name: form.name,
            nameAr: form.nameAr ?? '',
            description: form.description ?? '',
            descriptionAr: form.descriptionAr ?? '',
            slug: await uniqueSlug(tx, categories, slugify(form.name, FALLBACK_CATEGORY_SLUG)),
            sizeGuide: form.sizeGuide ?? null,
            image,
          });
        }),
      );
    } catch (error) {
      await discardImages(store, [image]);
      throw error;
    }
    events.emit('categoryChanged', { categoryId: row.id, change: 'created' });
    return categoryDto(store, row, 0);
  }

  async function update(id: string, upload: CategoryFormUpload): Promise<CategoryDto> {
    const form = parseFormFields(CategoryUpdateFormSchema, upload.fields);
    if (!(await findCategoryById(db, id))) {
      throw new AppError('NOT_FOUND', messages.catalog.categoryNotFoundAnswer);
    }
    const stored = upload.image ? await storeImages(store, [upload.image], storeCategoryImage) : [];
    const newImage = stored[0];
    let result: { row: CategoryRow; replaced: StoredImage | null };
    try {
      result = await withSlugRetry(() =>
        db.transaction(async (tx) => {
          const current = await lockCategory(tx, id);
          if (!current) throw new AppError('NOT_FOUND', messages.catalog.categoryNotFoundAnswer);
          const changes: Partial<CategoryChanges> = {};
          // Left out keeps the guide; sent empty removes it (null). The Arabic name likewise ('' clears it).
          if (form.sizeGuide !== undefined) changes.sizeGuide = form.sizeGuide;
          if (form.nameAr !== undefined) changes.nameAr = form.nameAr;
          if (form.description !== undefined) changes.description = form.description;
          if (form.descriptionAr !== undefined) changes.descriptionAr = form.descriptionAr;
          if (form.name !== undefined && form.name !== current.name) {
            await assertNameFree(tx, form.name, id);
            changes.name = form.name;
            changes.slug = await uniqueSlug(tx, categories, slugify(form.name, FALLBACK_CATEGORY_SLUG), id);
          }
          if (newImage) changes.image = newImage;
          const row = await updateCategory(tx, id, changes);
          return { row, replaced: newImage ? current.image : null };
        }),
      );
    } catch (error) {
      await discardImages(store, stored);
      throw error;
    }
    // Only once the change is committed: a failed save must leave the old picture in place.
    events.emit('categoryChanged', { categoryId: id, change: 'updated' });
    await discardImages(store, [result.replaced]);
    return answer(result.row);
  }

  async function remove(id: string): Promise<void> {
    let image: StoredImage | null;
    try {
      image = await db.transaction(async (tx) => {
        const current = await lockCategory(tx, id);
        if (!current) throw new AppError('NOT_FOUND', messages.catalog.categoryNotFoundAnswer);
        const n = await countProductsInCategory(tx, id);
        if (n > 0) throw stillHasProducts(n);
        await deleteCategory(tx, id);
        return current.image;
      });
    } catch (error) {
      // A product saved into it between the count and the delete: the foreign key refuses, as we would.
      if (isForeignKeyViolation(error)) throw stillHasProducts(await countProductsInCategory(db, id));
      throw error;
    }
    events.emit('categoryChanged', { categoryId: id, change: 'deleted' });
    await discardImages(store, [image]);
  }

  /**
   * Moves a category one place up or down in the owner's order (issue 16), swapping it with its
   * neighbour; the first moved up or the last moved down stays where it is. The whole order is locked
   * and numbered 1, 2, 3… again, so two admins moving at once each see the other's move.
   */
  async function move(id: string, direction: CategoryMoveDirection): Promise<void> {
    const moved = await db.transaction(async (tx) => {
      const order = await lockCategoryOrder(tx);
      const index = order.findIndex((row) => row.id === id);
      if (index === -1) throw new AppError('NOT_FOUND', messages.catalog.categoryNotFoundAnswer);
      const target = direction === 'up' ? index - 1 : index + 1;
      const current = order[index];
      const neighbour = order[target];
      if (!current || !neighbour) return false;
      order[target] = current;
      order[index] = neighbour;
      for (const [place, row] of order.entries()) {
        if (row.position !== place + 1) await setCategoryPosition(tx, row.id, place + 1);
      }
      return true;
    });
    if (moved) events.emit('categoryChanged', { categoryId: id, change: 'updated' });
  }

  return { create, update, remove, move };
}
