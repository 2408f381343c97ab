// The Locks app's interface as @grove/contracts builds it (ARC-56): methods, the lock box's struct,
// events and error messages by pc.
import { ABIContract } from 'algosdk'
import type { ABIMethod } from 'algosdk'
import type { Arc56Contract } from '@algorandfoundation/algokit-utils/types/app-arc56'
import LOCKS_ARC56 from '@grove/contracts/artifacts/Locks.arc56.json' with { type: 'json' }

/** The Locks app's ARC-56 specification. */
export const LOCKS_SPEC = LOCKS_ARC56 as unknown as Arc56Contract

const LOCKS_CONTRACT = new ABIContract({
  name: LOCKS_SPEC.name,
  methods: LOCKS_SPEC.methods.map((m) => ({ name: m.name, desc: m.desc, args: m.args.map((a) => ({ name: a.name, type: a.type })), returns: { type: m.returns.type } })),
})

/** The Locks method called `name`. */
export const locksMethod = (name: string): ABIMethod => LOCKS_CONTRACT.getMethodByName(name)
