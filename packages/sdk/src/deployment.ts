// Grove's deployment record (packages/contracts/src/deployment.ts), re-exported for the SDK's
// users: the web app and services import it from here, above the contracts package. No algosdk.
export * from '@grove/contracts/deployment'
