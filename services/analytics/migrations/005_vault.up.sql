-- The vault: stakes, unstakes and buybacks with the vault's totals after each (the rate's history
-- is total_grove / total_shares along these rows), and the TWAP observations.
CREATE TABLE vault_events (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  kind text NOT NULL CHECK (kind IN ('stake', 'unstake', 'buyback')),
  -- the staker, or the buyback's caller
  account text NOT NULL,
  -- GROVE staked, returned, or bought back
  grove numeric(20, 0) NOT NULL,
  -- sGROVE minted or burned (null for a buyback)
  sgrove numeric(20, 0),
  -- a buyback's input asset and amount, and its TWAP-bounded minimum out
  asset bigint,
  amount_in numeric(20, 0),
  min_out numeric(20, 0),
  total_grove numeric(20, 0) NOT NULL,
  total_shares numeric(20, 0) NOT NULL,
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX vault_events_time ON vault_events (time DESC, round DESC, intra DESC, log_index DESC);
CREATE INDEX vault_events_account ON vault_events (account, round DESC, intra DESC, log_index DESC);

CREATE TABLE vault_observations (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  a bigint NOT NULL,
  b bigint NOT NULL,
  -- cumulative prices, 2^64-scaled (uint256)
  cumulative_a numeric(80, 0) NOT NULL,
  cumulative_b numeric(80, 0) NOT NULL,
  timestamp bigint NOT NULL,
  PRIMARY KEY (round, intra, log_index)
);
