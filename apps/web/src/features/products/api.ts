import type { ProductInput } from '@store/shared';
import { API_BASE, ApiError, apiJson } from '../../lib/api-client';
import { session } from '../../lib/session';

const IMAGE_HOST = import.meta.env.VITE_IMAGE_HOST_URL ?? `${API_BASE}/image`;
const IMAGE_HOST_KEY = import.meta.env.VITE_IMAGE_HOST_KEY ?? '';

/**
 * Uploads with the image-host protocol of spec §7 (multipart `image` + `key`, answer
 * `{ success, data: { url } }`), to our own host by default or to any host that speaks it.
 * Our token goes only to our own host.
 */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('key', IMAGE_HOST_KEY);
  form.append('image', file);
  const token = IMAGE_HOST.startsWith(API_BASE) ? session.token() : undefined;
  let body: { success?: boolean; data?: { url?: string }; error?: { message?: string }; message?: string };
  let status = 0;
  try {
    const response = await fetch(IMAGE_HOST, {
      method: 'POST',
      body: form,
      ...(token && { headers: { Authorization: `Bearer ${token}` } }),
    });
    status = response.status;
    body = await response.json().catch(() => ({}));
  } catch {
    throw new ApiError(0, 'The image host cannot be reached. Check your connection and try again.');
  }
  if (!body.success || !body.data?.url) {
    throw new ApiError(status, body.error?.message ?? body.message ?? 'The image could not be uploaded.');
  }
  return body.data.url;
}

export const addProduct = (input: ProductInput) =>
  apiJson<{ insertedId?: string }>('/addproduct', { method: 'POST', auth: true, body: input });

export const updateProduct = (id: string, input: ProductInput) =>
  apiJson<{ modifiedCount: number }>(`/part/${encodeURIComponent(id)}`, {
    method: 'PUT',
    auth: true,
    body: input,
  });

export const deleteProduct = (id: string) =>
  apiJson<{ deletedCount: number }>(`/deleteparts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    auth: true,
  });

/** The API names fields as the Part does; the form as the spec's form does. */
export const formFieldOf: Record<string, string> = {
  name: 'name',
  price: 'price',
  availableQuantity: 'available',
  minOrderQuantity: 'minorder',
  description: 'description',
  img: 'image',
};
