-- All-day events are now dated in UTC (docs/decisions/0006): they start at UTC midnight of their first
-- date and end at 23:59:59 UTC of their last. Before, the browser saved them at its own local midnight
-- and 23:59:59 in the event's time zone; move those onto the same dates in UTC. Rows already at UTC
-- midnight (imports, browsers on UTC) are on the new rule and stay as they are.
UPDATE events
SET
  start_at = ((start_at AT TIME ZONE timezone)::date)::timestamp AT TIME ZONE 'UTC',
  end_at = ((end_at AT TIME ZONE timezone)::date + time '23:59:59') AT TIME ZONE 'UTC',
  repeat_end_date = CASE
    WHEN repeat_end_date IS NULL THEN NULL
    ELSE ((repeat_end_date AT TIME ZONE timezone)::date + time '23:59:59') AT TIME ZONE 'UTC'
  END
WHERE all_day
  AND start_at <> date_trunc('day', start_at, 'UTC');
