// Simulate and submit run the same code, so a group that simulates cleanly must commit. A test
// file records, through a node wrapper, every group it submits and every group it simulates; at
// its end each strictly simulated group (signed, no relaxing overrides, no failure) is submitted
// to a fresh node that first replays the submits made before that simulation.
import algosdk from 'algosdk'
import type { Node, NodeOptions, SimulateRequest } from '@grove/ledger'

/** One call the suite made: an accepted submit, or a clean strict simulate of a signed group. */
export type Recorded = { kind: 'submit'; bytes: Uint8Array } | { kind: 'simulate'; bytes: Uint8Array; round: bigint }

/** Wraps `node` so that `log` receives its accepted submits and clean strict simulations. */
export function recording(node: Node, log: Recorded[]): Node {
  return new Proxy(node, {
    get(target, prop, receiver) {
      if (prop === 'submit') {
        return (bytes: Uint8Array) => {
          const res = target.submit(bytes)
          log.push({ kind: 'submit', bytes: bytes.slice() })
          return res
        }
      }
      if (prop === 'simulate') {
        return (request: SimulateRequest) => {
          const res = target.simulate(request)
          const txns = request.txnGroups[0] ?? []
          const signed = txns.every((s) => s.sig !== undefined || s.msig !== undefined || s.lsig !== undefined)
          if (signed && res.evalOverrides === undefined && res.txnGroups[0].failure === undefined) {
            log.push({ kind: 'simulate', bytes: Buffer.concat(txns.map((s) => algosdk.encodeMsgpack(s))), round: target.lastRound() })
          }
          return res
        }
      }
      const v: unknown = Reflect.get(target, prop, receiver)
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v
    },
  })
}

/** For each recorded simulation: a fresh node replays the submits before it, then must accept the simulated group. Returns how many were checked. */
export function submitSimulated(log: Recorded[], openNode: (o?: NodeOptions) => Node, now: () => number): number {
  let checked = 0
  for (let i = 0; i < log.length; i++) {
    const sim = log[i]
    if (sim.kind !== 'simulate') continue
    const node = openNode({ now })
    for (const rec of log.slice(0, i)) if (rec.kind === 'submit') node.submit(rec.bytes)
    if (node.lastRound() !== sim.round) throw new Error(`replay reached round ${node.lastRound()}, the simulation ran after ${sim.round}`)
    node.submit(sim.bytes)
    checked++
    void node.close()
  }
  return checked
}
