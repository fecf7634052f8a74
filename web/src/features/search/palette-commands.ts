import type { Theme } from '@/lib/theme';
import { NEW_PARAM } from '@/lib/url-action';

export type CommandGroup = 'Actions' | 'Go to' | 'Theme';
export type CommandIcon = 'new-contact' | 'new-task' | 'new-event' | 'new-company' | 'page' | 'theme';

/** Something the palette does besides opening a result: open a "new" dialog, go to a page, switch theme. */
export interface PaletteCommand {
  id: string;
  label: string;
  group: CommandGroup;
  icon: CommandIcon;
  /** Other words it is found by. */
  keywords?: string;
  /** A page to go to, or the theme to switch to. */
  to?: string;
  theme?: Theme;
}

const newOn = (path: string) => `${path}?${NEW_PARAM}=1`;

const PAGES = [
  ['/contacts', 'Contacts', 'people'],
  ['/companies', 'Companies', 'organizations'],
  ['/tasks', 'Tasks', 'projects to do'],
  ['/events', 'Events', 'calendar meetings'],
  ['/notifications', 'Notifications', 'inbox alerts'],
  ['/trash', 'Trash', 'deleted restore undo bin'],
  ['/settings', 'Settings', 'account profile group bots subscription'],
] as const;

/** Every command, the theme's the one that switches away from `theme`. */
export function paletteCommands(theme: Theme): PaletteCommand[] {
  const other: Theme = theme === 'dark' ? 'light' : 'dark';
  return [
    {
      id: 'new-contact',
      label: 'New contact',
      group: 'Actions',
      icon: 'new-contact',
      to: newOn('/contacts'),
      keywords: 'add person',
    },
    {
      id: 'new-task',
      label: 'New task',
      group: 'Actions',
      icon: 'new-task',
      to: newOn('/tasks'),
      keywords: 'add to do',
    },
    {
      id: 'new-event',
      label: 'New event',
      group: 'Actions',
      icon: 'new-event',
      to: newOn('/events'),
      keywords: 'add meeting calendar',
    },
    {
      id: 'new-company',
      label: 'New company',
      group: 'Actions',
      icon: 'new-company',
      to: newOn('/companies'),
      keywords: 'add organization',
    },
    ...PAGES.map(([to, label, keywords]) => ({
      id: `go-${label.toLowerCase()}`,
      label: `Go to ${label}`,
      group: 'Go to' as const,
      icon: 'page' as const,
      to,
      keywords,
    })),
    {
      id: 'theme',
      label: `Switch to ${other} theme`,
      group: 'Theme',
      icon: 'theme',
      theme: other,
      keywords: 'appearance mode light dark',
    },
  ];
}

/** The commands where every word of `text` starts a word of their label or keywords; all for an empty text. */
export function matchingCommands(commands: PaletteCommand[], text: string): PaletteCommand[] {
  const typed = text.toLowerCase().split(/\s+/).filter(Boolean);
  return commands.filter((command) => {
    const words = `${command.label} ${command.keywords ?? ''}`.toLowerCase().split(/\s+/);
    return typed.every((start) => words.some((word) => word.startsWith(start)));
  });
}
