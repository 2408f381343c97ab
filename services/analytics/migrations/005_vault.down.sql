DROP TABLE vault_observations;
DROP TABLE vault_events;
