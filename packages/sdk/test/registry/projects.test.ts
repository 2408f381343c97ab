// The SDK's project builders, its readers (every project, one project), events and checks against the registry on the localnet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { microAlgo } from '@algorandfoundation/algokit-utils'
import type { DexGroup } from '../../src/dex/transactions.ts'
import {
  buildEditProject,
  buildRegisterProject,
  buildRemoveProject,
  buildSetProjectVerified,
  buildTransferProject,
  checkProjectFields,
  decodeProjectEvents,
  PROJECT_MIN_BALANCE,
} from '../../src/registry/projects.ts'
import type { ComposedGroup } from '../../src/core/group.ts'
import type { GroveContext } from '../../src/core/context.ts'
import { CONTRACT_ERROR_MESSAGES } from '../../src/errors.ts'
import { buildAdminAction } from '../../src/registry/admin.ts'
import { registryContract } from '../../src/registry/module.ts'
import { REGISTRY_SPEC } from '../../src/registry/spec.ts'
import { startGrove, type Grove } from '../fixture.ts'

let g: Grove
let ctx: GroveContext
let admin: GroveContext
const send = (group: ComposedGroup) => g.send(group as unknown as DexGroup)

beforeAll(async () => {
  g = await startGrove()
  ctx = g.ctx
  admin = { ...ctx, sender: g.admin.addr, signer: g.admin.signer }
  await g.algorand.send.payment({ sender: g.admin.addr, receiver: (await g.algorand.app.getById(g.registryAppId)).appAddress, amount: microAlgo(100_000) })
}, 120_000)

afterAll(async () => {
  await g?.stop()
})

describe('projects through the SDK', () => {
  it('registers two projects, lists them verified first, edits, transfers and removes', async () => {
    const [a, b] = [g.assets[0]!, g.assets[1]!]
    const group = await buildRegisterProject(ctx, a, 'USD Coin', 'https://example.com/usdc.json')
    expect(group.fee).toBe(2000n)
    const sent = await send(group)
    expect(decodeProjectEvents(sent.logs.flat())).toEqual([{ name: 'ProjectRegistered', args: { asset: a, owner: g.trader.addr.toString(), name: 'USD Coin', url: 'https://example.com/usdc.json' } }])
    await send(await buildRegisterProject(ctx, b, 'Whole', ''))
    await send(await buildSetProjectVerified(admin, b, true))
    expect((await registryContract.readers.projects(g)).map((p) => [p.asset, p.verified])).toEqual([
      [b, true],
      [a, false],
    ])
    await send(await buildEditProject(ctx, a, 'USDC', 'https://example.com/2.json'))
    expect(await registryContract.readers.project(g, a)).toMatchObject({ name: 'USDC', url: 'https://example.com/2.json' })
    await send(await buildTransferProject(ctx, a, g.admin.addr))
    const project = (await registryContract.readers.project(g, a))!
    expect(project.owner).toBe(g.admin.addr.toString())
    const before = await g.balance(0n, g.admin.addr)
    const removal = await buildRemoveProject(admin, project)
    expect(removal.fee).toBe(2000n)
    await send(removal)
    expect(await g.balance(0n, g.admin.addr)).toBe(before + PROJECT_MIN_BALANCE - 2000n)
    expect(await registryContract.readers.project(g, a)).toBeUndefined()
  })

  it('refuses a stranger’s registration, with words for it', async () => {
    const error = await send(await buildRegisterProject(admin, g.assets[2]!, 'Not mine', '')).catch((e: unknown) => e)
    expect(registryContract.explain(error, { registryAppId: g.registryAppId })).toMatchObject({ code: 'ERR:NOT_CREATOR', message: 'Only the token’s manager (its creator when it has none) can register or claim its project' })
  })

  it('has a sentence for every ERR:* the registry asserts with', () => {
    const codes = REGISTRY_SPEC.sourceInfo!.approval.sourceInfo.map((s) => s.errorMessage).filter((m) => m?.startsWith('ERR:'))
    // each a sentence a person reads, not the bare code
    for (const code of codes) expect(registryContract.errors[code!] ?? CONTRACT_ERROR_MESSAGES[code!], code).toMatch(/^[A-Z][^\s:]* \S.*\S$/)
  })

  it('sends an admin action through the group builder: the same action twice in one validity window is two transactions', async () => {
    const adminCtx = { ...admin, suggestedParams: await g.algod.getTransactionParams().do() }
    const { treasury } = await registryContract.readers.state(g)
    const [first, second] = [await buildAdminAction(adminCtx, { kind: 'setTreasury', address: treasury }), await buildAdminAction(adminCtx, { kind: 'setTreasury', address: treasury })]
    expect([first.fee, second.fee, first.topUp]).toEqual([1000n, 1000n, 0n])
    await send(first)
    await send(second)
    expect((await registryContract.readers.state(g)).treasury).toBe(treasury)
  })

  it('checks the name and URL lengths in bytes before sending', () => {
    expect(checkProjectFields('é'.repeat(16), '')).toBeUndefined()
    expect(checkProjectFields('é'.repeat(17), '')).toBe('ERR:NAME_TOO_LONG')
    expect(checkProjectFields('x', 'u'.repeat(97))).toBe('ERR:URL_TOO_LONG')
  })
})
