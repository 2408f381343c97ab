// Tinyman v2's own programs, when the user has a checkout of tinyman-amm-contracts-v2 (GROVE_TINYMAN_DIR):
// the validator's approval and clear programs and the pool logic-sig template, read from the checkout's
// compiled TEAL at start and assembled by the localnet's own assembler. Nothing of Tinyman's is in this
// repository; without a checkout the demo runs the Tinyman v2-compatible venue built here.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { assemble, formatAssemblyError } from '@grove/avm'
import { tinymanPoolAddress } from '@grove/sdk/venues'
import { LogicSigAccount, encodeUint64 } from 'algosdk'

/** Where a checkout keeps the compiled TEAL (Tealish's output), relative to its root. */
export const TINYMAN_CHECKOUT_FILES = {
  approval: 'contracts/build/amm_approval.teal',
  clear: 'contracts/build/amm_clear_state.teal',
  poolTemplate: 'contracts/build/pool_template.teal',
} as const

/** The environment variable naming the checkout. */
export const TINYMAN_DIR_VARIABLE = 'GROVE_TINYMAN_DIR'

/** The repository to clone for the checkout. */
export const TINYMAN_REPOSITORY = 'https://github.com/tinymanorg/tinyman-amm-contracts-v2'

/** The validator's state schema (Tinyman's published state layout: 3 global byte slices; per pool 12 uints and 2 byte slices). */
export const TINYMAN_SCHEMA = { globalInts: 0, globalByteSlices: 3, localInts: 12, localByteSlices: 2 } as const

/** A checkout that cannot be used; the message names the directory or the file and what is wrong. */
export class TinymanCheckoutError extends Error {
  override name = 'TinymanCheckoutError'
}

/** Tinyman's programs as assembled from a checkout. */
export interface TinymanCheckoutPrograms {
  /** The checkout's absolute path. */
  dir: string
  approval: Uint8Array
  clear: Uint8Array
  /** The pool logic-sig with a zero 24-byte (validator, asset 1, asset 2) constant. */
  poolTemplate: Uint8Array
  /** The files whose assembly was compared with the bytecode the checkout publishes beside them (`<file>.tok`). */
  matchedPublished: string[]
}

// the pool template: version 6, then `pushbytes` of 24 bytes (validator app id, asset 1, asset 2)
const TEMPLATE_HEAD = [0x06, 0x80, 0x18]
const TEMPLATE_CONSTANT = { offset: 3, length: 24 }

/** The pool logic-sig of (validator, asset 1, asset 2) from a template. */
export function poolProgram(template: Uint8Array, validatorAppId: bigint, asset1: bigint, asset2: bigint): Uint8Array {
  const program = Uint8Array.from(template)
  program.set([...encodeUint64(validatorAppId), ...encodeUint64(asset1), ...encodeUint64(asset2)], TEMPLATE_CONSTANT.offset)
  return program
}

function readProgram(dir: string, file: string, matched: string[]): Uint8Array {
  const full = path.join(dir, file)
  if (!existsSync(full)) {
    throw new TinymanCheckoutError(`${TINYMAN_DIR_VARIABLE}=${dir} is not a checkout of tinyman-amm-contracts-v2: ${full} is missing (git clone ${TINYMAN_REPOSITORY})`)
  }
  const result = assemble(readFileSync(full, 'utf8'))
  if (!result.ok || !result.program) {
    throw new TinymanCheckoutError(`${full} does not assemble: ${result.errors.slice(0, 3).map(formatAssemblyError).join('; ')}`)
  }
  const published = `${full}.tok`
  if (existsSync(published)) {
    const bytes = new Uint8Array(readFileSync(published))
    const at = bytes.length === result.program.length ? bytes.findIndex((b, i) => b !== result.program![i]) : Math.min(bytes.length, result.program.length)
    if (at !== -1) throw new TinymanCheckoutError(`${full} assembles to ${result.program.length} bytes that differ from the published ${published} (${bytes.length} bytes) at byte ${at}`)
    matched.push(file)
  }
  return result.program
}

/**
 * Reads and assembles Tinyman v2's programs from the checkout at `dir`. Checks that the pool template
 * derives the pool addresses Grove's SDK derives (the logic-sig tinyman-js-sdk ships), and, where the
 * checkout publishes compiled bytecode beside the TEAL, that the assembly equals it byte for byte.
 * Throws a TinymanCheckoutError naming the directory or file otherwise.
 */
export function loadTinymanCheckout(dir: string): TinymanCheckoutPrograms {
  const root = path.resolve(dir)
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    throw new TinymanCheckoutError(`${TINYMAN_DIR_VARIABLE}=${dir} is not a directory; it names a checkout of tinyman-amm-contracts-v2 (git clone ${TINYMAN_REPOSITORY})`)
  }
  const matchedPublished: string[] = []
  const approval = readProgram(root, TINYMAN_CHECKOUT_FILES.approval, matchedPublished)
  const clear = readProgram(root, TINYMAN_CHECKOUT_FILES.clear, matchedPublished)
  const poolTemplate = readProgram(root, TINYMAN_CHECKOUT_FILES.poolTemplate, matchedPublished)
  const templateFile = path.join(root, TINYMAN_CHECKOUT_FILES.poolTemplate)
  const constant = poolTemplate.subarray(TEMPLATE_CONSTANT.offset, TEMPLATE_CONSTANT.offset + TEMPLATE_CONSTANT.length)
  if (TEMPLATE_HEAD.some((b, i) => poolTemplate[i] !== b) || constant.length !== TEMPLATE_CONSTANT.length || constant.some((b) => b !== 0)) {
    throw new TinymanCheckoutError(`${templateFile} is not Tinyman v2's pool template: it does not start with a zero 24-byte (validator, asset 1, asset 2) constant`)
  }
  // one pair with ALGO, one of two assets, under a validator id of each size
  for (const [validator, asset1, asset2] of [
    [1_002_541_853n, 31_566_704n, 0n],
    [148_607_000n, 2n ** 40n + 7n, 10_458_941n],
  ] as const) {
    const derived = new LogicSigAccount(poolProgram(poolTemplate, validator, asset1, asset2)).address().toString()
    const sdk = tinymanPoolAddress(validator, asset1, asset2)
    if (derived !== sdk) {
      throw new TinymanCheckoutError(`${templateFile} derives pool ${derived} for validator ${validator} and assets ${asset1}/${asset2}, not Tinyman v2's ${sdk}`)
    }
  }
  return { dir: root, approval, clear, poolTemplate, matchedPublished }
}

/** The checkout `GROVE_TINYMAN_DIR` names, loaded; undefined when the variable is not set (or empty). */
export function tinymanCheckoutFromEnv(env: Record<string, string | undefined> = process.env): TinymanCheckoutPrograms | undefined {
  const dir = env[TINYMAN_DIR_VARIABLE]
  return dir ? loadTinymanCheckout(dir) : undefined
}
