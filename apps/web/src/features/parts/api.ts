import type { EditProductForm, ProductInput, ProductUpdate } from '@store/shared';
import { queryOptions } from '@tanstack/react-query';
import { api, uploadToImageHost } from '../../lib/api';
import { apiBase, webEnv } from '../../lib/env';
import { answers, catalog, newestParts, type PartsList } from '../../lib/first-answers';

/** A page of the catalog's list: its query is keyed by this, and asks what lib/first-answers.ts says. */
export type PartsListParams = PartsList;

export const partKeys = {
  all: ['parts'] as const,
  list: (params: PartsListParams) => [...partKeys.all, 'list', params] as const,
  detail: (id: string) => [...partKeys.all, 'detail', id] as const,
};

export const partsListQuery = (params: PartsListParams) =>
  queryOptions({
    queryKey: partKeys.list(params),
    queryFn: ({ signal }) => api.parts.list({ ...answers.partsList(params).input, signal }),
  });

/**
 * The list /parts shows with nothing in its URL, which the router asks for as soon as the route
 * matches; catalog-params.test.ts checks it is the query the catalog page makes.
 */
export const plainCatalogQuery = () => partsListQuery(catalog(new URLSearchParams()).list);

/** "Our Parts" on the home page (lib/first-answers.ts). */
export const newestPartsQuery = () => partsListQuery(newestParts().list);

export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: ({ signal }) => api.parts.get({ ...answers.part(id).input, signal }),
  });

/** The category tree: names, and the labels and units of attributes. */
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => api.categories.list({ ...answers.categories().input, signal }),
    // The tree changes when an admin edits it, rarely: one read serves every part page for a while.
    staleTime: 5 * 60_000,
  });

// Admin: adding, updating and deleting products.

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
  sku: 'sku',
  orderMultiple: 'pack',
  description: 'description',
  img: 'image',
};
