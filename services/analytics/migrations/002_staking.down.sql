DROP TABLE staking_events;
DROP TABLE stake_positions;
DROP TABLE programs;
