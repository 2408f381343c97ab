DELETE FROM lock_events WHERE kind = 'close';
ALTER TABLE lock_events DROP CONSTRAINT lock_events_kind_check;
ALTER TABLE lock_events ADD CONSTRAINT lock_events_kind_check CHECK (kind IN ('lock', 'withdraw', 'topup', 'extend', 'propose', 'cancel', 'accept'));
ALTER TABLE locks DROP COLUMN closed_round;
