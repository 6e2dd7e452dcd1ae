import type { EditProductForm, ProductInput, ProductUpdate } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadToImageHost } from '../../lib/api';
import { apiBase, webEnv } from '../../lib/env';
import { partKeys } from '../../lib/part-queries';

/** Admin: adding, updating and deleting products. The queries every page reads are lib/part-queries.ts. */

/**
 * The brands and text values the catalog's parts already hold (of a category, or '' for all):
 * the product form offers them, so that one socket is not written three ways.
 */
export const catalogValuesQuery = (category: string) =>
  queryOptions({
    queryKey: [...partKeys.all, 'values', category] as const,
    queryFn: ({ signal }) => api.parts.facets({ query: category ? { category } : {}, signal }),
    staleTime: 60_000,
  });

/**
 * Uploads with the image-host protocol (multipart `image` + `key`, answer
 * `{ success, data: { url } }`), to our own host by default or to any host that speaks it.
 * Our token goes only to our own host.
 */
export async function uploadImage(file: File): Promise<string> {
  const env = await webEnv();
  // Our own host is a path under the API (the client adds its base); another host is a full URL.
  const external = env.VITE_IMAGE_HOST_URL;
  const form = new FormData();
  form.append('key', env.VITE_IMAGE_HOST_KEY);
  form.append('image', file);
  const ours = !external || external.startsWith(`${await apiBase()}/image`);
  const uploaded = ours ? await api.images.upload({ body: form }) : await uploadToImageHost(external, form);
  return uploaded.data.url;
}

export const addProduct = (input: ProductInput) => api.parts.add({ body: input });

/** A stale stock is refused with 409 (see stock-edit.ts). */
export const updateProduct = (id: string, input: ProductUpdate) =>
  api.parts.update({ params: { id }, body: input });

export const deleteProduct = (id: string) => api.parts.remove({ params: { id } });

/** The API names fields as the Part does; the form as the spec's form does. */
export const formFieldOf: Partial<Record<string, keyof EditProductForm>> = {
  name: 'name',
  price: 'price',
  availableQuantity: 'available',
  minOrderQuantity: 'minorder',
  sku: 'sku',
  orderMultiple: 'pack',
  description: 'description',
  img: 'image',
};
