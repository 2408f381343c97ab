-- The Locks app: each lock as its latest event leaves it, and every action as an event row.
CREATE TABLE locks (
  id bigint PRIMARY KEY,
  owner text NOT NULL,
  -- the proposed new owner of a two-step transfer, null when none is pending
  pending_owner text,
  asset bigint NOT NULL,
  -- everything deposited (the first deposit and top-ups)
  amount numeric(20, 0) NOT NULL,
  withdrawn numeric(20, 0) NOT NULL,
  cliff bigint NOT NULL,
  end_time bigint NOT NULL,
  -- a lock of a Grove LP token
  liquidity boolean NOT NULL,
  created_round bigint NOT NULL,
  created_time bigint NOT NULL,
  updated_round bigint NOT NULL
);
CREATE INDEX locks_asset ON locks (asset, id);
CREATE INDEX locks_owner ON locks (owner, id);

-- kind: lock, withdraw, topup (amount), extend, propose (other = the pending owner), cancel,
-- accept (other = the previous owner)
CREATE TABLE lock_events (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  lock_id bigint NOT NULL REFERENCES locks (id),
  kind text NOT NULL CHECK (kind IN ('lock', 'withdraw', 'topup', 'extend', 'propose', 'cancel', 'accept')),
  account text NOT NULL,
  amount numeric(20, 0),
  other text,
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX lock_events_account ON lock_events (account, round DESC, intra DESC, log_index DESC);
CREATE INDEX lock_events_lock ON lock_events (lock_id, round DESC, intra DESC, log_index DESC);
