/** Every plan and billing query starts with ['plan']: a plan change (webhook, admin) refreshes them all. */
export const planKeys = {
  all: ['plan'] as const,
  current: () => [...planKeys.all, 'current'] as const,
  catalogue: () => [...planKeys.all, 'catalogue'] as const,
  plugins: () => [...planKeys.all, 'plugins'] as const,
};
