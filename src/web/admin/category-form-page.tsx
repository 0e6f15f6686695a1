import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { messages } from '@/web/admin/messages';
import { CategoryFormSchema } from '@/shared/schemas/category';
import { SizeGuideInputSchema, type SizeGuide } from '@/shared/schemas/variants';
import { FormField, TextAreaField } from '@/web/components/form-field';
import { useDocumentTitle } from '@/web/lib/shop';
import { adminCategoryQuery } from './api/get-category';
import { useSaveCategory } from './api/save-category';
import { AdminHeader, FormActions } from './admin-ui';
import { Spinner } from '@/web/components/spinner';
import { ImageInput, ImagePreview, usePreviewUrls } from './image-picker';
import { SizeGuideEditor } from './size-guide-editor';
import { href } from '@/web/paths';
import { failureText } from '@/web/lib/failure-text';
import { notify } from '@/web/lib/notify';
import { refusalText, translator } from '@/web/i18n/translate';

const m = messages.admin;

type CategoryForm = z.output<typeof CategoryFormSchema>;

/**
 * The size guide field (issue 13): the chart as JSON, checked by the shared schema (its refusal said in
 * the page's language); an empty field removes a chart the category had; left out (no chart before or
 * after) changes nothing.
 */
function sizeGuideField(guide: SizeGuide | null, hadGuide: boolean): { value?: string; error?: string } {
  if (!guide) return hadGuide ? { value: '' } : {};
  const checked = SizeGuideInputSchema.safeParse(guide);
  if (!checked.success) return { error: refusalText(checked.error) };
  return { value: JSON.stringify(checked.data) };
}

/**
 * /dashboard/manage_category/new and …/edit/{id} (SPEC §2, §5): a name, a description for the category's
 * page (issue 35), a picture and a size guide.
 */
export default function CategoryFormPage() {
  const { id } = useParams();
  const isEdit = Boolean(id);
  const title = isEdit ? m.editCategory : m.createCategory;
  useDocumentTitle(title);
  const navigate = useNavigate();

  const category = useQuery({ ...adminCategoryQuery(id ?? ''), enabled: isEdit });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof CategoryFormSchema>, unknown, CategoryForm>({
    defaultValues: { name: '', nameAr: '', description: '', descriptionAr: '' },
    // The shared schema's English messages; the fields say them in the page's language (FormField).
    resolver: zodResolver(CategoryFormSchema),
  });
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [preview] = usePreviewUrls(image ? [image] : NO_FILES);
  const [guide, setGuide] = useState<SizeGuide | null>(null);
  const [guideError, setGuideError] = useState<string>();

  useEffect(() => {
    if (category.isError) {
      notify.error(m.failedToLoadCategory);
      // SPEC §8 sends the admin to /categories after this failure.
      void navigate(href.categories(), { replace: true });
    }
  }, [category.isError, navigate]);

  useEffect(() => {
    if (category.data) {
      reset({
        name: category.data.name,
        nameAr: category.data.nameAr,
        description: category.data.description,
        descriptionAr: category.data.descriptionAr,
      });
      setGuide(category.data.sizeGuide);
    }
  }, [category.data, reset]);

  const save = useSaveCategory({
    onSuccess: () => {
      notify.success(isEdit ? m.categoryUpdated : m.categoryCreated);
      void navigate(href.adminCategories());
    },
  });
  const busy = useRef(false);

  const onValid = ({ name, nameAr, description, descriptionAr }: CategoryForm) => {
    if (busy.current) return;
    if (!isEdit && !image) {
      setImageError(m.uploadCategoryImage);
      notify.error(m.uploadCategoryImage);
      return;
    }
    const sizeGuide = sizeGuideField(guide, Boolean(category.data?.sizeGuide));
    if (sizeGuide.error !== undefined) {
      setGuideError(sizeGuide.error);
      notify.error(sizeGuide.error);
      return;
    }
    const form = new FormData();
    form.append('name', name);
    // Always sent: an emptied Arabic name clears it, and Arabic pages then show the English one.
    form.append('nameAr', nameAr ?? '');
    // Likewise the descriptions (issue 35): emptied, the category page shows none.
    form.append('description', description ?? '');
    form.append('descriptionAr', descriptionAr ?? '');
    // SPEC §7 names the file field "category".
    if (image) form.append('category', image);
    if (sizeGuide.value !== undefined) form.append('sizeGuide', sizeGuide.value);
    busy.current = true;
    save.mutate(
      { id, form },
      {
        onError: (error) =>
          notify.error(failureText(error, messages.admin.operationFailed, m.failedToSaveCategory)),
        onSettled: () => {
          busy.current = false;
        },
      },
    );
  };

  if (isEdit && category.isPending) return <Spinner size="section" />;

  return (
    <section className="max-w-2xl">
      <AdminHeader
        title={title}
        actions={
          <Link to={href.adminCategories()} className="btn btn-ghost">
            <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden="true" />
            {m.backToCategories}
          </Link>
        }
      />
      <form
        noValidate
        className="card flex flex-col gap-5 p-5 sm:p-6"
        onSubmit={(event) =>
          void handleSubmit(onValid, (invalid) => {
            if (!isEdit && !image) setImageError(m.uploadCategoryImage);
            const message =
              invalid.name?.message ??
              invalid.nameAr?.message ??
              invalid.description?.message ??
              invalid.descriptionAr?.message;
            notify.error(message ? translator.text(message) : m.enterCategoryName);
          })(event)
        }
      >
        <FormField
          id="category-name"
          dir="auto"
          label={`${m.categoryName} *`}
          error={errors.name?.message}
          {...register('name')}
        />
        <FormField
          id="category-name-ar"
          label={m.categoryNameAr}
          dir="rtl"
          lang="ar"
          error={errors.nameAr?.message}
          {...register('nameAr')}
        />
        <TextAreaField
          id="category-description"
          label={m.categoryDescription}
          dir="auto"
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
        <TextAreaField
          id="category-description-ar"
          label={m.categoryDescriptionAr}
          dir="rtl"
          lang="ar"
          rows={3}
          error={errors.descriptionAr?.message}
          {...register('descriptionAr')}
        />
        <ImageInput
          id="category-image"
          label={m.categoryImage}
          required={!isEdit}
          error={imageError}
          onFiles={([file]) => {
            setImage(file ?? null);
            setImageError(undefined);
          }}
        />
        {preview && image ? (
          <ImagePreview src={preview} alt={m.categoryImagePreview} isNew onRemove={() => setImage(null)} />
        ) : category.data?.image.url ? (
          <ImagePreview src={category.data.image.url} alt={m.categoryImagePreview} />
        ) : null}
        <SizeGuideEditor
          guide={guide}
          onChange={(next) => {
            setGuide(next);
            setGuideError(undefined);
          }}
          error={guideError}
        />
        <FormActions cancelTo={href.adminCategories()} isEdit={isEdit} saving={save.isPending} />
      </form>
    </section>
  );
}

const NO_FILES: File[] = [];
