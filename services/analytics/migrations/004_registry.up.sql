-- The registry: registered projects as their latest event leaves them, every project event, and
-- the protocol's admin actions (the registry's admin methods and the DEX's pool fee), read from
-- the app calls since most log no event.
CREATE TABLE projects (
  asset bigint PRIMARY KEY,
  owner text NOT NULL,
  name text NOT NULL,
  url text NOT NULL,
  verified boolean NOT NULL,
  registered_round bigint NOT NULL,
  registered_time bigint NOT NULL,
  updated_round bigint NOT NULL
);
CREATE INDEX projects_owner ON projects (owner);

-- kind: register, edit, transfer, verify, unverify, remove; owner, name, url and verified as the
-- event left the project; account is the caller
CREATE TABLE project_events (
  round bigint NOT NULL,
  intra int NOT NULL,
  log_index int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  group_id text,
  asset bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('register', 'edit', 'transfer', 'verify', 'unverify', 'remove')),
  account text NOT NULL,
  owner text NOT NULL,
  name text NOT NULL,
  url text NOT NULL,
  verified boolean NOT NULL,
  PRIMARY KEY (round, intra, log_index)
);
CREATE INDEX project_events_asset ON project_events (asset, round DESC, intra DESC, log_index DESC);

-- action: the method's name; change: its ABI arguments by name
CREATE TABLE admin_actions (
  round bigint NOT NULL,
  intra int NOT NULL,
  time bigint NOT NULL,
  txn_id text NOT NULL,
  app_id bigint NOT NULL,
  action text NOT NULL,
  account text NOT NULL,
  change jsonb NOT NULL,
  PRIMARY KEY (round, intra)
);
