-- Monthly series on the nth weekday of their start ("the second Tuesday", BYDAY=2TU): 1-5, or -1 for the last.
ALTER TABLE "events" ADD COLUMN "repeat_week" integer;
