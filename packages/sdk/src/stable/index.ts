// Stable pools (Curve's invariant): the exact math, box names and decoding, group builders with the
// fee each quote predicts, the flash loan, events (its error row and explain: stableContract).
export * from './spec.ts'
export * from './math.ts'
export * from './boxes.ts'
export * from './transactions.ts'
export * from './flash.ts'
export * from './actions.ts'
export * from './events.ts'
export * from './ramp.ts'
