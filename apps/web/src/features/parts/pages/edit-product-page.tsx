import { productMessages } from '@store/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { partKeys, partQuery, updateProduct, uploadImage } from '../api';
import { ProductForm, toProductInput } from '../components/product-form';

export default function EditProductPage() {
  const { id = '' } = useParams();
  const part = useQuery(partQuery(id));
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (part.isPending) return <LoadingState label="Loading the product…" />;
  if (part.isError) return <ErrorState message={part.error.message} onRetry={() => part.refetch()} />;
  const current = part.data;

  return (
    <div>
      <Link to="/dashboard/manageproducts" className="btn btn-ghost btn-sm mb-2">
        ← Manage Products
      </Link>
      <h2 className="mb-6 text-2xl font-bold">Update {current.name}</h2>
      <ProductForm
        mode="edit"
        submitLabel="Save changes"
        currentImage={current.thumb}
        defaultValues={{
          name: current.name,
          price: current.price,
          available: current.availableQuantity,
          minorder: current.minOrderQuantity,
          description: current.description,
          bulkDiscount: current.bulkDiscount,
        }}
        onSubmit={async (values) => {
          const file = values.image?.[0];
          const img = file instanceof File ? await uploadImage(file) : current.img;
          await updateProduct(current._id, toProductInput(values, img));
          toast.success(productMessages.updated);
          await queryClient.invalidateQueries({ queryKey: partKeys.all });
          navigate('/dashboard/manageproducts');
        }}
      />
    </div>
  );
}
