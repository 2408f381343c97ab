// Shapes shared by the trading pages that are not the SDK's own.

/** Which amount the user fixed: what they pay (exact in) or what they receive (exact out). */
export type Side = 'in' | 'out'
