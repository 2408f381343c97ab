// The tests' fixture: one Grove per test file (see grove.ts) and the rejection assertion.
import { afterAll, beforeAll, expect } from 'vitest'
import { errorChain, startGrove, type Grove } from './grove.ts'

export * from './grove.ts'

/** Registers a Grove for the current test file: started before its tests, stopped after. */
export function useGrove(): () => Grove {
  let grove: Grove | undefined
  beforeAll(async () => {
    grove = await startGrove()
  }, 120_000)
  afterAll(async () => {
    await grove?.stop()
  })
  return () => {
    if (!grove) throw new Error('Grove has not started')
    return grove
  }
}

/** Asserts that `action` is rejected with the contract's error `code` (e.g. "ERR:SLIPPAGE"). */
export async function expectRejected(action: Promise<unknown>, code: string | RegExp): Promise<void> {
  const error = await action.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error, 'the call was expected to be rejected').toBeInstanceOf(Error)
  const message = (error as Error).message
  if (typeof code === 'string') expect(message).toContain(code)
  else expect(message).toMatch(code)
  // an assert that ran out of budget carries that assert's code: it must not pass for the real rejection
  expect(errorChain(error), 'rejected for lack of opcode budget, not by the contract').not.toMatch(/budget exceeded/)
}

