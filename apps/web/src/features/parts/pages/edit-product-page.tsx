import { productAdminMessages as m, type Part, productMessages } from '@store/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { auditKeys, TargetAuditTrail } from '../../audit';
import { partKeys, partQuery, updateProduct, uploadImage } from '../api';
import { ProductForm, toProductInput } from '../components/product-form';
import { StockMovedError, stockMovedTo, toProductUpdate } from '../stock-edit';

export default function EditProductPage() {
  const { id = '' } = useParams();
  const part = useQuery(partQuery(id));

  if (part.isPending) return <LoadingState label={m.loading} />;
  if (part.isError) return <ErrorState message={part.error.message} onRetry={() => part.refetch()} />;
  return <EditProduct current={part.data} />;
}

/** The form for the part as it was loaded; a refetch of the part does not reset the admin's edits. */
function EditProduct({ current }: { current: Part }) {
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
        }}
        onSubmit={async (values) => {
          const file = values.image?.[0];
          const img = file instanceof File ? await uploadImage(file) : current.img;
          const before = stockBefore.current;
          try {
            await updateProduct(current._id, toProductUpdate(toProductInput(values, img), before));
          } catch (error) {
            const moved = stockMovedTo(error);
            if (moved === undefined) throw error;
            stockBefore.current = moved;
            throw new StockMovedError(before, moved);
          }
          toast.success(productMessages.updated);
          await queryClient.invalidateQueries({ queryKey: partKeys.all });
          void queryClient.invalidateQueries({ queryKey: auditKeys.all });
          navigate('/dashboard/manageproducts');
        }}
      />
      {/* Who changed this part, and what it was before (issue 24). */}
      <TargetAuditTrail type="part" id={current._id} />
    </div>
  );
}
