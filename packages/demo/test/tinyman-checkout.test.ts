// GROVE_TINYMAN_DIR's loader and start path without Tinyman's code: a temporary directory laid out like a
// checkout of tinyman-amm-contracts-v2 (contracts/build/*.teal, bytecode published beside as .teal.tok)
// but holding the Tinyman v2-compatible venue's compiled TEAL and the pool logic-sig tinyman-js-sdk ships.
// Tinyman's own programs are tested by tinyman-checkout-real.test.ts when a checkout is at hand.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { assemble, disassemble } from '@grove/avm'
import VENUE_ARC56 from '@grove/contracts/artifacts/TinymanV2Venue.arc56.json' with { type: 'json' }
import { tinymanPoolAddress } from '@grove/sdk/venues'
import { tinymanContract_v2 } from '@tinymanorg/tinyman-js-sdk'
import { LogicSigAccount } from 'algosdk'
import { TINYMAN_CHECKOUT_FILES, TinymanCheckoutError, loadTinymanCheckout, poolProgram, tinymanCheckoutFromEnv } from '../src/tinyman-checkout.ts'
import { DEMO_TINYMAN_POOLS, demoVenues, findTinymanValidator, seedTinyman } from '../src/tinyman.ts'
import { startWithTinymanTokens, type TokensOnLocalnet } from './tinyman-localnet.ts'

const artifacts = path.resolve(import.meta.dirname, '../../contracts/artifacts')

/**
 * The venue's approval TEAL as the checkout's: Tinyman's validator is created by a bare call (no
 * arguments) while the venue's TEALScript create is an ABI method, so this copy answers a bare create
 * with the venue's createApplication (after its constant blocks) before the venue's own routing.
 */
const venueApprovalTeal = readFileSync(path.join(artifacts, 'TinymanV2Venue.approval.teal'), 'utf8').replace(
  /^(#pragma version \d+\nintcblock .*\nbytecblock .*\n)/,
  '$1txn ApplicationID\nbnz fixture_call\ncallsub createApplication\npushint 1\nreturn\nfixture_call:\n',
)
const venueApproval = Buffer.from(assemble(venueApprovalTeal).program!)

/** The pool logic-sig as tinyman-js-sdk ships it, its 24-byte (validator, asset 1, asset 2) constant zero. */
function sdkPoolTemplate(): Uint8Array {
  const program = Uint8Array.from(tinymanContract_v2.generateLogicSigAccountForPool({ network: 'testnet', asset1ID: 1, asset2ID: 0 }).lsig.logic)
  program.fill(0, 3, 27)
  return program
}

let root: string
/** A fresh directory laid out like a checkout; `change` edits it before it is returned. */
function checkout(change: (dir: string) => void = () => {}): string {
  const dir = mkdtempSync(path.join(root, 'checkout-'))
  const build = path.join(dir, 'contracts/build')
  mkdirSync(build, { recursive: true })
  writeFileSync(path.join(dir, TINYMAN_CHECKOUT_FILES.approval), venueApprovalTeal)
  writeFileSync(path.join(dir, `${TINYMAN_CHECKOUT_FILES.approval}.tok`), venueApproval)
  writeFileSync(path.join(dir, TINYMAN_CHECKOUT_FILES.clear), readFileSync(path.join(artifacts, 'TinymanV2Venue.clear.teal')))
  writeFileSync(path.join(dir, TINYMAN_CHECKOUT_FILES.poolTemplate), disassemble(sdkPoolTemplate()))
  change(dir)
  return dir
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'grove-tinyman-dir-'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('loadTinymanCheckout', () => {
  it('assembles the three programs of a checkout, matches the bytecode published beside them and derives the SDK’s pool addresses', () => {
    const programs = loadTinymanCheckout(checkout())
    expect(venueApprovalTeal).toContain('fixture_call:')
    expect(Buffer.from(programs.approval)).toEqual(venueApproval)
    expect(Buffer.from(programs.clear).toString('base64')).toBe(VENUE_ARC56.byteCode.clear)
    expect(programs.poolTemplate).toEqual(sdkPoolTemplate())
    expect(programs.matchedPublished).toEqual([TINYMAN_CHECKOUT_FILES.approval])
    const pool = new LogicSigAccount(poolProgram(programs.poolTemplate, 1_234n, 987n, 0n)).address().toString()
    expect(pool).toBe(tinymanPoolAddress(1_234n, 0n, 987n))
  })

  it('names the directory when it does not exist', () => {
    const missing = path.join(root, 'no-such-checkout')
    expect(() => loadTinymanCheckout(missing)).toThrow(TinymanCheckoutError)
    expect(() => loadTinymanCheckout(missing)).toThrow(`GROVE_TINYMAN_DIR=${missing} is not a directory; it names a checkout of tinyman-amm-contracts-v2`)
  })

  it.each(Object.values(TINYMAN_CHECKOUT_FILES))('names %s when the checkout lacks it', (file) => {
    const dir = checkout((d) => rmSync(path.join(d, file)))
    expect(() => loadTinymanCheckout(dir)).toThrow(
      `GROVE_TINYMAN_DIR=${dir} is not a checkout of tinyman-amm-contracts-v2: ${path.join(dir, file)} is missing (git clone https://github.com/tinymanorg/tinyman-amm-contracts-v2)`,
    )
  })

  it('names the file it looked for when given a folder inside the checkout instead of its root', () => {
    const dir = path.join(checkout(), 'contracts')
    expect(() => loadTinymanCheckout(dir)).toThrow(`${path.join(dir, 'contracts/build/amm_approval.teal')} is missing`)
  })

  it('names the file and line of TEAL that does not assemble', () => {
    const dir = checkout((d) => writeFileSync(path.join(d, TINYMAN_CHECKOUT_FILES.clear), '#pragma version 7\npushint 1\nno_such_op\n'))
    expect(() => loadTinymanCheckout(dir)).toThrow(new RegExp(`^${path.join(dir, TINYMAN_CHECKOUT_FILES.clear)} does not assemble: 3: .*no_such_op`))
  })

  it('refuses TEAL whose assembly differs from the bytecode published beside it, naming both files and the first differing byte', () => {
    const tampered = Uint8Array.from(venueApproval)
    tampered[100] ^= 1
    const dir = checkout((d) => writeFileSync(path.join(d, `${TINYMAN_CHECKOUT_FILES.approval}.tok`), tampered))
    const file = path.join(dir, TINYMAN_CHECKOUT_FILES.approval)
    expect(() => loadTinymanCheckout(dir)).toThrow(`${file} assembles to ${venueApproval.length} bytes that differ from the published ${file}.tok (${venueApproval.length} bytes) at byte 100`)
  })

  it('refuses a pool template that derives other pool addresses than Tinyman v2’s', () => {
    // the same template but accepting a NoOp call instead of the OptIn
    const dir = checkout((d) => writeFileSync(path.join(d, TINYMAN_CHECKOUT_FILES.poolTemplate), disassemble(sdkPoolTemplate()).replace(/pushint 1\n==/, 'pushint 0\n==')))
    expect(() => loadTinymanCheckout(dir)).toThrow(/pool_template\.teal derives pool [A-Z2-7]{58} for validator 1002541853 and assets 31566704\/0, not Tinyman v2's [A-Z2-7]{58}/)
  })

  it('refuses a pool template without the zero (validator, asset 1, asset 2) constant', () => {
    const dir = checkout((d) => writeFileSync(path.join(d, TINYMAN_CHECKOUT_FILES.poolTemplate), '#pragma version 6\npushint 1\nreturn\n'))
    expect(() => loadTinymanCheckout(dir)).toThrow('pool_template.teal is not Tinyman v2\'s pool template')
  })

  it('reads the checkout GROVE_TINYMAN_DIR names, and nothing when the variable is unset or empty', () => {
    const dir = checkout()
    expect(tinymanCheckoutFromEnv({ GROVE_TINYMAN_DIR: dir })?.dir).toBe(dir)
    expect(tinymanCheckoutFromEnv({})).toBeUndefined()
    expect(tinymanCheckoutFromEnv({ GROVE_TINYMAN_DIR: '' })).toBeUndefined()
  })
})

describe('seedTinyman from a checkout', () => {
  let chain: TokensOnLocalnet
  beforeAll(async () => {
    chain = await startWithTinymanTokens()
  }, 120_000)
  afterAll(() => chain?.net.stop())

  it('deploys the checkout’s programs as the validator, seeds the demo pools through it and labels it Tinyman v2', async () => {
    const programs = loadTinymanCheckout(checkout())
    const { algorand, admin, tokens } = chain
    const seeded = await seedTinyman({ algorand, admin, tokens, checkout: programs })
    expect(seeded.programs).toBe('tinyman-v2')
    const params = (await algorand.client.algod.getApplicationByID(seeded.validatorAppId).do()).params!
    expect(Buffer.from(params.approvalProgram)).toEqual(Buffer.from(programs.approval))
    expect(params.localStateSchema).toMatchObject({ numUint: 12, numByteSlice: 2 })
    expect(await findTinymanValidator(algorand.client.algod, admin.addr.toString(), programs)).toEqual({ appId: seeded.validatorAppId, programs: 'tinyman-v2' })

    const [, tinyman] = demoVenues(algorand.client.algod, { dexAppId: 1n, registryAppId: 1n, tinymanAppId: seeded.validatorAppId, tinymanPrograms: seeded.programs })
    expect(tinyman!.label).toBe('Tinyman v2')
    const asset = (unit: string) => (unit === 'ALGO' ? 0n : tokens.find((t) => t.unitName === unit)!.assetId)
    for (const { pair } of DEMO_TINYMAN_POOLS) {
      const [pool] = await tinyman!.findPools(asset(pair[0]), asset(pair[1]))
      expect(pool?.reserves.every((r) => r > 0n), pair.join('/')).toBe(true)
    }
  }, 120_000)

  it('deploys the compatible venue without a checkout, labelled as such, and finds each validator by its programs', async () => {
    const { algorand, admin, tokens } = chain
    const seeded = await seedTinyman({ algorand, admin, tokens })
    expect(seeded.programs).toBe('compatible')
    const params = (await algorand.client.algod.getApplicationByID(seeded.validatorAppId).do()).params!
    expect(Buffer.from(params.approvalProgram).toString('base64')).toBe(VENUE_ARC56.byteCode.approval)
    expect(await findTinymanValidator(algorand.client.algod, admin.addr.toString())).toEqual({ appId: seeded.validatorAppId, programs: 'compatible' })
    const [, tinyman] = demoVenues(algorand.client.algod, { dexAppId: 1n, registryAppId: 1n, tinymanAppId: seeded.validatorAppId })
    expect(tinyman!.label).toBe('Tinyman v2-compatible (local)')
  }, 120_000)
})
