// Test helpers for the state ops: run one op, decoded from real assembled bytecode, against a
// context built by the harness, with a stack the test chooses (as step() would after its checks).

import { assemble } from '../src/assembler/index.ts'
import { EvalContext, type EvalEnv } from '../src/eval/context.ts'
import { decodeInstr, tableFor } from '../src/eval/decode.ts'
import { AvmError } from '../src/eval/errors.ts'
import { handlers as account } from '../src/eval/ops/state/account.ts'
import { handlers as appState } from '../src/eval/ops/state/app-state.ts'
import { handlers as block } from '../src/eval/ops/state/block.ts'
import { handlers as box } from '../src/eval/ops/state/box.ts'
import { handlers as global } from '../src/eval/ops/state/global.ts'
import { handlers as txn } from '../src/eval/ops/state/txn-ops.ts'
import type { StackValue } from '../src/eval/values.ts'

// The read/write handlers without effects.ts (whose inner app calls need the whole evaluator).
const handlerMap = new Map(Object.entries({ ...account, ...appState, ...block, ...box, ...global, ...txn }))

/** An EvalContext over `env` for a program of `version` (the program bytes are irrelevant). */
export function contextFor(env: EvalEnv, version = 14): EvalContext {
  const ops = tableFor(version)
  return new EvalContext(Uint8Array.of(version), version, ops, env, env.budget ?? { remaining: 700 })
}

/** Runs the single op `line` (e.g. 'gtxn 0 Sender') on `cx` with `stack`, returning the stack. */
export function op(cx: EvalContext, line: string, stack: StackValue[] = []): StackValue[] {
  const asm = assemble(`#pragma typetrack false\n${line}`, { version: cx.version })
  if (!asm.ok || asm.program === undefined) throw new Error(`assembly failed: ${JSON.stringify(asm.errors)}`)
  const ins = decodeInstr(
    { program: asm.program, version: cx.version, ops: cx.ops, protoVersion: cx.proto.logicSigVersion, handlers: handlerMap },
    1,
  )
  cx.stack = [...stack]
  ins.handler(cx, ins)
  return cx.stack
}

/** The AvmError text `run` throws (fails the test if it does not throw one). */
export function errorOf(run: () => unknown): string {
  try {
    run()
  } catch (e) {
    if (e instanceof AvmError) return e.message
    throw e
  }
  throw new Error('expected an AvmError')
}

/** Bytes of a string. */
export const b = (s: string): Uint8Array => new TextEncoder().encode(s)

/** 32 bytes of `x` (a distinct test address). */
export const addr = (x: number): Uint8Array => new Uint8Array(32).fill(x)
