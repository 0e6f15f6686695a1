import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { MAX_SUB_IMAGES } from '@/shared/constants';
import { format } from '@/web/i18n/language';
import { messages } from '@/web/admin/messages';
import { ProductFormSchema, type ProductForm, type ProductFormInput } from '@/shared/schemas/product';
import type { ProductVariantsInput } from '@/shared/schemas/variants';
import { FieldError, FormField, TextAreaField } from '@/web/components/form-field';
import { useDocumentTitle } from '@/web/lib/shop';
import { allCategoriesQuery } from '@/web/lib/api/get-categories';
import { adminProductQuery } from './api/get-product';
import { useSaveProduct } from './api/save-product';
import { AdminHeader, FormActions } from './admin-ui';
import { Spinner } from '@/web/components/spinner';
import { ImageInput, ImagePreview, usePreviewUrls } from './image-picker';
import {
  checkedVariants,
  draftOf,
  NO_VARIANTS,
  parsedOptions,
  totalStock,
  type VariantsDraft,
} from './variant-drafts';
import { VariantEditor } from './variant-editor';
import { href } from '@/web/paths';
import { failureText, useFailureToast } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { translator } from '@/web/i18n/translate';

const m = messages.admin;

type FormValues = ProductFormInput;

const EMPTY = {
  name: '',
  price: '',
  discount: '',
  description: '',
  nameAr: '',
  descriptionAr: '',
  category: '',
  avaliableItems: '',
} satisfies FormValues;

/**
 * The checked fields become the multipart body of SPEC §7. The schema turns an empty discount into
 * undefined, so the discount is sent only when one was typed (SPEC §5). `variants`, when given, travel
 * as the JSON text fields `options` and `variants` (issue 13); empty lists turn a product back into one
 * stock figure, and leaving them out keeps a product without options exactly as before.
 */
export function productFormData(
  values: ProductForm,
  defaultImage: File | null,
  subImages: File[],
  removeSubImages: string[],
  variants?: ProductVariantsInput,
): FormData {
  const form = new FormData();
  form.append('name', values.name);
  form.append('description', values.description);
  // Always sent: an emptied Arabic text clears it, and Arabic pages then show the English one.
  form.append('nameAr', values.nameAr);
  form.append('descriptionAr', values.descriptionAr);
  form.append('price', String(values.price));
  form.append('avaliableItems', String(values.avaliableItems));
  form.append('category', values.category);
  if (values.discount !== undefined) form.append('discount', String(values.discount));
  if (defaultImage) form.append('defaultImage', defaultImage);
  for (const file of subImages) form.append('subImages', file);
  for (const url of removeSubImages) form.append('removeSubImages', url);
  if (variants) {
    form.append('options', JSON.stringify(variants.options));
    form.append('variants', JSON.stringify(variants.variants));
  }
  return form;
}

/** The first field's message, in the page's language. */
function firstError(errors: FieldErrors<FormValues>): string {
  for (const error of Object.values(errors)) {
    if (error?.message) return translator.text(error.message);
  }
  return m.fillRequired;
}

/** /dashboard/manage/create and /dashboard/manage/edit/{id} (SPEC §2, §5): one form, two modes. */
export default function ProductFormPage() {
  const { id } = useParams();
  const isEdit = Boolean(id);
  const title = isEdit ? m.editProduct : m.createProduct;
  useDocumentTitle(title);
  const navigate = useNavigate();

  const product = useQuery({ ...adminProductQuery(id ?? ''), enabled: isEdit });
  const categories = useQuery(allCategoriesQuery);
  useFailureToast(categories.error, m.failedToFetchCategories, m.errorFetchingCategories);

  const {
    register,
    handleSubmit,
    reset,
    setValue,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, ProductForm>({
    defaultValues: EMPTY,
    // The shared schema judges the fields with the messages the server uses (STYLE.md habit 1), in
    // English: the fields say them in the page's language (FormField, FieldError).
    resolver: zodResolver(ProductFormSchema),
  });

  const [defaultImage, setDefaultImage] = useState<File | null>(null);
  const [subImages, setSubImages] = useState<File[]>([]);
  const [removedUrls, setRemovedUrls] = useState<string[]>([]);
  const [imageError, setImageError] = useState<string>();
  const [variantsDraft, setVariantsDraft] = useState<VariantsDraft>(NO_VARIANTS);
  const [variantsError, setVariantsError] = useState<string>();
  const [productName, price] = useWatch({ control, name: ['name', 'price'] });
  // With variants, the product's stock is theirs added up: the field shows it and cannot be typed in.
  const hasVariants = variantsDraft.variants.length > 0;
  const variantStock = totalStock(variantsDraft);
  useEffect(() => {
    if (hasVariants) setValue('avaliableItems', String(variantStock), { shouldValidate: false });
  }, [hasVariants, variantStock, setValue]);
  const [defaultPreview] = usePreviewUrls(defaultImage ? [defaultImage] : NO_FILES);
  const subPreviews = usePreviewUrls(subImages);

  useEffect(() => {
    if (product.isError) {
      notify.error(m.failedToLoadProduct);
      void navigate(href.adminProducts(), { replace: true });
    }
  }, [product.isError, navigate]);

  useEffect(() => {
    const loaded = product.data;
    if (!loaded) return;
    reset({
      name: loaded.name,
      price: String(loaded.price),
      discount: loaded.discount ? String(loaded.discount) : '',
      description: loaded.description,
      nameAr: loaded.nameAr,
      descriptionAr: loaded.descriptionAr,
      category: loaded.category?._id ?? '',
      avaliableItems: String(loaded.avaliableItems),
    });
    setVariantsDraft(draftOf(loaded));
  }, [product.data, reset]);

  const save = useSaveProduct({
    onSuccess: () => {
      notify.success(isEdit ? m.productUpdated : m.productCreated);
      void navigate(href.adminProducts());
    },
  });
  // A second click lands before React re-renders the disabled button; the ref refuses it at once.
  const busy = useRef(false);

  const existingSubImages = (product.data?.subImages ?? []).filter(
    (image) => !removedUrls.includes(image.url),
  );
  const subImageCount = existingSubImages.length + subImages.length;

  const onValid = (values: ProductForm) => {
    if (busy.current) return;
    if (!isEdit && !defaultImage) {
      setImageError(m.uploadDefaultImage);
      notify.error(m.uploadDefaultImage);
      return;
    }
    // Options with no variant yet are a half-made matrix, judged by the schema like any other mistake.
    const hadOptions = (product.data?.options.length ?? 0) > 0;
    const wantsOptions = parsedOptions(variantsDraft.options).length > 0;
    let variants: ProductVariantsInput | undefined;
    if (wantsOptions || hadOptions) {
      const checked = checkedVariants(variantsDraft);
      if (!checked.ok) {
        setVariantsError(checked.message);
        notify.error(checked.message);
        return;
      }
      variants = checked.value;
    }
    setVariantsError(undefined);
    busy.current = true;
    save.mutate(
      { id, form: productFormData(values, defaultImage, subImages, removedUrls, variants) },
      {
        onError: (error) =>
          notify.error(failureText(error, messages.admin.operationFailed, m.failedToSaveProduct)),
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };
  const onInvalid = (invalid: FieldErrors<FormValues>) => {
    if (!isEdit && !defaultImage) setImageError(m.uploadDefaultImage);
    notify.error(firstError(invalid));
  };

  // The form appears once the categories are there too: a select cannot take a value it has no option for.
  if (isEdit && (product.isPending || categories.isPending)) return <Spinner size="section" />;

  const err = (field: keyof FormValues) => errors[field]?.message;

  return (
    <section>
      <AdminHeader
        title={title}
        actions={
          <Link to={href.adminProducts()} className="btn btn-ghost">
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
            {m.backToProducts}
          </Link>
        }
      />
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
        className="card grid grid-cols-1 gap-5 p-5 sm:p-6 md:grid-cols-2"
      >
        {/* The English texts read left to right on an Arabic page too (dir=auto follows what is typed). */}
        <FormField
          id="product-name"
          dir="auto"
          label={`${m.name} *`}
          error={err('name')}
          {...register('name')}
        />
        <FormField
          id="product-name-ar"
          label={m.nameAr}
          dir="rtl"
          lang="ar"
          error={err('nameAr')}
          {...register('nameAr')}
        />
        <FormField
          id="product-price"
          dir="ltr"
          label={`${m.price} *`}
          type="number"
          min={0}
          step={0.01}
          inputMode="decimal"
          error={err('price')}
          {...register('price')}
        />
        <FormField
          id="product-discount"
          dir="ltr"
          label={m.discount}
          type="number"
          min={0}
          max={100}
          step={1}
          inputMode="numeric"
          error={err('discount')}
          {...register('discount')}
        />
        <div>
          <label htmlFor="product-category" className="label">
            {`${m.category} *`}
          </label>
          <select
            id="product-category"
            className="field"
            aria-invalid={err('category') ? true : undefined}
            aria-describedby={err('category') ? 'product-category-error' : undefined}
            {...register('category')}
          >
            <option value="">{m.selectCategory}</option>
            {categories.data?.map((item) => (
              <option key={item._id} value={item._id}>
                {item.name}
              </option>
            ))}
          </select>
          <FieldError id="product-category-error" error={err('category')} />
        </div>
        <FormField
          id="product-stock"
          dir="ltr"
          label={`${m.availableItems} *`}
          type="number"
          min={0}
          step={1}
          inputMode="numeric"
          readOnly={hasVariants}
          hint={
            hasVariants ? format(messages.adminVariants.stockFromVariants, { n: variantStock }) : undefined
          }
          error={err('avaliableItems')}
          {...register('avaliableItems')}
        />
        <TextAreaField
          id="product-description"
          className="md:col-span-2"
          label={m.description}
          dir="auto"
          rows={4}
          error={err('description')}
          {...register('description')}
        />
        <TextAreaField
          id="product-description-ar"
          className="md:col-span-2"
          label={m.descriptionAr}
          dir="rtl"
          lang="ar"
          rows={4}
          error={err('descriptionAr')}
          {...register('descriptionAr')}
        />

        <div className="min-w-0 md:col-span-2">
          <VariantEditor
            draft={variantsDraft}
            onChange={(next) => {
              setVariantsDraft(next);
              setVariantsError(undefined);
            }}
            skuBase={productName ?? ''}
            productPrice={String(price ?? '')}
            error={variantsError}
          />
        </div>

        <div className="flex flex-col gap-3">
          <ImageInput
            id="product-default-image"
            label={m.defaultImage}
            required={!isEdit}
            error={imageError}
            onFiles={([file]) => {
              setDefaultImage(file ?? null);
              setImageError(undefined);
            }}
          />
          <div className="flex flex-wrap gap-2">
            {defaultPreview && defaultImage ? (
              <ImagePreview
                src={defaultPreview}
                alt={m.defaultImagePreview}
                isNew
                onRemove={() => setDefaultImage(null)}
              />
            ) : product.data ? (
              <ImagePreview src={product.data.defaultImage.url} alt={m.defaultImagePreview} />
            ) : null}
          </div>
        </div>

        <div className="flex flex-col gap-3">
          <ImageInput
            id="product-sub-images"
            label={m.additionalImages}
            multiple
            onFiles={(files) =>
              setSubImages((current) =>
                [...current, ...files].slice(0, MAX_SUB_IMAGES - existingSubImages.length),
              )
            }
          />
          {subImageCount > 0 && (
            <ul className="flex flex-wrap gap-2">
              {existingSubImages.map((image, index) => (
                <li key={image.url}>
                  <ImagePreview
                    src={image.url}
                    alt={format(m.additionalImagePreview, { n: index + 1 })}
                    onRemove={() => setRemovedUrls((urls) => [...urls, image.url])}
                  />
                </li>
              ))}
              {subImages.map((file, index) => (
                <li key={subPreviews[index] ?? file.name}>
                  <ImagePreview
                    src={subPreviews[index] ?? ''}
                    alt={format(m.additionalImagePreview, { n: existingSubImages.length + index + 1 })}
                    isNew
                    onRemove={() => setSubImages((current) => current.filter((_, at) => at !== index))}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>

        <FormActions
          cancelTo={href.adminProducts()}
          isEdit={isEdit}
          saving={save.isPending}
          className="md:col-span-2"
        />
      </form>
    </section>
  );
}

const NO_FILES: File[] = [];
