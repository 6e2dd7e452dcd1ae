import { zodResolver } from '@hookform/resolvers/zod';
import {
  addProductFormSchema,
  type Category,
  type EditProductForm,
  editProductFormSchema,
  productAdminMessages as m,
  uiMessages,
} from '@store/shared';
import { useId } from 'react';
import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, TextAreaField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { storeSettings } from '../../../lib/store-settings';
import { formFieldOf } from '../api';
import {
  type CatalogInput,
  catalogInputOf,
  specDefinitionsOf,
  specFieldOf,
  specProblems,
} from '../spec-fields';
import { StockMovedError, stockFieldAfter } from '../stock-edit';
import { CatalogFields } from './catalog-fields';
import { ChosenImage } from './chosen-image';

/**
 * Both modes hold the edit form's fields and yield its values: the add form's (an image surely
 * chosen) are a narrower case of them.
 */
type ProductFormFields = EditProductForm;
export type ProductFormValues = z.output<typeof editProductFormSchema>;

/**
 * The form's schema, then the chosen category's rules for the values (the API's own): every
 * problem is shown at once, whichever the schema found first.
 */
function productResolver(
  mode: 'add' | 'edit',
  tree: Category[],
): Resolver<ProductFormFields, unknown, ProductFormValues> {
  const bySchema = zodResolver<ProductFormFields, unknown, ProductFormValues>(
    mode === 'add' ? addProductFormSchema : editProductFormSchema,
  );
  return async (values, context, options) => {
    const result = await bySchema(values, context, options);
    const problems = specProblems(specDefinitionsOf(tree, values.category ?? ''), values.attributes ?? {});
    if (Object.keys(problems).length === 0) return result;
    const attributes: NonNullable<FieldErrors<ProductFormFields>['attributes']> = {};
    for (const [key, message] of Object.entries(problems)) attributes[key] = { type: 'attribute', message };
    const errors: FieldErrors<ProductFormFields> = { ...result.errors, attributes };
    return { values: {}, errors };
  };
}

/**
 * The product form (name, price, available, minorder, description, image) with the
 * bulk-discount flag, the SKU and the pack size, and where the part sits in the
 * catalog: its category, brand and the category's specifications. Adding requires an image;
 * updating keeps the current one unless replaced.
 */
export function ProductForm({
  mode,
  tree,
  defaultValues,
  currentImage,
  submitLabel,
  onSubmit,
}: {
  mode: 'add' | 'edit';
  /** The category tree: the choices, and the attributes each category's parts have. */
  tree: Category[];
  defaultValues?: Partial<Omit<ProductFormFields, 'image'>>;
  currentImage?: string;
  submitLabel: string;
  onSubmit: (values: ProductFormValues, catalog: CatalogInput) => Promise<void>;
}) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    getValues,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProductFormFields, unknown, ProductFormValues>({
    resolver: productResolver(mode, tree),
    // A new part is sold by the unit until the admin says otherwise.
    defaultValues: {
      bulkDiscount: false,
      pack: 1,
      category: '',
      brand: '',
      attributes: {},
      ...defaultValues,
    },
  });
  const category = watch('category') ?? '';
  const definitions = specDefinitionsOf(tree, category);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values, catalogInputOf(tree, values));
      if (mode === 'add') reset();
    } catch (error) {
      if (error instanceof StockMovedError) {
        // Every other edit stays as typed, so the admin can check the stock and save again.
        setValue('available', stockFieldAfter(getValues('available'), error));
        setError('available', { message: error.message }, { shouldFocus: true });
      } else if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          setError(specFieldOf(field, definitions) ?? formFieldOf[field] ?? 'root', { message });
        }
      } else {
        setError('root', { message: error instanceof Error ? error.message : String(error) });
      }
    }
  });

  const number = { valueAsNumber: true } as const;
  const chosen = watch('image')?.[0];
  // A new file is a new try: what was said of the last one (the image host's 'not an image we
  // can read', shown as the form's error) no longer holds.
  const onImageChosen = () => {
    clearErrors('image');
    clearErrors('root');
  };
  return (
    <form onSubmit={submit} noValidate className="grid max-w-2xl gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Field label={m.name} error={errors.name?.message} {...register('name')} />
      </div>
      <Field
        label={m.sku}
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        error={errors.sku?.message}
        {...register('sku')}
      />
      <Field
        label={m.pack}
        type="number"
        step="1"
        min="1"
        inputMode="numeric"
        error={errors.pack?.message}
        {...register('pack', number)}
      />
      <Field
        label={m.price(storeSettings().money.symbol)}
        type="number"
        step="0.01"
        min="0.01"
        inputMode="decimal"
        error={errors.price?.message}
        {...register('price', number)}
      />
      <Field
        label={m.available}
        type="number"
        step="1"
        min="0"
        inputMode="numeric"
        error={errors.available?.message}
        {...register('available', number)}
      />
      <Field
        label={m.minOrder}
        type="number"
        step="1"
        min="1"
        inputMode="numeric"
        error={errors.minorder?.message}
        {...register('minorder', number)}
      />
      <label className="flex items-center gap-3 self-end pb-2 text-sm">
        <input type="checkbox" className="checkbox checkbox-primary" {...register('bulkDiscount')} />
        {m.bulkDiscount}
      </label>
      <CatalogFields
        tree={tree}
        category={category}
        definitions={definitions}
        register={register}
        errors={errors}
        // What was said of the last category's values no longer holds.
        onCategoryChange={() => clearErrors('attributes')}
      />
      <div className="sm:col-span-2">
        <TextAreaField
          label={m.description}
          rows={5}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <div className="sm:col-span-2">
        {currentImage && (
          <img
            src={currentImage}
            alt={m.currentImage}
            width={160}
            height={120}
            className="mb-2 h-auto w-40 rounded-box bg-base-200 object-contain"
          />
        )}
        <label htmlFor={`${id}-image`} className="label mb-1 text-sm font-medium text-base-content">
          {mode === 'add' ? m.image : m.replaceImage}
        </label>
        <input
          id={`${id}-image`}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          className={`file-input w-full ${errors.image ? 'file-input-error' : ''}`}
          aria-invalid={Boolean(errors.image)}
          aria-describedby={errors.image ? `${id}-image-error` : undefined}
          {...register('image', { onChange: onImageChosen })}
        />
        <ChosenImage file={chosen instanceof File ? chosen : undefined} />
        {errors.image && (
          <p id={`${id}-image-error`} role="alert" className="mt-1 text-sm text-error">
            {String(errors.image.message)}
          </p>
        )}
      </div>
      {errors.root && (
        <p role="alert" className="text-sm text-error sm:col-span-2">
          {errors.root.message}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary sm:col-span-2 sm:justify-self-start"
        disabled={isSubmitting}
      >
        {isSubmitting ? uiMessages.saving : submitLabel}
      </button>
    </form>
  );
}

/**
 * Form values to the API's product input; `img` is the uploaded (or kept) image URL, `catalog`
 * the category, brand and values the form's texts stand for.
 */
export const toProductInput = (values: ProductFormValues, img: string, catalog: Partial<CatalogInput>) => ({
  ...catalog,
  name: values.name,
  img,
  price: values.price,
  availableQuantity: values.available,
  minOrderQuantity: values.minorder,
  sku: values.sku,
  orderMultiple: values.pack,
  description: values.description,
  bulkDiscount: values.bulkDiscount,
});
