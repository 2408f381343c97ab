// Grove's impersonation, an extension with no algod equivalent and UNSAFE by design: on a fork (or
// a localnet started with --impersonation) the node accepts an address's transactions without its
// signature, to test as a real whale, admin or DAO would act. Anvil's anvil_impersonateAccount.
import { emptyReply } from '../http.ts'
import type { AlgodReply, AlgodRequest } from '../http.ts'
import type { AlgodContext } from '../context.ts'
import { addressParam } from '../params.ts'

/** POST /grove/v1/impersonate/{address}: accept `address`'s unsigned transactions from now on (403 when not allowed). */
export function impersonate(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  ctx.node.impersonate(addressParam(req), true)
  return emptyReply()
}

/** DELETE /grove/v1/impersonate/{address}: require `address`'s signature again. */
export function stopImpersonating(ctx: AlgodContext, req: AlgodRequest): AlgodReply {
  ctx.node.impersonate(addressParam(req), false)
  return emptyReply()
}
