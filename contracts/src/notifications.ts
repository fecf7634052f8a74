import { z } from 'zod';
import { PageQuerySchema, TimestampSchema } from './common';

export const NotificationTypeSchema = z.enum([
  'task_assigned',
  'contact_shared',
  'event_assigned',
  'group_invitation',
  'follow_up',
  'birthday',
  'other',
]);
export type NotificationType = z.infer<typeof NotificationTypeSchema>;

/**
 * What a notification is about, so that clicking it can open that contact, task, event, the group
 * settings, the subscription, or (an account waiting for approval) the admin dashboard.
 */
export const NotificationSubjectTypeSchema = z.enum([
  'contact',
  'task',
  'event',
  'group',
  'subscription',
  'user',
]);
export type NotificationSubjectType = z.infer<typeof NotificationSubjectTypeSchema>;

/** Notification as the client sees it (spec section 3 "Notification"). */
export const NotificationSchema = z.object({
  id: z.number().int(),
  notification: z.string(),
  notification_type: NotificationTypeSchema,
  is_read: z.boolean(),
  created_at: TimestampSchema,
  /** null when the notification is about nothing in particular. */
  subject_type: NotificationSubjectTypeSchema.nullable(),
  subject_id: z.number().int().nullable(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** GET /api/notifications: newest first. */
export const ListNotificationsQuerySchema = PageQuerySchema.extend({
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type ListNotificationsQuery = z.input<typeof ListNotificationsQuerySchema>;

export const NotificationsResponseSchema = z.object({
  notifications: z.array(NotificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponseSchema>;

/** GET /api/notifications/unread-count: the same number under the three names the spec allows. */
export const UnreadCountSchema = z.object({
  unread_count: z.number().int(),
  has_unread: z.boolean(),
  count: z.number().int(),
});
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** PUT /api/notifications/read-all: how many were unread. */
export const MarkedAllReadSchema = z.object({ updated: z.number().int() });
export type MarkedAllRead = z.infer<typeof MarkedAllReadSchema>;

/**
 * GET /api/notifications/stream (Server-Sent Events). Event `unread-count` (data: UnreadCount) comes
 * first and again whenever the count changes without a new notification (read, read-all); event
 * `notification` (data: NotificationEvent) comes with each new notification.
 */
export const NotificationEventSchema = UnreadCountSchema.extend({ notification: NotificationSchema });
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;
