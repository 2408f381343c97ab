// The account type the seed and the protocol's demo state both sign with, apart from either so
// seed.ts (which runs the protocol's plan) and protocol.ts need not import each other.
import type { Address } from 'algosdk'
import type { TransactionSignerAccount } from '@algorandfoundation/algokit-utils/types/account'

/** An account the seed can sign for. */
export type SeedAccount = TransactionSignerAccount & { addr: Address }
