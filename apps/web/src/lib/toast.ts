import type { ToastOptions } from 'react-toastify';

/**
 * react-toastify's `toast`, loaded when a toast is first shown: the home route and the app shell
 * use this so the library stays out of the first load (its container is lazy too, see
 * app/providers.tsx; toasts shown before it mounts wait in react-toastify's queue).
 */
const load = () => import('react-toastify').then((module) => module.toast);

export const notify = {
  success(message: string, options?: ToastOptions) {
    void load().then((toast) => toast.success(message, options));
  },
  error(message: string, options?: ToastOptions) {
    void load().then((toast) => toast.error(message, options));
  },
};
