import { type Category, browseMessages as m, type Part, partMessages } from '@store/shared';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, LoadingState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { categoriesQuery, definitionsOf, partQuery, specValueText } from '../../parts';
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

/** Up to four parts side by side (issue 23): every specification, the rows that differ marked. */
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
        // Fixed columns that wrap their words (daisyUI keeps a table's head on one line): four parts
        // fit a phone without a sideways scroll.
        <div className="mt-8" data-testid="compare">
          <table className="table table-xs w-full table-fixed wrap-anywhere sm:table-md">
            <caption className="text-left text-sm text-base-content/70">{m.compareCaption}</caption>
            <thead>
              <tr>
                <td />
                {parts.map((part) => (
                  <th key={part._id} scope="col" className="whitespace-normal align-top">
                    <Link to={`/parts/${encodeURIComponent(part._id)}`} className="link link-hover">
                      {part.name}
                    </Link>
                    <button
                      type="button"
                      className="btn btn-ghost btn-xs mt-1 block"
                      aria-label={m.compareRemove(part.name)}
                      onClick={() => remove(part._id)}
                    >
                      {m.removeMark}
                    </button>
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
                    <th scope="row" className="font-normal">
                      {row.label}
                      {differs && (
                        <span className="badge badge-warning badge-sm ml-2">{m.compareDiffers}</span>
                      )}
                    </th>
                    {row.values.map((value, index) => (
                      <td key={parts[index]?._id} className={differs ? 'font-semibold' : undefined}>
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
