DROP INDEX order_events_account;
