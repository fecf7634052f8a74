/** What the calendar views draw: one occurrence of an event (a recurring event yields several). */
export interface CalendarItem {
  key: string;
  eventId: number;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
  project: string | null;
  location: string | null;
  /** Linked to an event in the owner's Google Calendar: the views show a small Google mark. */
  googleLinked?: boolean;
}

/** Someone the event dialog suggests as a participant (the caller's approved group members). */
export interface ParticipantSuggestion {
  email: string;
  full_name: string | null;
}
