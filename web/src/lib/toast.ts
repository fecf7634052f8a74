import type { toast as sonnerToast } from 'sonner';

type SonnerToast = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info' | 'warning';
type Show = (message: Parameters<SonnerToast>[0], options?: Parameters<SonnerToast>[1]) => void;

let sonner: SonnerToast | undefined;
const waiting: ((toast: SonnerToast) => void)[] = [];

/**
 * Toasts without sonner in the first page load (about 9 kB gzipped of /contacts' 200 kB budget): the
 * app's toasts are shown by the Toaster, loaded lazily (components/ui/toaster.tsx), which connects
 * sonner here once it is on screen; a toast asked for before that waits and then shows. Same calls as
 * sonner's `toast` (message, options with description and action).
 */
export function connectToasts(toast: SonnerToast): void {
  sonner = toast;
  for (const show of waiting.splice(0)) show(toast);
}

function shown(kind: Kind | 'message'): Show {
  return (message, options) => {
    const show = (toast: SonnerToast) =>
      kind === 'message' ? toast(message, options) : toast[kind](message, options);
    if (sonner) show(sonner);
    else waiting.push(show);
  };
}

export const toast = Object.assign(shown('message'), {
  success: shown('success'),
  error: shown('error'),
  info: shown('info'),
  warning: shown('warning'),
});
