-- The Orders app: each order as its latest event leaves it, and every action as an event row.
CREATE TABLE orders (
  -- 53-bit ids (the top bits of sha512_256(owner ‖ nonce))
  id bigint PRIMARY KEY,
  owner text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('limit', 'recurring')),
  asset_in bigint NOT NULL,
  asset_out bigint NOT NULL,
  -- the deposit
  amount numeric(20, 0) NOT NULL,
  -- the price's denominator (a limit order: its deposit; a recurring order: one fill) and numerator
  amount_in numeric(20, 0) NOT NULL,
  min_out numeric(20, 0) NOT NULL,
  -- a recurring order's bounds: the most one fill may be worth at the TWAP (0: none), the tolerance below it, the pool tier
  max_out numeric(20, 0) NOT NULL,
  tolerance_bps int NOT NULL,
  pool_tier bigint NOT NULL,
  fee_bps int NOT NULL,
  -- a limit order's expiry (0: none), a recurring order's interval (0 for a limit order)
  expiry bigint NOT NULL,
  interval_seconds bigint NOT NULL,
  -- taken by fills, credited to the owner by fills, paid out to the owner (collected or at the close)
  filled numeric(20, 0) NOT NULL,
  received numeric(20, 0) NOT NULL,
  collected numeric(20, 0) NOT NULL,
  fills int NOT NULL,
  -- open until its close: filled (out) or cancelled (refunded = what came back of the deposit)
  status text NOT NULL CHECK (status IN ('open', 'filled', 'cancelled')),
  refunded numeric(20, 0) NOT NULL,
  placed_round bigint NOT NULL,
  placed_time bigint NOT NULL,
  updated_round bigint NOT NULL,
  ended_round bigint
);
CREATE INDEX orders_owner ON orders (owner, placed_round DESC, id DESC);
CREATE INDEX orders_pair ON orders (asset_in, asset_out, placed_round DESC, id DESC);

-- kind: place (amount = deposit), fill (account = the filler, amount taken, paid to the order, fee), collect (paid out), cancel / close (amount refunded)
CREATE TABLE order_events (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  order_id bigint NOT NULL REFERENCES orders (id),
  kind text NOT NULL CHECK (kind IN ('place', 'fill', 'collect', 'cancel', 'close')),
  account text NOT NULL,
  amount numeric(20, 0),
  paid numeric(20, 0),
  fee numeric(20, 0),
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX order_events_order ON order_events (order_id, round DESC, intra DESC, log_index DESC);
