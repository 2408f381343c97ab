// Block entries to the indexer's JSON, field for field as the indexer's converter_utils.go writes
// them: optional fields it sets through a pointer (uint64Ptr and the like) are written even when
// zero, byteSliceOmitZeroPtr and addrPtr fields are left out when zero.
import algosdk from 'algosdk'
import { addressString } from './address.ts'

export type Json = Record<string, unknown>

const b64 = (b: Uint8Array): string => algosdk.bytesToBase64(b)
const isZero = (b: Uint8Array | undefined): boolean => b === undefined || b.every((x) => x === 0)
/** byteSliceOmitZeroPtr: left out when absent or all zero bytes. */
const bytesOmitZero = (b: Uint8Array | undefined): string | undefined => (b === undefined || b.length === 0 || isZero(b) ? undefined : b64(b))
/** addrPtr: left out for the zero address. */
const addrOmitZero = (a: algosdk.Address | undefined): string | undefined => (a === undefined || isZero(a.publicKey) ? undefined : addressString(a))

/** util.PrintableUTF8OrEmpty: the text when it is valid, printable UTF-8, else empty. */
function printableOrEmpty(bytes: Uint8Array): string {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return ''
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(text) ? '' : text
}

const ON_COMPLETION = ['noop', 'optin', 'closeout', 'clear', 'update', 'delete'] as const

function stateDelta(delta: Map<Uint8Array, algosdk.ValueDelta> | undefined): Json[] | undefined {
  if (delta === undefined || delta.size === 0) return undefined
  const out: Json[] = []
  for (const [key, v] of delta) {
    const value: Json = { action: v.action }
    if (v.action === 1) value.bytes = b64(v.bytes)
    if (v.action === 2) value.uint = v.uint
    out.push({ key: b64(key), value })
  }
  return out
}

/** The fields of one row that are not in its signed transaction (the txn table's round, intra, asset and extra). */
export interface RowExtra {
  round: bigint
  intra: number
  roundTime: bigint
  /** The created asset or app id (the row's `asset` column). */
  createdId: bigint
  /** A root's genesis fields, which its block entry leaves out. */
  genesisId?: string
  genesisHash?: Uint8Array
}

function applicationFields(txn: algosdk.Transaction): Json {
  const a = txn.applicationCall!
  const access = (a.access ?? []).map((r): Json => {
    if (r.address) return { address: addressString(r.address) }
    if (r.appIndex) return { 'application-id': r.appIndex }
    if (r.assetIndex) return { 'asset-id': r.assetIndex }
    if (r.holding) return { holding: { address: addressString(r.holding.address), asset: r.holding.assetIndex } }
    if (r.locals) return { local: { address: addressString(r.locals.address), app: r.locals.appIndex } }
    return { box: { app: r.box?.appIndex ?? 0n, name: b64(r.box?.name ?? new Uint8Array()) } }
  })
  return {
    access,
    accounts: a.accounts.map(addressString),
    'application-args': a.appArgs.map(b64),
    'application-id': a.appIndex,
    'approval-program': bytesOmitZero(a.approvalProgram),
    'box-references': a.boxes.map((bx) => ({ app: bx.appIndex, name: b64(bx.name) })),
    'clear-state-program': bytesOmitZero(a.clearProgram),
    'extra-program-pages': a.extraPages ? a.extraPages : undefined,
    'foreign-apps': [...a.foreignApps],
    'foreign-assets': [...a.foreignAssets],
    'global-state-schema': { 'num-byte-slice': a.numGlobalByteSlices, 'num-uint': a.numGlobalInts },
    'local-state-schema': { 'num-byte-slice': a.numLocalByteSlices, 'num-uint': a.numLocalInts },
    'on-completion': ON_COMPLETION[a.onComplete],
    'reject-version': a.rejectVersion ? a.rejectVersion : undefined,
  }
}

function assetParamsFromTxn(txn: algosdk.Transaction): Json | undefined {
  const c = txn.assetConfig!
  const zero = c.total === 0n && c.decimals === 0 && !c.defaultFrozen && !c.manager && !c.reserve && !c.freeze && !c.clawback && !c.unitName && !c.assetName && !c.assetURL && isZero(c.assetMetadataHash)
  if (zero) return undefined
  const enc = new TextEncoder()
  const name = enc.encode(c.assetName ?? '')
  const unit = enc.encode(c.unitName ?? '')
  const url = enc.encode(c.assetURL ?? '')
  return {
    clawback: addrOmitZero(c.clawback),
    creator: addressString(txn.sender),
    decimals: c.decimals,
    'default-frozen': c.defaultFrozen,
    freeze: addrOmitZero(c.freeze),
    manager: addrOmitZero(c.manager),
    'metadata-hash': bytesOmitZero(c.assetMetadataHash),
    name: printableOrEmpty(name),
    'name-b64': b64(name),
    reserve: addrOmitZero(c.reserve),
    total: c.total,
    'unit-name': printableOrEmpty(unit),
    'unit-name-b64': b64(unit),
    url: printableOrEmpty(url),
    'url-b64': b64(url),
  }
}

/** go's edIndexToAddress: a local delta's account index to its address. */
function edIndexAddress(index: number, txn: algosdk.Transaction, shared: algosdk.Address[]): string {
  if (index === 0) return addressString(txn.sender)
  const accounts = txn.applicationCall?.accounts ?? []
  if (index <= accounts.length) return addressString(accounts[index - 1]!)
  const s = shared[index - 1 - accounts.length]
  return s ? addressString(s) : new algosdk.Address(new Uint8Array(32)).toString()
}

/** signedTxnWithAdToTransaction: the indexer's Transaction (without id and signature, added by the caller for the root). */
export function transactionJSON(stxn: algosdk.SignedTxnWithAD, extra: RowExtra): Json {
  const txn = stxn.signedTxn.txn
  const ad = stxn.applyData
  const out: Json = {}
  switch (txn.type) {
    case 'pay':
      out['payment-transaction'] = {
        amount: txn.payment!.amount,
        'close-amount': ad.closingAmount ?? 0n,
        'close-remainder-to': addrOmitZero(txn.payment!.closeRemainderTo),
        receiver: addressString(txn.payment!.receiver),
      }
      break
    case 'keyreg': {
      const k = txn.keyreg!
      out['keyreg-transaction'] = {
        'non-participation': k.nonParticipation,
        'selection-participation-key': bytesOmitZero(k.selectionKey),
        'state-proof-key': bytesOmitZero(k.stateProofKey),
        'vote-first-valid': k.voteFirst ?? 0n,
        'vote-key-dilution': k.voteKeyDilution ?? 0n,
        'vote-last-valid': k.voteLast ?? 0n,
        'vote-participation-key': bytesOmitZero(k.voteKey),
      }
      break
    }
    case 'acfg':
      out['asset-config-transaction'] = { 'asset-id': txn.assetConfig!.assetIndex, params: assetParamsFromTxn(txn) }
      break
    case 'axfer': {
      const t = txn.assetTransfer!
      out['asset-transfer-transaction'] = {
        amount: t.amount,
        'asset-id': t.assetIndex,
        'close-amount': ad.assetClosingAmount ?? 0n,
        'close-to': addrOmitZero(t.closeRemainderTo),
        receiver: addressString(t.receiver),
        sender: addrOmitZero(t.assetSender),
      }
      break
    }
    case 'afrz': {
      const f = txn.assetFreeze!
      out['asset-freeze-transaction'] = { address: addressString(f.freezeAccount), 'asset-id': f.assetIndex, 'new-freeze-status': f.frozen }
      break
    }
    case 'appl':
      out['application-transaction'] = applicationFields(txn)
      break
    case 'hb': {
      const h = txn.heartbeat!
      out['heartbeat-transaction'] = {
        'hb-address': addressString(h.address),
        'hb-key-dilution': h.keyDilution,
        'hb-proof': {
          'hb-pk': bytesOmitZero(h.proof.pk),
          'hb-pk1sig': bytesOmitZero(h.proof.pk1Sig),
          'hb-pk2': bytesOmitZero(h.proof.pk2),
          'hb-pk2sig': bytesOmitZero(h.proof.pk2Sig),
          'hb-sig': bytesOmitZero(h.proof.sig),
        },
        'hb-seed': b64(h.seed),
        'hb-vote-id': b64(h.voteID),
      }
      break
    }
  }
  const ed = ad.evalDelta
  if (ed && ed.localDeltas.size > 0) {
    out['local-state-delta'] = [...ed.localDeltas.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([i, d]) => {
        const delta = stateDelta(d)
        return delta ? [{ address: edIndexAddress(i, txn, ed.sharedAccts), delta }] : []
      })
  }
  if (ed && ed.logs.length > 0) out.logs = ed.logs.map(b64)
  if (ed && ed.innerTxns.length > 0) {
    out['inner-txns'] = ed.innerTxns.map((inner) => {
      const t = inner.signedTxn.txn
      const createdId = t.type === 'appl' ? (inner.applyData.applicationID ?? 0n) : t.type === 'acfg' ? (inner.applyData.configAsset ?? 0n) : 0n
      return transactionJSON(inner, { ...extra, createdId, genesisId: undefined, genesisHash: undefined })
    })
  }
  Object.assign(out, {
    'auth-addr': addrOmitZero(stxn.signedTxn.sgnr),
    'close-rewards': ad.closeRewards ?? 0n,
    'closing-amount': ad.closingAmount ?? 0n,
    'confirmed-round': extra.round,
    fee: txn.fee,
    'first-valid': txn.firstValid,
    'genesis-hash': bytesOmitZero(extra.genesisHash ?? txn.genesisHash),
    'genesis-id': extra.genesisId || (txn.genesisID ?? ''),
    'global-state-delta': stateDelta(ed?.globalDelta),
    group: bytesOmitZero(txn.group),
    'intra-round-offset': extra.intra,
    'last-valid': txn.lastValid,
    lease: bytesOmitZero(txn.lease),
    note: bytesOmitZero(txn.note),
    'receiver-rewards': ad.receiverRewards ?? 0n,
    'rekey-to': addrOmitZero(txn.rekeyTo),
    'round-time': extra.roundTime,
    sender: addressString(txn.sender),
    'sender-rewards': ad.senderRewards ?? 0n,
    'tx-type': txn.type,
  })
  if (txn.type === 'acfg' && txn.assetConfig!.assetIndex === 0n) out['created-asset-index'] = extra.createdId
  if (txn.type === 'appl' && txn.applicationCall!.appIndex === 0n) out['created-application-index'] = extra.createdId
  return out
}

/** The signature the indexer writes for a root transaction (sig, multisig or logicsig). */
export function signatureJSON(stxn: algosdk.SignedTransaction): Json {
  const sig: Json = {}
  if (stxn.sig && !isZero(stxn.sig)) sig.sig = b64(stxn.sig)
  const msig = (m: algosdk.EncodedMultisig | undefined): Json | undefined =>
    m && {
      subsignature: m.subsig.map((s) => ({ 'public-key': b64(s.pk), signature: s.s ? b64(s.s) : undefined })),
      threshold: m.thr,
      version: m.v,
    }
  if (stxn.msig) sig.multisig = msig(stxn.msig)
  if (stxn.lsig) {
    const l = stxn.lsig
    sig.logicsig = {
      args: l.args.map(b64),
      logic: b64(l.logic),
      'multisig-signature': msig(l.msig ?? l.lmsig),
      signature: l.sig ? b64(l.sig) : undefined,
    }
  }
  return sig
}

/** The indexer's sig-type of a signed transaction: sig, msig or lsig. */
export function sigType(stxn: algosdk.SignedTransaction): 'sig' | 'msig' | 'lsig' | undefined {
  if (stxn.lsig) return 'lsig'
  if (stxn.msig) return 'msig'
  if (stxn.sig && !isZero(stxn.sig)) return 'sig'
  return undefined
}

/** hdrRowToBlock: a block header as the indexer writes it (transactions added by the caller). */
export function blockHeaderJSON(h: algosdk.BlockHeader): Json {
  const updates: Json = {}
  if (h.participationUpdates.expiredParticipationAccounts.length > 0) updates['expired-participation-accounts'] = h.participationUpdates.expiredParticipationAccounts.map(String)
  if (h.participationUpdates.absentParticipationAccounts.length > 0) updates['absent-participation-accounts'] = h.participationUpdates.absentParticipationAccounts.map(String)
  const tracking = [...h.stateproofTracking.entries()]
    .sort(([a], [b]) => a - b)
    .map(([type, t]) => ({
      'next-round': t.stateProofNextRound,
      'online-total-weight': t.stateProofOnlineTotalWeight,
      type,
      'voters-commitment': bytesOmitZero(t.stateProofVotersCommitment),
    }))
  const num = (v: bigint): bigint | undefined => (v === 0n ? undefined : v)
  return {
    bonus: num(h.bonus),
    'fees-collected': num(h.feesCollected),
    'genesis-hash': b64(h.genesisHash),
    'genesis-id': h.genesisID,
    'participation-updates': Object.keys(updates).length > 0 ? updates : undefined,
    'previous-block-hash': b64(h.branch),
    'previous-block-hash-512': bytesOmitZero(h.branch512),
    proposer: addrOmitZero(h.proposer),
    'proposer-payout': num(h.proposerPayout),
    rewards: {
      'fee-sink': addressString(h.rewardState.feeSink),
      'rewards-calculation-round': h.rewardState.rewardsRecalculationRound,
      'rewards-level': h.rewardState.rewardsLevel,
      'rewards-pool': addressString(h.rewardState.rewardsPool),
      'rewards-rate': h.rewardState.rewardsRate,
      'rewards-residue': h.rewardState.rewardsResidue,
    },
    round: h.round,
    seed: b64(h.seed),
    'state-proof-tracking': tracking,
    timestamp: h.timestamp,
    'transactions-root': b64(h.txnCommitments.nativeSha512_256Commitment),
    'transactions-root-sha256': b64(h.txnCommitments.sha256Commitment),
    'transactions-root-sha512': bytesOmitZero(h.txnCommitments.sha512Commitment),
    'txn-counter': h.txnCounter,
    'upgrade-state': {
      'current-protocol': h.upgradeState.currentProtocol,
      'next-protocol': h.upgradeState.nextProtocol,
      'next-protocol-approvals': h.upgradeState.nextProtocolApprovals,
      'next-protocol-switch-on': h.upgradeState.nextProtocolSwitchOn,
      'next-protocol-vote-before': h.upgradeState.nextProtocolVoteBefore,
    },
    'upgrade-vote': {
      'upgrade-approve': h.upgradeVote.upgradeApprove,
      'upgrade-delay': h.upgradeVote.upgradeDelay,
      'upgrade-propose': h.upgradeVote.upgradePropose,
    },
  }
}

/** What an asset row's params hold (all zero for a destroyed asset, whose params row is null). */
export interface AssetRowParams {
  creator: string
  total?: bigint
  decimals?: number
  defaultFrozen?: boolean
  name?: Uint8Array
  unitName?: Uint8Array
  url?: Uint8Array
  metadataHash?: Uint8Array
  manager?: string
  reserve?: string
  freeze?: string
  clawback?: string
}

/**
 * fetchAssets' AssetParams: names printable or left out, their bytes left out when empty,
 * default-frozen always, and each role address always, the zero address when unset.
 */
export function assetRowParamsJSON(p: AssetRowParams): Json {
  const text = (b: Uint8Array | undefined) => (b && b.length > 0 ? printableOrEmpty(b) || undefined : undefined)
  const bytes = (b: Uint8Array | undefined) => (b && b.length > 0 ? b64(b) : undefined)
  const role = (a: string | undefined) => a ?? algosdk.ALGORAND_ZERO_ADDRESS_STRING
  return {
    clawback: role(p.clawback),
    creator: p.creator,
    decimals: p.decimals ?? 0,
    'default-frozen': p.defaultFrozen ?? false,
    freeze: role(p.freeze),
    manager: role(p.manager),
    'metadata-hash': bytesOmitZero(p.metadataHash),
    name: text(p.name),
    'name-b64': bytes(p.name),
    reserve: role(p.reserve),
    total: p.total ?? 0n,
    'unit-name': text(p.unitName),
    'unit-name-b64': bytes(p.unitName),
    url: text(p.url),
    'url-b64': bytes(p.url),
  }
}
