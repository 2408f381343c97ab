// Every state-touching handler, merged into one table for src/eval/ops/index.ts.

import type { OpHandler } from '../../context.ts'
import { handlers as account } from './account.ts'
import { handlers as appState } from './app-state.ts'
import { handlers as block } from './block.ts'
import { handlers as box } from './box.ts'
import { handlers as effects } from './effects.ts'
import { handlers as global } from './global.ts'
import { handlers as txn } from './txn-ops.ts'

/** The state op handlers, keyed by op name. */
export const handlers: Record<string, OpHandler> = {
  ...txn,
  ...global,
  ...block,
  ...account,
  ...appState,
  ...box,
  ...effects,
}
