// GET /api/positions, /api/positions/:id/history and /api/export.csv on both backends, over a
// hand-worked market: ALGO/gUSD (pool 100) at 0.25 gUSD per ALGO and ALGO/FERN (pool 101) at 2 FERN
// per ALGO. OWNER adds a tenth of each pool's liquidity, a trader swaps 100 gUSD (resp. 100 ALGO)
// through each, and OWNER takes all of the FERN pool's share back out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import type { FastifyInstance } from 'fastify'
import { BACKENDS } from '../backends.ts'
import { buildApi } from '../../src/api/app.ts'
import type { Database } from '../../src/db/database.ts'
import { EventWriter, ingest, SYNTHETIC_DEPLOYMENT, TRADER } from '../synthetic.ts'

const DAY = 86_400
const T0 = 19_675 * DAY
const NOW = T0 + 2 * DAY + 12 * 3600
const [ALGO, GUSD, FERN] = [0, 10, 20]
const OWNER = algosdk.encodeAddress(new Uint8Array(32).fill(7))
const ASSETS = [
  { id: 0, unitName: 'ALGO', decimals: 6 },
  { id: GUSD, unitName: 'gUSD', decimals: 6 },
  { id: FERN, unitName: 'FERN', decimals: 6 },
  { id: 100, unitName: 'GLP', decimals: 6 },
  { id: 101, unitName: 'GLP', decimals: 6 },
]

function market(): EventWriter {
  const w = new EventWriter(T0 + 3600)
  // ALGO/gUSD: 4,000 ALGO + 1,000 gUSD mint √(4·10^18) − 1,000 units; OWNER's 400 + 100 mint 200,000,000 (ℓ = 1)
  w.createPool(ALGO, GUSD, 100)
  w.add(ALGO, GUSD, 4_000_000_000n, 1_000_000_000n, 1_999_999_000n)
  // ALGO/FERN: 1,000 ALGO + 2,000 FERN mint ⌊√(2·10^18)⌋ − 1,000; OWNER's 100 ALGO mint ⌊10^8 · S / 10^9⌋ and take ⌈200⌉ FERN
  w.createPool(ALGO, FERN, 101)
  w.add(ALGO, FERN, 1_000_000_000n, 2_000_000_000n, 1_414_212_562n)
  w.time = T0 + 7200
  w.add(ALGO, GUSD, 400_000_000n, 100_000_000n, 200_000_000n, OWNER)
  w.add(ALGO, FERN, 100_000_000n, 200_000_000n, 141_421_356n, OWNER)
  w.time = T0 + DAY + 3600
  // 100 gUSD in: 365,658,081 µALGO out, the pool keeps 0.25 gUSD of the 0.30 fee
  w.swap(GUSD, ALGO, 100_000_000n)
  // 100 ALGO in: 182,829,040 FERN base units out
  w.swap(ALGO, FERN, 100_000_000n)
  w.time = T0 + DAY + 7200
  // all of OWNER's FERN-pool units: ⌊141,421,356 × 1,199,950,000 / 1,555,634,918⌋ µALGO and ⌊… × 2,017,170,960 / …⌋ FERN
  w.remove(ALGO, FERN, 109_086_363n, 183_379_177n, 141_421_356n, OWNER)
  return w
}

interface Position {
  id: string
  kind: string
  status: string
  closedTime: number | null
  lp: {
    pool: { id: number }
    units: string
    deposited: { a: string; b: string; usd: number | null }
    withdrawn: { a: string; b: string; usd: number | null }
    value: { a: string; b: string; inB: string; usd: number | null }
    fees: { units: string; a: string; b: string; inB: string; usd: number | null }
    hold: { inB: string; usd: number | null }
    impermanentLoss: { inB: string; usd: number | null }
    pnlVsHold: { inB: string; usd: number | null }
    pnlUsd: number | null
    feeApr: number | null
    changes: { kind: string; usd: number | null }[]
  }
}

describe.each(BACKENDS)('positions on $name', (backend) => {
  let db: Database
  let app: FastifyInstance
  const get = (url: string) => app.inject({ method: 'GET', url })

  beforeAll(async () => {
    db = await backend.open()
    await ingest(db, market().events, ASSETS)
    // a farm of the gUSD pool's LP paying gUSD, where OWNER stakes 50,000,000 units and claims 5 gUSD; and the vault
    const t = T0 + 2 * DAY
    await db.query(`INSERT INTO programs VALUES (7, 100, ${GUSD}, NULL, 1, 0, ${T0}, ${NOW + DAY}, 'farm', '${TRADER}', 100, ${t}, 102)`)
    await db.query(`INSERT INTO staking_events (round, intra, log_index, time, txn_id, program_id, kind, account, amount, stake, reward1, reward2) VALUES
      (101, 0, 0, ${t}, 'S1', 7, 'stake', '${OWNER}', 50000000, 50000000, NULL, NULL), (102, 0, 0, ${t + 60}, 'S2', 7, 'claim', '${OWNER}', NULL, 50000000, 5000000, 0)`)
    await db.query(`INSERT INTO stake_positions VALUES (7, '${OWNER}', 50000000, 102)`)
    await db.query(`INSERT INTO vault_events (round, intra, log_index, time, txn_id, kind, account, grove, sgrove, total_grove, total_shares) VALUES
      (103, 0, 0, ${t + 120}, 'V1', 'stake', '${OWNER}', 1000000, 1000000, 1000000, 1000000), (104, 0, 0, ${t + 180}, 'V2', 'buyback', '${TRADER}', 200000, NULL, 1200000, 1000000)`)
    app = await buildApi({ db, deployment: SYNTHETIC_DEPLOYMENT, now: () => NOW })
  })
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  const positionsOf = async (owner: string): Promise<Position[]> => {
    const res = await get(`/api/positions?owner=${owner}`)
    expect(res.statusCode, res.body).toBe(200)
    return res.json().positions
  }

  describe('GET /api/positions', () => {
    it('gives an open position its hand-worked fees, impermanent loss and P&L against holding, to the base unit', async () => {
      const [open] = (await positionsOf(OWNER)).filter((p) => p.lp?.pool.id === 100)
      expect(open).toMatchObject({ kind: 'lp', status: 'open', closedTime: null })
      const lp = open!.lp
      expect(lp.units).toBe('200000000')
      expect(lp.deposited).toMatchObject({ a: '400000000', b: '100000000' })
      // ℓ grew from 2^64 to 18,448,665,990,362,513,314 / 2^64: ⌊2·10^8 × (1 − ℓ0/ℓ)⌋ = 20,835 units
      expect(lp.fees).toMatchObject({ units: '20835', a: '38207', b: '11364', inB: '22728' })
      // worth 22,728 µgUSD: 200/2,200 of the 0.25 gUSD the pool kept is 22,727.3
      expect(lp.value).toMatchObject({ a: '366758356', b: '109086363', inB: '218172726' })
      expect(lp.hold.inB).toBe('218973554')
      expect(lp.impermanentLoss.inB).toBe('-823556')
      expect(lp.pnlVsHold.inB).toBe('-800828')
      expect(BigInt(lp.fees.inB) + BigInt(lp.hold.inB) + BigInt(lp.impermanentLoss.inB)).toBe(BigInt(lp.value.inB))
      // gUSD is the dollar: B's base units are µUSD
      expect(lp.fees.usd).toBeCloseTo(0.022728, 5)
      expect(lp.impermanentLoss.usd).toBeCloseTo(-0.823556, 6)
      // deposited at 0.25 USD per ALGO: 400 × 0.25 + 100
      expect(lp.deposited.usd).toBeCloseTo(200, 9)
      expect(lp.pnlUsd).toBeCloseTo(218.172726 - 200, 4)
      expect(lp.changes).toEqual([expect.objectContaining({ kind: 'add', usd: expect.closeTo(200, 9) })])
      // 20,835 units of 200,000,000 over the 2.5 days minus 2 hours held
      expect(lp.feeApr).toBeCloseTo((20_835 / 200_000_000) * (31_557_600 / (NOW - T0 - 7200)), 9)
    })

    it('keeps a closed position with its figures at the close: everything withdrawn, fees inside it', async () => {
      const [closed] = (await positionsOf(OWNER)).filter((p) => p.lp?.pool.id === 101)
      expect(closed).toMatchObject({ status: 'closed', closedTime: T0 + DAY + 7200 })
      const lp = closed!.lp
      expect(lp).toMatchObject({ units: '0', withdrawn: { a: '109086363', b: '183379177' }, value: { inB: '0' } })
      expect(lp.fees).toMatchObject({ units: '14732', a: '11363', b: '19102', inB: '38203' })
      expect(lp.pnlVsHold.inB).toBe('-1346230')
      expect(lp.impermanentLoss.inB).toBe('-1384433')
      expect(lp.changes.map((c) => c.kind)).toEqual(['add', 'remove'])
    })

    it('gives a farm its rewards claimed, in USD at the time, and the liquidity position its units staked there', async () => {
      const all = await positionsOf(OWNER)
      const farm = all.find((p) => p.kind === 'program') as unknown as { status: string; program: { programId: number; programKind: string; staked: string; rewards: unknown[] } }
      expect(farm).toMatchObject({ status: 'open', program: { programId: 7, programKind: 'farm', staked: '50000000' } })
      // without algod nothing says what is pending
      expect(farm.program.rewards).toEqual([{ asset: expect.objectContaining({ id: GUSD }), claimed: '5000000', claimedUsd: 5, pending: null, pendingUsd: null }])
      expect(all.find((p) => p.lp?.pool.id === 100)?.lp).toMatchObject({ units: '200000000', staked: '50000000', locked: '0' })
    })

    it("gives the vault's sGROVE gain: what the shares return now less what was staked", async () => {
      const vault = (await positionsOf(OWNER)).find((p) => p.kind === 'vault') as unknown as { vault: Record<string, unknown> }
      // 1,000,000 shares of 1,000,000 after a buyback of 200,000 GROVE
      expect(vault.vault).toEqual({ shares: '1000000', staked: '1000000', unstaked: '0', worth: '1200000', gain: '200000', gainUsd: null })
    })

    it('lists newest first and pages with a cursor', async () => {
      const all = await positionsOf(OWNER)
      expect(all.map((p) => p.kind + (p.lp ? p.lp.pool.id : ''))).toEqual(['vault', 'program', 'lp101', 'lp100'])
      const first = (await get(`/api/positions?owner=${OWNER}&limit=3`)).json()
      expect(first.positions.map((p: Position) => p.id)).toEqual(all.slice(0, 3).map((p) => p.id))
      const second = (await get(`/api/positions?owner=${OWNER}&limit=3&cursor=${first.nextCursor}`)).json()
      expect(second).toEqual({ positions: [all[3]], nextCursor: null })
    })

    it('gives an account without positions an empty list', async () => {
      expect(await positionsOf(TRADER)).toEqual([])
    })

    it('returns 400 with a sentence without an owner, for a bad address or a forged cursor', async () => {
      for (const [url, message] of [
        ['/api/positions', "querystring must have required property 'owner'"],
        [`/api/positions?owner=${OWNER.slice(0, -1)}B`, /owner is not/],
        [`/api/positions?owner=${OWNER}&cursor=abc`, 'cursor is not a cursor this API returned'],
      ] as const) {
        const res = await get(url)
        expect(res.statusCode, url).toBe(400)
        expect(res.json().message, url).toMatch(message)
      }
    })
  })

  describe('GET /api/positions/:id/history', () => {
    it("gives each day's end: no fees before the swap, then the fees and IL the position has now", async () => {
      const [open] = (await positionsOf(OWNER)).filter((p) => p.lp?.pool.id === 100)
      const res = await get(`/api/positions/${open!.id}/history`)
      expect(res.statusCode, res.body).toBe(200)
      const { days } = res.json()
      expect(days.map((d: { day: number }) => d.day)).toEqual([T0, T0 + DAY, T0 + 2 * DAY])
      expect(days[0]).toMatchObject({ value: { inB: '200000000' }, fees: { inB: '0' }, impermanentLoss: { inB: '0' } })
      expect(days[2]).toMatchObject({ value: { inB: open!.lp.value.inB }, fees: { inB: open!.lp.fees.inB }, impermanentLoss: { inB: open!.lp.impermanentLoss.inB } })
    })

    it('returns 404 for a position that does not exist and 400 for a malformed id', async () => {
      expect((await get('/api/positions/lp-1-0-9/history')).statusCode).toBe(404)
      const res = await get('/api/positions/lp-x/history')
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toMatch(/^params\/id must/)
    })
  })

  describe('GET /api/export.csv', () => {
    it('writes one row per action, oldest first, in Koinly’s columns with the USD of the time and the fees a remove realized', async () => {
      const res = await get(`/api/export.csv?owner=${OWNER}`)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.headers['content-type']).toMatch(/^text\/csv/)
      const [header, ...rows] = res.body.trim().split('\r\n')
      expect(header).toBe('Date,Kind,Pool or Program,Sent Amount,Sent Currency,Sent Amount 2,Sent Currency 2,Received Amount,Received Currency,Received Amount 2,Received Currency 2,Fee Amount,Fee Currency,Net Worth Amount,Net Worth Currency,Fees Earned (USD),Label,Description,TxHash')
      expect(rows.map((r) => r.split(',')[1])).toEqual(['add liquidity', 'add liquidity', 'remove liquidity', 'stake', 'claim'])
      expect(rows[0]).toBe(`2023-11-14 02:00:00,add liquidity,ALGO/gUSD (grove pool 100),400,ALGO,100,gUSD,200,GLP-100,,,,,200,USD,,liquidity in,Added liquidity to ALGO/gUSD (grove pool 100),TX5`)
      const remove = rows[2]!.split(',')
      expect(remove.slice(1, 11)).toEqual(['remove liquidity', 'ALGO/FERN (grove pool 101)', '141.421356', 'GLP-101', '', '', '109.086363', 'ALGO', '183.379177', 'FERN'])
      // 14,732 fee units withdraw 11,363 µALGO + 19,102 µFERN: $0.00338 a side at 0.2974 USD per ALGO and 0.5949 ALGO per FERN
      expect(Number(remove[15])).toBeCloseTo(0.00676, 6)
      // the farm's stake sends LP units; its claim receives 5 gUSD, worth $5 then
      expect(rows[3]!.split(',').slice(2, 5)).toEqual(['program 7', '50', 'GLP-100'])
      expect(rows[4]!.split(',').slice(7, 17)).toEqual(['5', 'gUSD', '', '', '', '', '5', 'USD', '', 'reward'])
    })

    it("writes a trader's swaps with the pool's fee on the input", async () => {
      const rows = (await get(`/api/export.csv?owner=${TRADER}`)).body.trim().split('\r\n').slice(1)
      expect(rows[0]!.split(',').slice(1, 13)).toEqual(['swap', 'ALGO/gUSD (grove pool 100)', '100', 'gUSD', '', '', '365.658081', 'ALGO', '', '', '0.3', 'gUSD'])
    })

    it('keeps to the range, and refuses a range that ends before it starts', async () => {
      const rows = (await get(`/api/export.csv?owner=${OWNER}&from=${T0 + DAY}&to=${NOW}`)).body.trim().split('\r\n')
      expect(rows.map((r) => r.split(',')[1])).toEqual(['Kind', 'remove liquidity', 'stake', 'claim'])
      const res = await get(`/api/export.csv?owner=${OWNER}&from=10&to=5`)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('from (10) must not be after to (5)')
    })
  })

  it('documents the new routes in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json()
    for (const path of ['/api/positions', '/api/positions/{id}/history', '/api/export.csv']) expect(doc.paths[path], path).toBeDefined()
    expect(doc.paths['/api/positions'].get.responses['200'].content['application/json'].schema.properties.positions.items.properties.lp.properties.impermanentLoss).toBeDefined()
  })
})
