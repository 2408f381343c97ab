-- Locks that earn while locked, split and merge (issue 40): each lock's vesting line (anchor, base: the
-- contract's own fields, so the unlock schedule is exact after top-ups and extensions), a liquidity
-- lock's fee collector (null: the owner) and the LP units claimed as fees. Event kinds: claim (amount =
-- LP units, account = who received them), split (amount moved, other = the new lock's id), merge (amount
-- joined, other = the merged-away lock's id), collector (other = the collector, null: the owner again).
-- anchor null: the cliff (a lock no event has re-anchored)
ALTER TABLE locks ADD COLUMN anchor bigint;
ALTER TABLE locks ADD COLUMN base numeric(20, 0) NOT NULL DEFAULT 0;
ALTER TABLE locks ADD COLUMN collector text;
ALTER TABLE locks ADD COLUMN fees_claimed numeric(20, 0) NOT NULL DEFAULT 0;
ALTER TABLE lock_events DROP CONSTRAINT lock_events_kind_check;
ALTER TABLE lock_events ADD CONSTRAINT lock_events_kind_check CHECK (kind IN ('lock', 'withdraw', 'topup', 'extend', 'propose', 'cancel', 'accept', 'close', 'claim', 'split', 'merge', 'collector'));
