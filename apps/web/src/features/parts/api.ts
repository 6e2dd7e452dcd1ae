import {
  type EditProductForm,
  HOME_PARTS_COUNT,
  PAGE_SIZE,
  type PartSort,
  type ProductInput,
  type ProductUpdate,
} from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadToImageHost } from '../../lib/api';
import { apiBase, webEnv } from '../../lib/env';

export interface PartsListParams {
  page: number;
  limit: number;
  /** None: a search ranks the closest names first, the catalog shows the newest. */
  sort?: PartSort | undefined;
  q?: string | undefined;
  /** Listed parts that can be ordered now only (the API's `inStock=true`). */
  inStock?: boolean | undefined;
  /** Keyset paging (the `X-Next-Cursor` of the page before): replaces `page`. */
  cursor?: string | undefined;
}

export const partKeys = {
  all: ['parts'] as const,
  list: (params: PartsListParams) => [...partKeys.all, 'list', params] as const,
  detail: (id: string) => [...partKeys.all, 'detail', id] as const,
};

export const partsListQuery = (params: PartsListParams) =>
  queryOptions({
    queryKey: partKeys.list(params),
    queryFn: ({ signal }) => {
      const { cursor, inStock, page, ...rest } = params;
      // With a cursor the page number only labels the page: the API is not asked for it.
      const query = {
        ...rest,
        ...(cursor ? { cursor } : { page }),
        ...(inStock && { inStock: 'true' as const }),
      };
      return api.parts.list({ query, signal });
    },
  });

/**
 * The list /parts shows with nothing in its URL, which the router asks for as soon as the route
 * matches; catalog-params.test.ts checks it is the query the catalog page makes.
 */
export const plainCatalogQuery = () => partsListQuery({ page: 1, limit: PAGE_SIZE.default, inStock: false });

/** "Our Parts" on the home page: the newest three (spec §2). */
export const newestPartsQuery = () => partsListQuery({ page: 1, limit: HOME_PARTS_COUNT, sort: 'newest' });

export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: ({ signal }) => api.parts.get({ params: { id }, signal }),
  });

// Admin: adding, updating and deleting products.

/**
 * Uploads with the image-host protocol of spec §7 (multipart `image` + `key`, answer
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
  description: 'description',
  img: 'image',
};
