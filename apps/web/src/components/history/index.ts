// The account history the dashboard's accounts tab mounts: <TransactionHistory address={…} />.
export { TransactionHistory } from './transaction-history.tsx'
