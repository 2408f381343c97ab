DROP TABLE order_events;
DROP TABLE orders;
