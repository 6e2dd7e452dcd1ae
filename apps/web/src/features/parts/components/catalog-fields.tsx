import {
  type AttributeDefinition,
  type Category,
  type EditProductForm,
  type Facets,
  productAdminMessages as m,
} from '@store/shared';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Field, FieldFrame } from '../../../components/ui/field';
import { catalogValuesQuery } from '../api';

/** The values of a text facet (brand, or a text attribute) the catalog's parts hold. */
const valuesOf = (facets: Facets | undefined, key: string): string[] => {
  const facet = facets?.facets.find((f) => f.key === key);
  return facet && facet.type === 'enum' ? facet.values.map((v) => v.value) : [];
};

/** A label, a control given its ids, and the error said next to it (`FieldFrame`, as `Field` has it). */
function Control({
  label,
  error,
  children,
}: {
  label: string;
  error?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  return (
    <FieldFrame
      label={label}
      error={error}
      control={({ id, errorId }) => children({ id, describedBy: error ? errorId : undefined })}
    />
  );
}

/** Suggestions for a text field: what the catalog already holds. */
function Suggestions({ id, values }: { id: string; values: string[] }) {
  return (
    <datalist id={id}>
      {values.map((value) => (
        <option key={value} value={value} />
      ))}
    </datalist>
  );
}

/**
 * Where the part sits and what it is: its category, its brand, and a field for each attribute the
 * category defines (its ancestors' first), typed as defined: a number (its unit in the label),
 * yes/no, or a text value with those the category's parts already hold offered.
 */
export function CatalogFields({
  tree,
  category,
  definitions,
  register,
  errors,
  onCategoryChange,
}: {
  tree: Category[];
  /** The chosen category's slug ('' for none). */
  category: string;
  definitions: AttributeDefinition[];
  register: UseFormRegister<EditProductForm>;
  errors: FieldErrors<EditProductForm>;
  onCategoryChange: () => void;
}) {
  const id = useId();
  const known = useQuery(catalogValuesQuery(category)).data;
  const name = tree.find((c) => c.slug === category)?.name;
  const attributeError = (key: string) => errors.attributes?.[key]?.message;
  // The API's word about the values together (none may be given without a category).
  const allValuesError = errors.attributes?.message;
  return (
    <>
      <Control label={m.category} error={errors.category?.message}>
        {({ id: controlId, describedBy }) => (
          <select
            id={controlId}
            className={`select w-full ${errors.category ? 'select-error' : ''}`}
            aria-invalid={Boolean(errors.category)}
            aria-describedby={describedBy}
            {...register('category', { onChange: onCategoryChange })}
          >
            <option value="">{m.noCategory}</option>
            {tree.map((c) => (
              <option key={c.slug} value={c.slug}>
                {`${'— '.repeat(c.depth)}${c.name}`}
              </option>
            ))}
          </select>
        )}
      </Control>
      <Field
        label={m.brand}
        autoComplete="off"
        maxLength={60}
        list={`${id}-brands`}
        error={errors.brand?.message}
        {...register('brand')}
      >
        <Suggestions id={`${id}-brands`} values={valuesOf(known, 'brand')} />
      </Field>
      {name && (
        <fieldset className="grid gap-4 rounded-box border border-base-300 p-3 sm:col-span-2 sm:grid-cols-2">
          <legend className="px-1 font-semibold">{m.specsHeading(name)}</legend>
          <p className="text-sm text-base-content/70 sm:col-span-2">
            {definitions.length > 0 ? m.specsHint : m.noSpecs}
          </p>
          {typeof allValuesError === 'string' && allValuesError && (
            <p role="alert" className="text-sm text-error sm:col-span-2">
              {allValuesError}
            </p>
          )}
          {definitions.map((definition) => (
            <SpecField
              key={`${category}.${definition.key}`}
              definition={definition}
              error={attributeError(definition.key)}
              suggestions={valuesOf(known, definition.key)}
              register={register}
            />
          ))}
        </fieldset>
      )}
    </>
  );
}

/** One attribute's field, as its type asks. */
function SpecField({
  definition,
  error,
  suggestions,
  register,
}: {
  definition: AttributeDefinition;
  error: string | undefined;
  suggestions: string[];
  register: UseFormRegister<EditProductForm>;
}) {
  const listId = useId();
  const field = register(`attributes.${definition.key}`);
  if (definition.type === 'boolean') {
    return (
      <Control label={definition.label} error={error}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className={`select w-full ${error ? 'select-error' : ''}`}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            {...field}
          >
            <option value="">{m.specNotGiven}</option>
            <option value="true">{m.specYes}</option>
            <option value="false">{m.specNo}</option>
          </select>
        )}
      </Control>
    );
  }
  if (definition.type === 'number') {
    // Text, not type=number: what was typed stays as typed, so a wrong value can be explained.
    return (
      <Field
        label={m.specField(definition.label, definition.unit)}
        inputMode="decimal"
        autoComplete="off"
        error={error}
        {...field}
      />
    );
  }
  return (
    <Field
      label={m.specField(definition.label, definition.unit)}
      autoComplete="off"
      maxLength={60}
      list={listId}
      error={error}
      {...field}
    >
      <Suggestions id={listId} values={suggestions} />
    </Field>
  );
}
