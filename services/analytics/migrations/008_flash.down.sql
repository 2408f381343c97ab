CREATE OR REPLACE VIEW pool_reserves AS
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, 'swap' AS cause FROM swaps
  UNION ALL
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, kind FROM liquidity;
DROP TABLE flashes;
