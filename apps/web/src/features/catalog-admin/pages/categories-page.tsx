import { type Category, type CategoryInput, categoryAdminMessages as m } from '@store/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api-client';
import { categoriesQuery } from '../../../lib/part-queries';
import { addCategory, removeCategory, updateCategory } from '../api';
import { CategoryForm, formOf } from '../components/category-form';

/** The API's per-field messages of a refused save; a 409's message is said for the whole form. */
const fieldsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError && error.status === 400 ? (error.fields ?? {}) : {};

/**
 * Categories (admin): the tree, each category with its parts and attributes,
 * and a form to add one or edit one. A delete the API refuses (409: parts or subcategories
 * remain) is said in an alert with the API's words.
 */
export default function CategoriesPage() {
  const categories = useQuery(categoriesQuery());
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const [editing, setEditing] = useState<Category>();
  const [refusal, setRefusal] = useState<string>();
  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: ['categories'] });
    void queryClient.invalidateQueries({ queryKey: ['parts'] });
  };

  const save = useMutation({
    mutationFn: (input: CategoryInput) =>
      editing ? updateCategory(editing.slug, input) : addCategory(input),
    onSuccess: (_, input) => {
      toast.success(m.saved(input.name));
      setEditing(undefined);
      changed();
    },
  });
  const remove = useMutation({
    mutationFn: (category: Category) => removeCategory(category.slug),
    onSuccess: (_, category) => {
      toast.success(m.deleted(category.name));
      changed();
    },
    onError: (error) => setRefusal(error.message),
  });

  const askRemove = async (category: Category) => {
    setRefusal(undefined);
    if (await confirm(m.confirmDelete(category.name), m.delete)) remove.mutate(category);
  };
  const startEdit = (category?: Category) => {
    save.reset();
    setRefusal(undefined);
    setEditing(category);
  };
  const saveError = save.error && !(save.error instanceof ApiError && save.error.status === 400);

  return (
    <div>
      <h2 className="text-2xl font-bold">{m.pageTitle}</h2>
      <p className="mt-2 max-w-3xl text-sm text-base-content/70">{m.pageIntro}</p>
      {refusal && (
        <p
          role="alert"
          className="alert alert-error alert-soft mt-4 max-w-3xl"
          data-testid="category-refusal"
        >
          {refusal}
        </p>
      )}

      <div className="mt-6">
        {categories.isPending && <LoadingState label={m.loading} />}
        {categories.isError && <ErrorState onRetry={() => void categories.refetch()} />}
        {categories.isSuccess && categories.data.length === 0 && <EmptyState>{m.empty}</EmptyState>}
        {categories.isSuccess && categories.data.length > 0 && (
          <div className="overflow-x-auto">
            <table className="table table-sm table-stacked">
              <caption className="sr-only">{m.tableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{m.columnName}</th>
                  <th scope="col">{m.columnSlug}</th>
                  <th scope="col">{m.columnParts}</th>
                  <th scope="col">{m.columnAttributes}</th>
                  <th scope="col">{m.columnActions}</th>
                </tr>
              </thead>
              <tbody>
                {categories.data.map((category) => (
                  <tr key={category.slug} data-testid="category-row">
                    <th
                      scope="row"
                      data-label={m.columnName}
                      style={{ paddingInlineStart: `${0.75 + category.depth * 1.25}rem` }}
                    >
                      <span>{category.name}</span>
                    </th>
                    <td className="font-mono" data-label={m.columnSlug}>
                      <span>{category.slug}</span>
                    </td>
                    <td data-label={m.columnParts}>
                      <span>{category.partCount}</span>
                    </td>
                    <td className="sm:min-w-40" data-label={m.columnAttributes}>
                      <span>{category.attributes.map((a) => a.label).join(', ')}</span>
                    </td>
                    <td data-label={m.columnActions}>
                      <div className="flex flex-wrap gap-1">
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs"
                          aria-label={m.editNamed(category.name)}
                          onClick={() => startEdit(category)}
                        >
                          {m.edit}
                        </button>
                        <button
                          type="button"
                          className="btn btn-ghost btn-xs text-error"
                          aria-label={m.deleteNamed(category.name)}
                          disabled={remove.isPending}
                          onClick={() => void askRemove(category)}
                        >
                          {m.delete}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <section className="mt-8 max-w-4xl rounded-box bg-base-200 p-4">
        {saveError && (
          <p role="alert" className="alert alert-error alert-soft mb-3">
            {save.error.message}
          </p>
        )}
        <CategoryForm
          // A new form for each category edited (its own starting values).
          key={editing?.slug ?? 'new'}
          initial={formOf(editing)}
          categories={categories.data ?? []}
          editing={editing?.slug}
          busy={save.isPending}
          fields={fieldsOf(save.error)}
          onSubmit={(input) => save.mutate(input)}
          onCancel={editing ? () => startEdit(undefined) : undefined}
        />
      </section>
      {dialog}
    </div>
  );
}
