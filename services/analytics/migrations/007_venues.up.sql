-- Pools of Tinyman v2 beside Grove's (issue 30): the same pools, swaps, liquidity and candles tables,
-- each pool marked with its venue. Tinyman keeps one pool per pair, as Grove does, so a pair is
-- unique per venue.
ALTER TABLE pools ADD COLUMN venue text NOT NULL DEFAULT 'grove' CHECK (venue IN ('grove', 'tinyman'));
-- Tinyman v2: the pool's account (its logic-sig address, whose local state is the pool); null for Grove's
ALTER TABLE pools ADD COLUMN address text UNIQUE;
-- Tinyman v2: the protocol's fees the pool account holds apart from the reserves (its local state's
-- asset_N_protocol_fees, on the A and B sides); 0 for Grove's, whose DEX keeps them in its box
ALTER TABLE pools ADD COLUMN protocol_fees_a numeric(20, 0) NOT NULL DEFAULT 0;
ALTER TABLE pools ADD COLUMN protocol_fees_b numeric(20, 0) NOT NULL DEFAULT 0;
ALTER TABLE pools DROP CONSTRAINT pools_asset_a_asset_b_key;
ALTER TABLE pools ADD CONSTRAINT pools_venue_pair UNIQUE (venue, asset_a, asset_b);
