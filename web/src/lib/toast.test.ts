import type { toast as sonnerToast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { connectToasts, toast } from './toast';

describe('toast before and after the Toaster is on screen', () => {
  it('keeps what is asked before the Toaster connects, shows it then, and shows later ones at once', () => {
    toast.success('Contact added', { description: 'Ada Lovelace' });
    toast('Checkout cancelled');
    const sonner = Object.assign(vi.fn(), {
      success: vi.fn(),
      error: vi.fn(),
      info: vi.fn(),
      warning: vi.fn(),
    }) as unknown as typeof sonnerToast;
    connectToasts(sonner);
    expect(sonner.success).toHaveBeenCalledWith('Contact added', { description: 'Ada Lovelace' });
    expect(sonner).toHaveBeenCalledWith('Checkout cancelled', undefined);
    toast.error('Failed to save contact');
    expect(sonner.error).toHaveBeenCalledWith('Failed to save contact', undefined);
  });
});
