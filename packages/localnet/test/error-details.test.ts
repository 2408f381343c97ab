// A failing program's error ends as go-algorand 4.x's does: `Details: app=N, pc=P, opcodes=<the
// failing op and up to two before it, disassembled>` in simulate always, and on send for app
// programs (algod's pool evaluates with the detailed tracer when EnableDeveloperAPI is on, as
// AlgoKit LocalNet sets it); a LogicSig is verified before the pool, so on send it keeps `pc=P`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import algosdk from 'algosdk'
import { genesisAccounts } from '@grove/ledger'
import { startLocalnet, type Localnet } from '../src/index.ts'

const [wallet1] = genesisAccounts()
let net: Localnet
let algod: algosdk.Algodv2

beforeAll(async () => {
  net = await startLocalnet({ algodPort: 0, kmdPort: 0 })
  algod = new algosdk.Algodv2(net.algod.token, net.algod.url)
})
afterAll(async () => net?.stop())

async function compile(source: string): Promise<Uint8Array> {
  return algosdk.base64ToBytes((await algod.compile(source).do()).result)
}

/** algod's message for a refused send. */
async function sendError(stxn: Uint8Array): Promise<string> {
  const res = await fetch(`${net.algod.url}/v2/transactions`, { method: 'POST', headers: { 'X-Algo-API-Token': net.algod.token, 'Content-Type': 'application/x-binary' }, body: stxn })
  expect(res.status).toBe(400)
  return ((await res.json()) as { message: string }).message
}

/** simulate's failure message for one signed transaction. */
async function simulateError(stxn: Uint8Array): Promise<string> {
  const request = new algosdk.modelsv2.SimulateRequest({ txnGroups: [new algosdk.modelsv2.SimulateRequestTransactionGroup({ txns: [algosdk.decodeSignedTransaction(stxn)] })] })
  const result = await algod.simulateTransactions(request).do()
  return result.txnGroups[0].failureMessage!
}

describe('failing programs name their opcodes', () => {
  it('an app call: `app=N, pc=P, opcodes=…` on send and in simulate, the same text', async () => {
    const txn = algosdk.makeApplicationCreateTxnFromObject({
      sender: wallet1.address,
      approvalProgram: await compile('#pragma version 10\nbyte "grove"\nlog\npushint 1\npushint 2\n==\nassert\npushint 1'),
      clearProgram: await compile('#pragma version 10\nint 1'),
      onComplete: algosdk.OnApplicationComplete.NoOpOC,
      suggestedParams: await algod.getTransactionParams().do(),
    })
    const stxn = txn.signTxn(wallet1.secretKey)
    const details = /\. Details: app=(\d+), pc=14, opcodes=pushint 2; ==; assert$/
    const sent = await sendError(stxn)
    expect(sent).toMatch(new RegExp(`^TransactionPool\\.Remember: transaction ${txn.txID()}: logic eval error: assert failed pc=14${details.source}`))
    const simulated = await simulateError(stxn)
    expect(simulated).toMatch(new RegExp(`logic eval error: assert failed pc=14${details.source}`))
    // the app id is the one the create would have made, in both
    expect(details.exec(sent)![1]).toBe(details.exec(simulated)![1])
  })

  it('an inner app call: the inner program names its opcodes, and so does the outer itxn_submit', async () => {
    const inner = await compile('#pragma version 10\n#pragma typetrack false\npushbytes 0x01\npushint 1\n+\npushint 1')
    const outer = await compile(
      `#pragma version 10\ntxn ApplicationID\nbz create\nitxn_begin\npushint 6 // appl\nitxn_field TypeEnum\npushbytes 0x${Buffer.from(inner).toString('hex')}\nitxn_field ApprovalProgram\npushbytes 0x${Buffer.from(inner).toString('hex')}\nitxn_field ClearStateProgram\nitxn_submit\ncreate:\npushint 1`,
    )
    const sp = await algod.getTransactionParams().do()
    const create = algosdk.makeApplicationCreateTxnFromObject({ sender: wallet1.address, approvalProgram: outer, clearProgram: inner, onComplete: 0, suggestedParams: sp })
    const { txid } = await algod.sendRawTransaction(create.signTxn(wallet1.secretKey)).do()
    const appId = (await algosdk.waitForConfirmation(algod, txid, 4)).applicationIndex!
    await algod.sendRawTransaction(algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: wallet1.address, receiver: algosdk.getApplicationAddress(appId), amount: 1_000_000, suggestedParams: sp }).signTxn(wallet1.secretKey)).do()
    const call = algosdk.makeApplicationNoOpTxnFromObject({ sender: wallet1.address, appIndex: appId, suggestedParams: { ...sp, fee: 2000n, flatFee: true } })
    const sent = await sendError(call.signTxn(wallet1.secretKey))
    const hex = Buffer.from(inner).toString('hex')
    expect(sent).toMatch(
      new RegExp(
        `: logic eval error: inner tx 0 failed: logic eval error: \\+ arg 0 wanted uint64 but got \\[\\]byte\\. Details: app=\\d+, pc=6, opcodes=pushbytes 0x01 // 0x01; pushint 1; \\+` +
          `\\. Details: app=${appId}, pc=37, opcodes=pushbytes 0x${hex} // 0x${hex}; itxn_field ClearStateProgram; itxn_submit; label1:$`,
      ),
    )
  })

  it('a LogicSig: `pc=P, opcodes=…` in simulate, `pc=P` alone on send', async () => {
    const lsig = new algosdk.LogicSigAccount(await compile('#pragma version 10\nint 1\nint 2\n+\nerr'))
    const pay = algosdk.makePaymentTxnWithSuggestedParamsFromObject({ sender: lsig.address(), receiver: wallet1.address, amount: 0, suggestedParams: await algod.getTransactionParams().do() })
    const stxn = algosdk.signLogicSigTransactionObject(pay, lsig).blob
    expect(await sendError(stxn)).toMatch(/rejected by logic err=err opcode executed\. Details: pc=6$/)
    expect(await simulateError(stxn)).toMatch(/rejected by logic err=err opcode executed\. Details: pc=6, opcodes=pushint 2; \+; err$/)
  })
})
