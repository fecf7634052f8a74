import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The parameter that asks a page to open its "new" dialog (`/tasks?new=1`): the command palette's actions. */
export const NEW_PARAM = 'new';

/**
 * Runs `open` with the value of the URL parameter `name` when it appears, then takes the parameter out
 * of the URL (replacing the entry), so that a reload or Back does not open the dialog again.
 */
export function useUrlAction(name: string, open: (value: string) => void) {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const openRef = useRef(open);
  openRef.current = open;
  const setParamsRef = useRef(setParams);
  setParamsRef.current = setParams;
  useEffect(() => {
    if (!value) return;
    openRef.current(value);
    setParamsRef.current(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [name, value]);
}
