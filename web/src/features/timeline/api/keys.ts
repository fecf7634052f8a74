/** Every timeline query key (see `@/lib/query`). */
export const timelineKeys = {
  all: ['timeline'] as const,
  of: (subject: TimelineSubject) => [...timelineKeys.all, subject.type, subject.id] as const,
};

/** Whose timeline: a contact's or a company's. */
export interface TimelineSubject {
  type: 'contact' | 'company';
  id: number;
}
