-- Flash loans and flash swaps of Grove's pools (issue 38): one row per verify, with what left the pool,
-- what came back, the fee on it (the protocol's share included) and the reserves after. A verify is
-- the flash's one write to the pool, so its row belongs among the reserve changes of pool_reserves.
CREATE TABLE flashes (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  pool_id bigint NOT NULL REFERENCES pools (id),
  kind text NOT NULL CHECK (kind IN ('loan', 'swap')),
  -- the borrower of a loan, the trader of a flash swap
  account text NOT NULL,
  out_a numeric(20, 0) NOT NULL,
  out_b numeric(20, 0) NOT NULL,
  in_a numeric(20, 0) NOT NULL,
  in_b numeric(20, 0) NOT NULL,
  fee_a numeric(20, 0) NOT NULL,
  fee_b numeric(20, 0) NOT NULL,
  protocol_fee_a numeric(20, 0) NOT NULL,
  protocol_fee_b numeric(20, 0) NOT NULL,
  reserve_a numeric(20, 0) NOT NULL,
  reserve_b numeric(20, 0) NOT NULL,
  -- the fee's value in USD at the flash (null where a side has no price)
  fee_usd double precision,
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX flashes_pool ON flashes (pool_id, time DESC, round DESC, intra DESC, log_index DESC);
CREATE INDEX flashes_account ON flashes (account, round DESC, intra DESC, log_index DESC);

CREATE OR REPLACE VIEW pool_reserves AS
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, 'swap' AS cause FROM swaps
  UNION ALL
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, kind FROM liquidity
  UNION ALL
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, 'flash-' || kind FROM flashes;
