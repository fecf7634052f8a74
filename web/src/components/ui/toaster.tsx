import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme';

export function Toaster() {
  const { theme } = useTheme();
  // Bottom-right and brief: toasts never cover the header's buttons.
  return (
    <Sonner theme={theme} richColors closeButton position="bottom-right" duration={3500} visibleToasts={3} />
  );
}
