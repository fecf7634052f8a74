import * as React from 'react';

type AutoFocusHandler = (event: Event) => void;

/**
 * Focus goes back to the control that opened a dialog when it closes. Radix returns it only to its own
 * `Trigger`; most of our dialogs are opened by a button that sets state (or by a menu item), so without this
 * the focus fell to the top of the page. The element focused when the dialog opened is remembered and
 * focused again on close, when it is still on the page; otherwise Radix's default applies.
 */
export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = React.useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      const target = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !target?.isConnected) return;
      event.preventDefault();
      target.focus();
    },
  };
}
