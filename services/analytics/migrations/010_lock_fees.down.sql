DELETE FROM lock_events WHERE kind IN ('claim', 'split', 'merge', 'collector');
ALTER TABLE lock_events DROP CONSTRAINT lock_events_kind_check;
ALTER TABLE lock_events ADD CONSTRAINT lock_events_kind_check CHECK (kind IN ('lock', 'withdraw', 'topup', 'extend', 'propose', 'cancel', 'accept', 'close'));
ALTER TABLE locks DROP COLUMN fees_claimed;
ALTER TABLE locks DROP COLUMN collector;
ALTER TABLE locks DROP COLUMN base;
ALTER TABLE locks DROP COLUMN anchor;
