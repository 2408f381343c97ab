// @grove/sdk/amount: amounts parse and format here, without algosdk (core/amount.ts).
export * from './core/amount.ts'
