// Every op family's handlers merged into one name → handler map; decode.ts binds each decoded
// instruction to its handler through it, so step() dispatches with a single property load.

import type { OpHandler } from '../context.ts'
import { handlers as arith } from './arith.ts'
import { handlers as args } from './args.ts'
import { handlers as base64 } from './base64.ts'
import { handlers as bytes } from './bytes.ts'
import { handlers as constants } from './constants.ts'
import { handlers as flow } from './flow.ts'
import { handlers as json } from './json.ts'
import { handlers as scratch } from './scratch.ts'
import { handlers as stack } from './stack.ts'
import { handlers as crypto } from './crypto.ts'
import { handlers as ec } from './ec.ts'
import { handlers as state } from './state/index.ts'

/** All handlers by op name. */
export const HANDLERS: Map<string, OpHandler> = new Map(
  Object.entries({ ...flow, ...arith, ...bytes, ...stack, ...constants, ...scratch, ...args, ...base64, ...json, ...crypto, ...ec, ...state }),
)
