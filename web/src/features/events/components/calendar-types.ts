/** What the calendar views draw: one occurrence of an event (a recurring event yields several), or a task. */
export interface CalendarItem {
  key: string;
  /** The event, for an event's item. */
  eventId?: number;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  project: string | null;
  location: string | null;
  /** Linked to an event in the owner's Google Calendar: the views show a small Google mark. */
  googleLinked?: boolean;
  /** A task on its due day (drawn apart from events, with a check circle): it opens the task. */
  task?: { id: number; due: Date; done: boolean };
}

/** A task with a due date, as the calendar shows it (the route reads the tasks). */
export interface CalendarTask {
  id: number;
  title: string;
  project: string;
  due: Date;
  done: boolean;
}

/** Someone the event dialog suggests as a participant (the caller's approved group members). */
export interface ParticipantSuggestion {
  email: string;
  full_name: string | null;
}
