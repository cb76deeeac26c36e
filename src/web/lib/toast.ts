import { toast as hotToast } from 'react-hot-toast';
import { requestToaster } from './toaster-signal';

/**
 * react-hot-toast's `toast`, plus making sure the (lazily loaded) <Toaster> is mounted. Use this
 * one in pages: `import { toast } from '../lib/toast'`. Types and behaviour are the library's:
 * toast(), toast.success/error/loading/custom/promise, toast.dismiss.
 */
function show(message: Parameters<typeof hotToast>[0], options?: Parameters<typeof hotToast>[1]) {
  requestToaster();
  // Plain notices wear the Toaster's one info icon (app-toaster.tsx); callers pass none.
  return hotToast(message, options);
}

export const toast: typeof hotToast = Object.assign(show, {
  ...hotToast,
  success: ((...args) => {
    requestToaster();
    return hotToast.success(...args);
  }) as typeof hotToast.success,
  error: ((...args) => {
    requestToaster();
    return hotToast.error(...args);
  }) as typeof hotToast.error,
  loading: ((...args) => {
    requestToaster();
    return hotToast.loading(...args);
  }) as typeof hotToast.loading,
  custom: ((...args) => {
    requestToaster();
    return hotToast.custom(...args);
  }) as typeof hotToast.custom,
  promise: ((...args) => {
    requestToaster();
    return hotToast.promise(...args);
  }) as typeof hotToast.promise,
});
