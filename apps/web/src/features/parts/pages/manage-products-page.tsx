import {
  confirmMessages,
  productAdminMessages as m,
  partMessages,
  productMessages,
  uiMessages,
} from '@store/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { StockBadge } from '../../../components/stock-badge';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { ListStates } from '../../../components/ui/list-states';
import { PagedTable, pageParam } from '../../../components/ui/paged-table';
import { SearchBox } from '../../../components/ui/search-box';
import { EmptyState } from '../../../components/ui/states';
import { formatPrice, formatQuantity } from '../../../lib/format';
import { partKeys, partsListQuery } from '../../../lib/part-queries';
import { deleteProduct } from '../api';

const PAGE_SIZE = 20;

/** Manage Products: number, avatar, name, unit price, stock, Update, Delete; search by name. */
export default function ManageProductsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const q = params.get('q')?.trim() ?? '';
  const products = useQuery({
    ...partsListQuery({ page, limit: PAGE_SIZE, sort: 'newest', q: q || undefined }),
    placeholderData: keepPreviousData,
  });
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirm();
  const remove = useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => {
      toast.success(productMessages.deleted);
      void queryClient.invalidateQueries({ queryKey: partKeys.all });
    },
    onError: (error) => toast.error(error.message),
  });

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 className="text-2xl font-bold">{m.manageTitle}</h2>
        <Link to="/dashboard/addproduct" className="btn btn-primary btn-sm">
          {m.addTitle}
        </Link>
      </div>
      <SearchBox
        label={m.searchLabel}
        placeholder={m.searchLabel}
        value={q}
        maxLength={100}
        small
        className="mt-4 block w-full sm:max-w-md"
        onSearch={(term) => setParams(term ? { q: term } : {})}
      />
      <ListStates
        query={products}
        loadingLabel={m.loadingList}
        empty={
          <div className="mt-6">
            <EmptyState>{q ? productMessages.noMatch(q) : productMessages.none}</EmptyState>
          </div>
        }
      >
        {(list) => (
          <PagedTable
            label={m.pages}
            page={page}
            total={list.total}
            limit={PAGE_SIZE}
            onPage={(next) => setParams({ ...(q && { q }), page: String(next) })}
          >
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">
                  <span className="sr-only">{m.image}</span>
                </th>
                <th scope="col">{m.name}</th>
                <th scope="col" className="text-right">
                  {m.perUnit}
                </th>
                <th scope="col">{m.stock}</th>
                <th scope="col">
                  <span className="sr-only">{uiMessages.actions}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((part, i) => (
                <tr key={part._id} data-testid="product-row">
                  <th scope="row">{(page - 1) * PAGE_SIZE + i + 1}</th>
                  <td>
                    <img
                      src={part.thumb}
                      alt=""
                      width={48}
                      height={36}
                      loading="lazy"
                      className="h-9 w-12 rounded bg-base-200 object-contain"
                    />
                  </td>
                  <td>
                    {part.name}
                    {/* Under the name, not a column of its own: the stock keeps its one line on a phone. */}
                    <span className="block break-all text-xs text-base-content/70" data-testid="product-sku">
                      {partMessages.sku(part.sku)}
                    </span>
                  </td>
                  <td className="text-right">{formatPrice(part.price)}</td>
                  <td data-testid="product-stock">
                    {/* One line, so that every row is as tall as the next. */}
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <span className="tabular-nums">{formatQuantity(part.availableQuantity)}</span>
                      <StockBadge stock={part.stock} />
                    </span>
                  </td>
                  <td>
                    <div className="flex justify-end gap-2">
                      <Link to={`/dashboard/manageproducts/${part._id}`} className="btn btn-primary btn-xs">
                        {uiMessages.update}
                        <span className="sr-only"> {part.name}</span>
                      </Link>
                      <button
                        type="button"
                        className="btn btn-error btn-outline btn-xs"
                        disabled={remove.isPending}
                        onClick={async () => {
                          if (await confirm(confirmMessages.deleteProduct, uiMessages.delete))
                            remove.mutate(part._id);
                        }}
                      >
                        {uiMessages.delete}
                        <span className="sr-only"> {part.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </PagedTable>
        )}
      </ListStates>
      {dialog}
    </div>
  );
}
