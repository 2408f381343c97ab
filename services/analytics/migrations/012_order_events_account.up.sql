-- An account's order events, newest first: GET /api/accounts/:address/activity reads them as it reads the other contracts' (by account).
CREATE INDEX order_events_account ON order_events (account, round DESC, intra DESC, log_index DESC);
