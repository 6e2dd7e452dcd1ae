import { productAdminMessages as m, toastMessages } from '@store/shared';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { addProduct, partKeys, uploadImage } from '../api';
import { ProductForm, toProductInput } from '../components/product-form';

/** Add Product (spec §3, §8): upload the image, then add the product. */
export default function AddProductPage() {
  const queryClient = useQueryClient();
  return (
    <div>
      <h2 className="mb-6 text-2xl font-bold">{m.addTitle}</h2>
      <ProductForm
        mode="add"
        submitLabel={m.addTitle}
        onSubmit={async (values) => {
          const file = values.image?.[0];
          if (!(file instanceof File)) return;
          const img = await uploadImage(file);
          const { insertedId } = await addProduct(toProductInput(values, img));
          if (!insertedId) {
            toast.error(toastMessages.productAddFailed);
            return;
          }
          toast.success(toastMessages.productAdded);
          await queryClient.invalidateQueries({ queryKey: partKeys.all });
        }}
      />
    </div>
  );
}
