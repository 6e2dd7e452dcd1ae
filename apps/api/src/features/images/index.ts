/**
 * What other features may use of images (the rest is this feature's own, .dependency-cruiser.cjs):
 * telling an image URL this store issued, and the URL of its thumbnail.
 */
export { thumbnailUrl, UPLOADED_IMAGE_PATTERN } from './store.js';
