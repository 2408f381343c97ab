ALTER TABLE swaps DROP COLUMN fee_usd;
ALTER TABLE swaps DROP COLUMN fee;
ALTER TABLE pools DROP CONSTRAINT pools_venue_kind_pair_tier;
ALTER TABLE pools ADD CONSTRAINT pools_venue_pair UNIQUE (venue, asset_a, asset_b);
ALTER TABLE pools DROP COLUMN kind;
