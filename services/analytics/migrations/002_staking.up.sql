-- The staking app: each program's terms as its latest event leaves them, each position's stake,
-- and every action as an event row (keyed like the DEX's events).
CREATE TABLE programs (
  id bigint PRIMARY KEY,
  stake_asset bigint NOT NULL,
  reward_asset1 bigint NOT NULL,
  -- null when the program pays one reward
  reward_asset2 bigint,
  -- base units per second
  rate1 numeric(20, 0) NOT NULL,
  rate2 numeric(20, 0) NOT NULL,
  start_time bigint NOT NULL,
  end_time bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('farm', 'pool')),
  creator text NOT NULL,
  created_round bigint NOT NULL,
  created_time bigint NOT NULL,
  updated_round bigint NOT NULL
);

CREATE TABLE stake_positions (
  program_id bigint NOT NULL REFERENCES programs (id),
  staker text NOT NULL,
  stake numeric(20, 0) NOT NULL,
  updated_round bigint NOT NULL,
  PRIMARY KEY (program_id, staker)
);
CREATE INDEX stake_positions_staker ON stake_positions (staker);

-- kind: create (reward1/2 = the deposits), stake, unstake, compound (amount, stake after), claim
-- (reward1/2 paid), emergency (amount returned, reward1/2 forfeited), topup and extend (reward1/2
-- deposited), reclaim (reward1/2 returned to the creator)
CREATE TABLE staking_events (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  program_id bigint NOT NULL REFERENCES programs (id),
  kind text NOT NULL CHECK (kind IN ('create', 'stake', 'unstake', 'compound', 'claim', 'emergency', 'topup', 'extend', 'reclaim')),
  account text NOT NULL,
  amount numeric(20, 0),
  stake numeric(20, 0),
  reward1 numeric(20, 0),
  reward2 numeric(20, 0),
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX staking_events_account ON staking_events (account, round DESC, intra DESC, log_index DESC);
CREATE INDEX staking_events_program ON staking_events (program_id, round DESC, intra DESC, log_index DESC);
