import { type Category, browseMessages as m, type Part, partMessages } from '@store/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, LoadingState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { categoriesQuery, partQuery } from '../../../lib/part-queries';
import { definitionsOf, valueText as specValueText } from '../../../lib/spec-values';
import { compareUrl, MAX_COMPARED, setCompared } from '../compare-list';

/** The ids the URL names: at most four, each once. */
const idsOf = (text: string | null) =>
  [...new Set((text ?? '').split(',').map((id) => id.trim()))].filter(Boolean).slice(0, MAX_COMPARED);

interface Row {
  label: string;
  values: string[];
}

/** The rows of the table: price, stock, brand, category, then every attribute any part has. */
function rowsOf(parts: Part[], tree: Category[] | undefined): Row[] {
  const dash = '—';
  const rows: Row[] = [
    { label: m.comparePrice, values: parts.map((part) => formatPrice(part.price)) },
    { label: m.compareStock, values: parts.map((part) => formatQuantity(part.availableQuantity)) },
    { label: partMessages.specBrand, values: parts.map((part) => part.brand ?? dash) },
    {
      label: partMessages.specCategory,
      values: parts.map((part) => tree?.find((c) => c.slug === part.category)?.name ?? part.category ?? dash),
    },
  ];
  const seen = new Set<string>();
  for (const part of parts) {
    const definitions = part.category && tree ? definitionsOf(tree, part.category) : [];
    const keys = [
      ...definitions.map((d) => ({ key: d.key, label: d.label, unit: d.unit })),
      ...Object.keys(part.attributes).map((key) => ({ key, label: key, unit: undefined })),
    ];
    for (const { key, label, unit } of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      rows.push({
        label,
        values: parts.map((other) => {
          const value = other.attributes[key];
          return value === undefined ? dash : specValueText(value, unit);
        }),
      });
    }
  }
  return rows;
}

/** Up to four parts side by side: every specification, the rows that differ marked. */
export default function ComparePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ids = idsOf(params.get('ids'));
  const tree = useQuery(categoriesQuery());
  const answers = useQueries({ queries: ids.map((id) => partQuery(id)) });
  const parts = answers.flatMap((answer) => (answer.data ? [answer.data] : []));
  const loading = answers.some((answer) => answer.isPending);

  const remove = (id: string) => {
    setCompared(id, false);
    const rest = ids.filter((other) => other !== id);
    navigate(rest.length ? compareUrl(rest) : '/compare', { replace: true });
  };

  return (
    <div className="mx-auto max-w-7xl px-6 py-12">
      <h1 className="text-4xl font-bold">{m.compareTitle}</h1>
      {loading ? (
        <LoadingState label={m.compareTitle} />
      ) : parts.length === 0 ? (
        <div className="mt-8">
          <EmptyState>{m.compareEmpty}</EmptyState>
        </div>
      ) : (
        // From `sm` a table of fixed columns; on a phone (styles.css, `.table-stacked`) each row
        // is a card: its label and Differs on a line, then each part's value after the part's
        // name (`data-label`), every word whole. The head is then read, not shown, so the parts'
        // links and Remove buttons are listed above the cards instead.
        <div className="mt-8" data-testid="compare">
          <ul className="mb-4 flex flex-col gap-2 sm:hidden" aria-label={m.compareParts}>
            {parts.map((part) => (
              <li key={part._id} className="flex items-start justify-between gap-2">
                <Link to={`/parts/${encodeURIComponent(part._id)}`} className="link link-hover font-semibold">
                  {part.name}
                </Link>
                <RemoveButton name={part.name} onRemove={() => remove(part._id)} />
              </li>
            ))}
          </ul>
          <table className="table table-xs table-stacked w-full sm:table-fixed sm:wrap-anywhere sm:table-md">
            <caption className="text-left text-sm text-base-content/70 max-sm:block">
              {m.compareCaption}
            </caption>
            <thead>
              <tr>
                <td />
                {parts.map((part) => (
                  <th key={part._id} scope="col" className="whitespace-normal align-top">
                    <span className="sm:hidden">{part.name}</span>
                    <span className="max-sm:hidden">
                      <Link to={`/parts/${encodeURIComponent(part._id)}`} className="link link-hover">
                        {part.name}
                      </Link>
                      <RemoveButton name={part.name} onRemove={() => remove(part._id)} />
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rowsOf(parts, tree.data).map((row) => {
                const differs = parts.length > 1 && new Set(row.values).size > 1;
                return (
                  <tr
                    key={row.label}
                    className={differs ? 'bg-warning/20' : undefined}
                    data-differs={differs}
                  >
                    <th scope="row" className="font-semibold sm:font-normal">
                      <span>{row.label}</span>
                      {differs && (
                        // Its own line under the label in a column; beside it on a phone's card.
                        <span className="badge badge-warning badge-sm sm:mt-1 sm:flex sm:w-fit">
                          {m.compareDiffers}
                        </span>
                      )}
                    </th>
                    {row.values.map((value, index) => (
                      <td
                        key={parts[index]?._id}
                        data-label={parts[index]?.name}
                        className={differs ? 'font-semibold' : undefined}
                      >
                        {value}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function RemoveButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs mt-1 block"
      aria-label={m.compareRemove(name)}
      onClick={onRemove}
    >
      {m.removeMark}
    </button>
  );
}
