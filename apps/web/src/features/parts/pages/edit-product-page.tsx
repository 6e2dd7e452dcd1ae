import { type Category, productAdminMessages as m, type Part, productMessages } from '@store/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { TargetAuditTrail } from '../../../components/target-audit-trail';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { auditKeys } from '../../../lib/audit-queries';
import { categoriesQuery, partKeys, partQuery } from '../../../lib/part-queries';
import { updateProduct, uploadImage } from '../api';
import { ProductForm, toProductInput } from '../components/product-form';
import { catalogUpdateOf, specTextsOf } from '../spec-fields';
import { StockMovedError, stockMovedTo, toProductUpdate } from '../stock-edit';

export default function EditProductPage() {
  const { id = '' } = useParams();
  const part = useQuery(partQuery(id));
  // The part's category and values are shown by the tree's attributes: the form waits for both.
  const tree = useQuery(categoriesQuery());

  if (part.isPending || tree.isPending) return <LoadingState label={m.loading} />;
  if (part.isError) return <ErrorState message={part.error.message} onRetry={() => part.refetch()} />;
  if (tree.isError) return <ErrorState message={tree.error.message} onRetry={() => tree.refetch()} />;
  return <EditProduct current={part.data} tree={tree.data} />;
}

/** The form for the part as it was loaded; a refetch of the part does not reset the admin's edits. */
function EditProduct({ current, tree }: { current: Part; tree: Category[] }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The stock this form's save is based on: as loaded, then as a refused save reported it.
  const stockBefore = useRef(current.availableQuantity);

  return (
    <div>
      <Link to="/dashboard/manageproducts" className="btn btn-ghost btn-sm mb-2">
        {m.backToManage}
      </Link>
      <h2 className="mb-6 text-2xl font-bold">{m.updateTitle(current.name)}</h2>
      <ProductForm
        mode="edit"
        tree={tree}
        submitLabel={m.saveChanges}
        currentImage={current.thumb}
        defaultValues={{
          name: current.name,
          price: current.price,
          available: current.availableQuantity,
          minorder: current.minOrderQuantity,
          sku: current.sku,
          pack: current.orderMultiple,
          description: current.description,
          bulkDiscount: current.bulkDiscount,
          category: current.category ?? '',
          brand: current.brand ?? '',
          attributes: specTextsOf(current.attributes),
        }}
        onSubmit={async (values, catalog) => {
          const file = values.image?.[0];
          const img = file instanceof File ? await uploadImage(file) : current.img;
          const before = stockBefore.current;
          try {
            await updateProduct(
              current._id,
              toProductUpdate(toProductInput(values, img, catalogUpdateOf(current, catalog)), before),
            );
          } catch (error) {
            const moved = stockMovedTo(error);
            if (moved === undefined) throw error;
            stockBefore.current = moved;
            throw new StockMovedError(before, moved);
          }
          toast.success(productMessages.updated);
          await queryClient.invalidateQueries({ queryKey: partKeys.all });
          void queryClient.invalidateQueries({ queryKey: auditKeys.all });
          // A part moved between categories changes their part counts.
          void queryClient.invalidateQueries({ queryKey: categoriesQuery().queryKey });
          navigate('/dashboard/manageproducts');
        }}
      />
      {/* Who changed this part, and what it was before. */}
      <TargetAuditTrail type="part" id={current._id} />
    </div>
  );
}
