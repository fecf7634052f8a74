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
}

/** Someone the event dialog suggests as a participant (the caller's approved group members). */
export interface ParticipantSuggestion {
  email: string;
  full_name: string | null;
}
