// algokit-utils' own LocalNet tooling, unmodified, against the embedded localnet over HTTP:
// algorandFixture (test accounts funded from kmd's dispenser), localNetDispenser and
// ensureFundedFromEnvironment.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { Config, algo, microAlgo } from '@algorandfoundation/algokit-utils'
import { algorandFixture } from '@algorandfoundation/algokit-utils/testing'
import { genesisAccounts } from '@grove/ledger'
import { startDropinNet, type DropinNet } from './dropin-helpers.ts'

let d: DropinNet

beforeAll(async () => {
  d = await startDropinNet()
})

afterAll(async () => {
  await d.stop()
})

describe('algorandFixture', () => {
  // config is read when the fixture is made, so build it lazily once the ports are known
  let fixture: ReturnType<typeof algorandFixture>
  beforeEach(async () => {
    fixture ??= algorandFixture({ ...d.config, testAccountFunding: algo(5) })
    await fixture.newScope()
    // the fixture turns debug logging on; the transactions it would print are not what is tested
    Config.configure({ logger: { error: () => {}, warn: () => {}, info: () => {}, verbose: () => {}, debug: () => {} } })
  })

  it('funds a fresh test account from the kmd dispenser', async () => {
    const { testAccount, algorand } = fixture.context
    const info = await algorand.account.getInformation(testAccount.addr)
    expect(info.balance.microAlgo).toBe(5_000_000n)
    expect(info.minBalance.microAlgo).toBe(100_000n)
  })

  it('recognises the network as a LocalNet', async () => {
    expect(await fixture.context.algorand.client.isLocalNet()).toBe(true)
  })

  it('sends a payment between generated accounts and waits for confirmation', async () => {
    const { algorand, testAccount, generateAccount } = fixture.context
    const other = await generateAccount({ initialFunds: algo(1) })
    const res = await algorand.send.payment({ sender: testAccount.addr, receiver: other.addr, amount: microAlgo(12_345) })
    expect(res.confirmation.confirmedRound).toBeGreaterThan(0n)
    expect((await algorand.account.getInformation(other.addr)).balance.microAlgo).toBe(1_012_345n)
  })

  it('creates an asset and opts a second account in through the composer', async () => {
    const { algorand, testAccount, generateAccount } = fixture.context
    const holder = await generateAccount({ initialFunds: algo(1) })
    const created = await algorand.send.assetCreate({ sender: testAccount.addr, total: 1000n, decimals: 0, assetName: 'Fixture', unitName: 'FIX' })
    const assetId = created.assetId
    await algorand
      .newGroup()
      .addAssetOptIn({ sender: holder.addr, assetId })
      .addAssetTransfer({ sender: testAccount.addr, receiver: holder.addr, assetId, amount: 7n })
      .send()
    const holding = await algorand.asset.getAccountInformation(holder.addr, assetId)
    expect(holding.balance).toBe(7n)
  })

  it('gives each scope a new test account', async () => {
    const first = fixture.context.testAccount.addr.toString()
    await fixture.newScope()
    expect(fixture.context.testAccount.addr.toString()).not.toBe(first)
  })
})

describe('dispensers', () => {
  it('finds the LocalNet dispenser in kmd: the richest genesis account', async () => {
    const dispenser = await d.algorand.account.localNetDispenser()
    const genesis = genesisAccounts().map((a) => a.address)
    expect(genesis).toContain(dispenser.addr.toString())
  })

  it('ensureFundedFromEnvironment tops an account up to the asked spending balance', async () => {
    const target = algosdk.generateAccount().addr
    const res = await d.algorand.account.ensureFundedFromEnvironment(target, algo(2))
    expect(res?.amountFunded.microAlgo).toBe(2_100_000n)
    const again = await d.algorand.account.ensureFundedFromEnvironment(target, algo(2))
    expect(again).toBeUndefined()
    expect((await d.algod.accountInformation(target).do()).amount).toBe(2_100_000n)
  })

  it('ensureFunded from the dispenser honours minFundingIncrement', async () => {
    const dispenser = await d.algorand.account.localNetDispenser()
    const target = algosdk.generateAccount().addr
    await d.algorand.account.ensureFunded(target, dispenser, algo(1), { minFundingIncrement: algo(3) })
    expect((await d.algod.accountInformation(target).do()).amount).toBe(3_000_000n)
  })
})
