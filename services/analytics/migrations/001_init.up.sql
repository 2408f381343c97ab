-- The chain this database follows and how far: one row each, written in the same transaction as
-- the rows of the rounds they cover.
CREATE TABLE chain (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  genesis_id text NOT NULL,
  genesis_hash text NOT NULL,
  first_round bigint NOT NULL
);

CREATE TABLE watermark (
  id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  round bigint NOT NULL,
  -- base64 hash of the watermark round's block (null before the first round is followed)
  block_hash text,
  -- unix seconds of that block
  time bigint
);

CREATE TABLE assets (
  id bigint PRIMARY KEY,
  unit_name text,
  name text,
  decimals int NOT NULL
);

-- Each pool's current state; id is its LP asset.
CREATE TABLE pools (
  id bigint PRIMARY KEY,
  asset_a bigint NOT NULL,
  asset_b bigint NOT NULL,
  fee_bps int NOT NULL,
  creator text NOT NULL,
  created_round bigint NOT NULL,
  created_time bigint NOT NULL,
  reserve_a numeric(20, 0) NOT NULL DEFAULT 0,
  reserve_b numeric(20, 0) NOT NULL DEFAULT 0,
  lp_issued numeric(20, 0) NOT NULL DEFAULT 0,
  updated_round bigint NOT NULL,
  UNIQUE (asset_a, asset_b)
);

-- Events are keyed by where the chain put them: round, the txn's intra-round offset (inner txns
-- have their own) and the log's index in that txn.
CREATE TABLE swaps (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  -- the hop's position among the Swap events of its app call (routes have up to 4)
  hop int NOT NULL,
  pool_id bigint NOT NULL REFERENCES pools (id),
  trader text NOT NULL,
  asset_in bigint NOT NULL,
  asset_out bigint NOT NULL,
  amount_in numeric(20, 0) NOT NULL,
  amount_out numeric(20, 0) NOT NULL,
  protocol_fee numeric(20, 0) NOT NULL,
  reserve_a numeric(20, 0) NOT NULL,
  reserve_b numeric(20, 0) NOT NULL,
  -- the pool's spot price after the swap: whole B per whole A
  price double precision NOT NULL,
  volume_usd double precision,
  PRIMARY KEY (round, intra, log_index)
);
-- time never decreases with round, so (time, round, intra, log_index) is chain order too, and serves
-- both a pool's newest swaps and its latest reserves before a moment
CREATE INDEX swaps_pool ON swaps (pool_id, time DESC, round DESC, intra DESC, log_index DESC);
CREATE INDEX swaps_trader ON swaps (trader, round DESC, intra DESC, log_index DESC);

CREATE TABLE liquidity (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  pool_id bigint NOT NULL REFERENCES pools (id),
  kind text NOT NULL CHECK (kind IN ('add', 'remove')),
  provider text NOT NULL,
  amount_a numeric(20, 0) NOT NULL,
  amount_b numeric(20, 0) NOT NULL,
  lp numeric(20, 0) NOT NULL,
  reserve_a numeric(20, 0) NOT NULL,
  reserve_b numeric(20, 0) NOT NULL,
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX liquidity_pool ON liquidity (pool_id, time DESC, round DESC, intra DESC, log_index DESC);
CREATE INDEX liquidity_provider ON liquidity (provider, round DESC, intra DESC, log_index DESC);

-- The pool's reserves after every change: each swap and liquidity row holds them (one source of
-- truth, one write per event); this view lines them up.
CREATE VIEW pool_reserves AS
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, 'swap' AS cause FROM swaps
  UNION ALL
  SELECT pool_id, round, intra, log_index, time, reserve_a, reserve_b, kind FROM liquidity;

CREATE TABLE fee_collections (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  pool_id bigint NOT NULL REFERENCES pools (id),
  amount_a numeric(20, 0) NOT NULL,
  amount_b numeric(20, 0) NOT NULL,
  treasury text NOT NULL,
  PRIMARY KEY (round, intra, log_index)
);

-- Per-pool candles of the spot price after each swap (whole B per whole A), with what each side
-- sold into the pool and bought out of it.
CREATE TABLE candles (
  pool_id bigint NOT NULL REFERENCES pools (id),
  tf text NOT NULL CHECK (tf IN ('5m', '15m', '1h', '4h', '1d')),
  bucket bigint NOT NULL,
  open double precision NOT NULL,
  high double precision NOT NULL,
  low double precision NOT NULL,
  close double precision NOT NULL,
  sold_a numeric(30, 0) NOT NULL,
  sold_b numeric(30, 0) NOT NULL,
  bought_a numeric(30, 0) NOT NULL,
  bought_b numeric(30, 0) NOT NULL,
  volume_usd double precision NOT NULL,
  trades int NOT NULL,
  PRIMARY KEY (pool_id, tf, bucket)
);
