import { InfoIcon } from 'lucide-react';
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATIONS } from '../../core/constants';

/**
 * The one toast outlet: top centre (DESIGN.md settles the spec's two positions). react-hot-toast
 * keeps at most 20 toasts (MAX_TOASTS), which is its built-in limit.
 */
export default function AppToaster() {
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: 72 }}
      toastOptions={{
        duration: TOAST_DURATIONS.blank,
        className: '!rounded-lg !text-sm !shadow-lg !border !border-border',
        error: { duration: TOAST_DURATIONS.error },
        success: { duration: TOAST_DURATIONS.success },
        loading: { duration: TOAST_DURATIONS.loading },
        // Plain notices: one drawn icon beside the library's own success and error marks.
        blank: {
          icon: (
            <InfoIcon
              className="size-5 shrink-0 text-primary"
              aria-hidden="true"
              data-testid="toast-info-icon"
            />
          ),
        },
      }}
    />
  );
}
