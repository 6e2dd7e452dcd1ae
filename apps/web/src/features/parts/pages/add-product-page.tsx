import { productAdminMessages as m, toastMessages } from '@store/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { categoriesQuery, partKeys } from '../../../lib/part-queries';
import { addProduct, uploadImage } from '../api';
import { ProductForm, toProductInput } from '../components/product-form';

/**
 * Add Product: upload the image, then add the product; a toast says whether it was added. The
 * form waits for the category tree: without it a part could only be added outside the catalog.
 */
export default function AddProductPage() {
  const queryClient = useQueryClient();
  const tree = useQuery(categoriesQuery());
  return (
    <div>
      <h2 className="mb-6 text-2xl font-bold">{m.addTitle}</h2>
      {tree.isPending ? (
        <LoadingState label={m.loadingCategories} />
      ) : tree.isError ? (
        <ErrorState message={tree.error.message} onRetry={() => tree.refetch()} />
      ) : (
        <ProductForm
          mode="add"
          tree={tree.data}
          submitLabel={m.addTitle}
          onSubmit={async (values, catalog) => {
            const file = values.image?.[0];
            if (!(file instanceof File)) return;
            const img = await uploadImage(file);
            const { insertedId } = await addProduct(toProductInput(values, img, catalog));
            if (!insertedId) {
              toast.error(toastMessages.productAddFailed);
              return;
            }
            toast.success(toastMessages.productAdded);
            await queryClient.invalidateQueries({ queryKey: partKeys.all });
            // The category's part count.
            void queryClient.invalidateQueries({ queryKey: categoriesQuery().queryKey });
          }}
        />
      )}
    </div>
  );
}
