-- A fully withdrawn lock can be closed (the Locks app's Closed event): its row stays for its history,
-- marked with the round that closed it, and leaves the listings. A Locked event of a closed id (only
-- its creator can make it again, with the same nonce) replaces the row: closed_round is null again.
ALTER TABLE locks ADD COLUMN closed_round bigint;
-- close: amount = the refund in µALGO, other = the creator who received it
ALTER TABLE lock_events DROP CONSTRAINT lock_events_kind_check;
ALTER TABLE lock_events ADD CONSTRAINT lock_events_kind_check CHECK (kind IN ('lock', 'withdraw', 'topup', 'extend', 'propose', 'cancel', 'accept', 'close'));
