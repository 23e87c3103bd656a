import { useEffect, type ReactNode } from 'react';
import { HELD_FIELD_ATTR } from './handover';

/**
 * Around the hydrated tree: once hydration has committed (this effect runs after every
 * child's), the form fields the build made read-only or disabled take input again, so
 * nothing typed before the app started is lost.
 */
export function ReleaseHeldFields({ children }: { children: ReactNode }) {
  useEffect(() => {
    for (const field of document.querySelectorAll(`[${HELD_FIELD_ATTR}]`)) {
      const lock = field.getAttribute(HELD_FIELD_ATTR);
      if (lock === 'readonly' || lock === 'disabled') field.removeAttribute(lock);
      field.removeAttribute(HELD_FIELD_ATTR);
    }
  }, []);
  return children;
}
