// A fresh embedded localnet holding, in the dispenser's account, the demo tokens the Tinyman pools
// trade (without Grove's seed): what the checkout tests seed Tinyman pools from.
import { AlgorandClient, Config } from '@algorandfoundation/algokit-utils'
import { startLocalnet, type Localnet } from '@grove/localnet'
import { DEMO_TOKENS, type SeedAccount, type SeededToken } from '../src/seed.ts'
import { DEMO_TINYMAN_POOLS } from '../src/tinyman.ts'

const quiet = () => {}
Config.configure({ logger: { error: quiet, warn: quiet, info: quiet, verbose: quiet, debug: quiet } })

export interface TokensOnLocalnet {
  net: Localnet
  algorand: AlgorandClient
  admin: SeedAccount
  tokens: SeededToken[]
}

/** Starts a localnet and creates, held by its dispenser, the demo tokens DEMO_TINYMAN_POOLS trade. */
export async function startWithTinymanTokens(): Promise<TokensOnLocalnet> {
  const net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  const endpoint = (url: string, token: string) => ({ server: `${new URL(url).protocol}//${new URL(url).hostname}`, port: new URL(url).port, token })
  const algorand = AlgorandClient.fromConfig({ algodConfig: endpoint(net.algod.url, net.algod.token), kmdConfig: endpoint(net.kmd.url, net.kmd.token) })
  const admin = await algorand.account.localNetDispenser()
  const units = new Set(DEMO_TINYMAN_POOLS.flatMap((p) => p.pair))
  const tokens: SeededToken[] = []
  for (const t of DEMO_TOKENS.filter((t) => units.has(t.unitName))) {
    const { assetId } = await algorand.send.assetCreate({
      sender: admin.addr,
      total: BigInt(t.supply) * 10n ** BigInt(t.decimals),
      decimals: t.decimals,
      unitName: t.unitName,
      assetName: t.assetName,
      suppressLog: true,
    })
    tokens.push({ assetId, unitName: t.unitName, assetName: t.assetName, decimals: t.decimals, url: t.url, verified: t.verified })
  }
  return { net, algorand, admin, tokens }
}
