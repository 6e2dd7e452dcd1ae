import {
  ATTRIBUTE_TYPES,
  type AttributeDefinition,
  type Category,
  type CategoryInput,
  categoryAdminMessages as m,
} from '@store/shared';
import { type FormEvent, useId, useState } from 'react';
import { Field } from '../../../components/ui/field';

const blankAttribute = (): AttributeDefinition => ({ key: '', label: '', type: 'enum' });

/** The form's start: the category being edited, or an empty one. */
export const formOf = (category?: Category): CategoryInput => ({
  slug: category?.slug ?? '',
  name: category?.name ?? '',
  parent: category?.parent ?? null,
  position: category?.position ?? 0,
  attributes: category?.attributes ?? [],
});

/**
 * A category's fields and its attribute definitions (key, label, type, unit, whether parts must
 * match on it). The API checks them all; its messages are shown by field (`fields`).
 */
export function CategoryForm({
  initial,
  categories,
  editing,
  busy,
  fields,
  onSubmit,
  onCancel,
}: {
  initial: CategoryInput;
  categories: Category[];
  /** The slug being edited (it and its subtree are no parent for it); none when adding. */
  editing?: string | undefined;
  busy: boolean;
  fields: Record<string, string>;
  onSubmit: (input: CategoryInput) => void;
  onCancel?: (() => void) | undefined;
}) {
  const [input, setInput] = useState(initial);
  const headingId = useId();
  const set = (patch: Partial<CategoryInput>) => setInput((was) => ({ ...was, ...patch }));
  const setAttribute = (index: number, patch: Partial<AttributeDefinition>) =>
    set({ attributes: input.attributes.map((a, i) => (i === index ? { ...a, ...patch } : a)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({
      ...input,
      attributes: input.attributes.map(({ unit, compatibility, ...attribute }) => ({
        ...attribute,
        ...(unit?.trim() && { unit: unit.trim() }),
        ...(compatibility && { compatibility }),
      })),
    });
  };

  return (
    <form onSubmit={submit} aria-labelledby={headingId} className="flex flex-col gap-3" noValidate>
      <h3 id={headingId} className="text-lg font-semibold">
        {editing ? m.editHeading(initial.name) : m.addHeading}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={m.name}
          value={input.name}
          error={fields.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <Field
          label={m.slug}
          value={input.slug}
          error={fields.slug}
          onChange={(e) => set({ slug: e.target.value })}
          autoCapitalize="none"
        >
          <p className="text-xs text-base-content/70">{m.slugHint}</p>
        </Field>
        <label className="flex flex-col gap-1">
          <span className="font-medium">{m.parent}</span>
          <select
            className="select w-full"
            value={input.parent ?? ''}
            onChange={(e) => set({ parent: e.target.value || null })}
            aria-invalid={Boolean(fields.parent)}
          >
            <option value="">{m.noParent}</option>
            {categories
              .filter((category) => category.slug !== editing)
              .map((category) => (
                <option key={category.slug} value={category.slug}>
                  {`${'— '.repeat(category.depth)}${category.name}`}
                </option>
              ))}
          </select>
          {fields.parent && <span className="text-sm text-error">{fields.parent}</span>}
        </label>
        <Field
          label={m.position}
          type="number"
          inputMode="numeric"
          min={0}
          value={String(input.position)}
          error={fields.position}
          onChange={(e) => set({ position: Number(e.target.value) })}
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="font-semibold">{m.attributesHeading}</legend>
        {fields.attributes && <p className="text-sm text-error">{fields.attributes}</p>}
        {input.attributes.map((attribute, index) => {
          const n = index + 1;
          const error = (field: string) => fields[`attributes.${index}.${field}`];
          return (
            <fieldset
              key={index}
              className="grid gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-6"
            >
              <legend className="px-1 text-sm">{m.attributeRow(n)}</legend>
              <Field
                label={m.attributeKey}
                value={attribute.key}
                error={error('key')}
                onChange={(e) => setAttribute(index, { key: e.target.value })}
                autoCapitalize="none"
              />
              <Field
                label={m.attributeLabel}
                value={attribute.label}
                error={error('label')}
                onChange={(e) => setAttribute(index, { label: e.target.value })}
              />
              <label className="flex flex-col gap-1">
                <span className="font-medium">{m.attributeType}</span>
                <select
                  className="select w-full"
                  value={attribute.type}
                  onChange={(e) =>
                    setAttribute(index, { type: ATTRIBUTE_TYPES.find((t) => t === e.target.value) ?? 'enum' })
                  }
                >
                  {ATTRIBUTE_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {m.typeNames[type]}
                    </option>
                  ))}
                </select>
              </label>
              <Field
                label={m.attributeUnit}
                value={attribute.unit ?? ''}
                error={error('unit')}
                onChange={(e) => setAttribute(index, { unit: e.target.value })}
              />
              <label className="flex items-center gap-2 self-end pb-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-sm"
                  checked={attribute.compatibility ?? false}
                  onChange={(e) => setAttribute(index, { compatibility: e.target.checked })}
                />
                <span className="text-sm">{m.attributeCompatibility}</span>
              </label>
              <button
                type="button"
                className="btn btn-ghost btn-sm self-end"
                onClick={() => set({ attributes: input.attributes.filter((_, i) => i !== index) })}
              >
                {m.removeAttribute(n)}
              </button>
            </fieldset>
          );
        })}
        <div>
          <button
            type="button"
            className="btn btn-outline btn-sm"
            onClick={() => set({ attributes: [...input.attributes, blankAttribute()] })}
          >
            {m.addAttribute}
          </button>
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
          {busy ? m.saving : editing ? m.save : m.add}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {m.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
