DROP TABLE lock_events;
DROP TABLE locks;
