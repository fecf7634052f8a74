import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { useTheme } from '@/lib/theme';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';
// By path, not '@/lib/toast': the unit tests alias that name to sonner itself (vitest.config.ts).
import { connectToasts } from '../../lib/toast';

export default function SonnerToaster() {
  const { theme } = useTheme();
  // Brief, and clear of the buttons: bottom-right beside the header's buttons on a wide screen; at the
  // top on a phone, where a bottom toast would cover a dialog's footer.
  const narrow = useMediaQuery(NARROW_SCREEN);
  // After sonner's own Toaster (a child) subscribed to its toasts: those waiting can show now.
  useEffect(() => connectToasts(toast), []);
  return (
    <Sonner
      theme={theme}
      richColors
      closeButton
      position={narrow ? 'top-center' : 'bottom-right'}
      duration={3500}
      visibleToasts={3}
    />
  );
}
