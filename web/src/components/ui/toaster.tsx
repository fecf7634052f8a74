import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';
import { NARROW_SCREEN, useMediaQuery } from '@/lib/use-media-query';

export function Toaster() {
  const { theme } = useTheme();
  // Brief, and clear of the buttons: bottom-right beside the header's buttons on a wide screen; at the
  // top on a phone, where a bottom toast would cover a dialog's footer.
  const narrow = useMediaQuery(NARROW_SCREEN);
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
