-- Stable pools (issue 37, the Stable app): a pool of kind 'stable' prices by Curve's invariant, not by
-- its reserves' ratio, so its row keeps the amplifier A (not times 100) as of its last event (A moves only
-- by the admin's ramps); null for constant-product pools. The API's price and the USD price paths read it.
ALTER TABLE pools ADD COLUMN amp double precision;
