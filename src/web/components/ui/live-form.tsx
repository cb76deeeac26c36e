import type * as React from 'react';
import { useHydrated } from '../../lib/hydration';

/**
 * A <form> whose controls stay disabled until React has taken over a prerendered page: nothing a
 * person types before then is dropped, and the form cannot be sent the browser's own way (a GET
 * with the fields in the address). A page rendered in the browser is live at once.
 */
export function LiveForm({ children, ...props }: React.ComponentProps<'form'>) {
  const hydrated = useHydrated();
  return (
    <form {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
