/**
 * Dialog auto-focus on the dialog itself rather than its first field or badge, so that opening a
 * record neither selects its name nor pops a tooltip.
 */
export function focusDialog(event: Event) {
  event.preventDefault();
  (event.currentTarget as HTMLElement | null)?.focus();
}
