// The one rule for a pool's swap fee: the registry's setFees and the DEX's setPoolFee refuse any
// other with ERR:BAD_FEE (programs/registry.algo.ts, dex.algo.ts). The SDK's admin check, its error
// sentence and every admin form read it here. Dependency-free, so the error table can import it.

/** The lowest and highest swap fee a pool may charge, in basis points. */
export const FEE_BPS = { min: 1, max: 100 } as const

/** The one sentence for a fee outside FEE_BPS: the contract's ERR:BAD_FEE and the forms' check alike. */
export const FEE_BPS_RULE = `The fee must be a whole number of bps from ${FEE_BPS.min} to ${FEE_BPS.max}`

/** Whether the contracts accept `bps` as a pool's fee. */
export const feeBpsAllowed = (bps: number): boolean => Number.isInteger(bps) && bps >= FEE_BPS.min && bps <= FEE_BPS.max
