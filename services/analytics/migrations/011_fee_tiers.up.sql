-- Fee tiers and pool kinds (issue 37): Grove has a pool per pair, fee tier and kind (constant product;
-- stable pools beside them), so a pool is known by (venue, kind, pair, fee tier). Each swap keeps the fee
-- it paid, ⌈amount_in · fee_bps / 10,000⌉ of its input (the contract's rounding), and its USD value, so
-- fees add up by pool and tier.
ALTER TABLE pools ADD COLUMN kind text NOT NULL DEFAULT 'constant-product';
ALTER TABLE pools DROP CONSTRAINT pools_venue_pair;
ALTER TABLE pools ADD CONSTRAINT pools_venue_kind_pair_tier UNIQUE (venue, kind, asset_a, asset_b, fee_bps);
ALTER TABLE swaps ADD COLUMN fee numeric(20, 0);
ALTER TABLE swaps ADD COLUMN fee_usd double precision;
-- swaps before this migration: their fee at their pool's rate
UPDATE swaps s SET fee = ceil(s.amount_in * p.fee_bps / 10000.0), fee_usd = s.volume_usd * p.fee_bps / 10000.0 FROM pools p WHERE p.id = s.pool_id;
