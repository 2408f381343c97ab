// The kmd v1 routes (daemon/kmd/api/v1/handlers.go): one row per endpoint with its request
// schema (kmdapi/requests.go field names) and a handler that returns the response body.
// Status codes follow go's handler for each step: a bad handle is 401, a driver failure 400.

import algosdk from 'algosdk'
import { KMD_ERRORS, KmdError, withStatus } from './errors.ts'
import type { Sessions } from './sessions.ts'
import {
  type MultisigSig,
  type Wallet,
  type WalletStore,
  addressString,
  encodeMultisig,
  multisigProgramBytes,
  programBytes,
} from './wallet-store.ts'

/** How a request field is decoded from go's JSON (byte arrays are standard base64). */
export type FieldKind = 'string' | 'bool' | 'u8' | 'bytes' | 'b32' | 'b64' | 'pks' | 'msig'

/** Decoded request fields; absent or null fields hold the zero value, as go's decoder leaves them. */
export type Body = Record<string, unknown>

/** What a handler needs: the wallets and the live handles. */
export interface KmdContext {
  store: WalletStore
  sessions: Sessions
}

/** One kmd endpoint. */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  fields: Record<string, FieldKind>
  handle: (body: Body, ctx: KmdContext) => Promise<Record<string, unknown>> | Record<string, unknown>
}

const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64')

function wallet(ctx: KmdContext, token: unknown): Wallet {
  const { unlocked } = ctx.sessions.auth(String(token))
  return ctx.store.wallet(unlocked)
}

function address(text: unknown): Uint8Array {
  try {
    return algosdk.decodeAddress(String(text)).publicKey
  } catch {
    throw new KmdError(KMD_ERRORS.couldNotDecodeAddress)
  }
}

function transaction(bytes: unknown): algosdk.Transaction {
  try {
    return algosdk.decodeUnsignedTransaction(bytes as Uint8Array)
  } catch {
    throw new KmdError(KMD_ERRORS.couldNotDecodeTx)
  }
}

const driver = (name: unknown) => {
  if (name !== 'sqlite' && name !== '') throw new KmdError(KMD_ERRORS.unknownDriver)
}

const zero32 = new Uint8Array(32)

/** Every kmd v1 endpoint, as go registers them. */
export const ROUTES: Route[] = [
  {
    method: 'GET',
    path: '/v1/wallets',
    fields: {},
    handle: (_b, ctx) => ({ wallets: ctx.store.list() }),
  },
  {
    method: 'POST',
    path: '/v1/wallet',
    fields: { wallet_name: 'string', wallet_driver_name: 'string', wallet_password: 'string', master_derivation_key: 'b32' },
    handle: async (b, ctx) => {
      driver(b.wallet_driver_name)
      const w = await ctx.store.create(String(b.wallet_name), String(b.wallet_password), b.master_derivation_key as Uint8Array)
      return { wallet: w }
    },
  },
  {
    method: 'POST',
    path: '/v1/wallet/init',
    fields: { wallet_id: 'string', wallet_password: 'string' },
    handle: async (b, ctx) => {
      ctx.store.metadata(String(b.wallet_id))
      const unlocked = await withStatus(401, () => ctx.store.unlock(String(b.wallet_id), String(b.wallet_password)))
      return { wallet_handle_token: ctx.sessions.init(unlocked) }
    },
  },
  {
    method: 'POST',
    path: '/v1/wallet/release',
    fields: { wallet_handle_token: 'string' },
    handle: (b, ctx) => {
      ctx.sessions.release(String(b.wallet_handle_token))
      return {}
    },
  },
  {
    method: 'POST',
    path: '/v1/wallet/renew',
    fields: { wallet_handle_token: 'string' },
    handle: (b, ctx) => {
      const { unlocked, expiresSeconds } = ctx.sessions.auth(String(b.wallet_handle_token), true)
      return { wallet_handle: { wallet: ctx.store.metadata(unlocked.walletId), expires_seconds: expiresSeconds } }
    },
  },
  {
    method: 'POST',
    path: '/v1/wallet/rename',
    fields: { wallet_id: 'string', wallet_password: 'string', wallet_name: 'string' },
    handle: async (b, ctx) => {
      ctx.store.metadata(String(b.wallet_id))
      return { wallet: await ctx.store.rename(String(b.wallet_id), String(b.wallet_name), String(b.wallet_password)) }
    },
  },
  {
    method: 'POST',
    path: '/v1/wallet/info',
    fields: { wallet_handle_token: 'string' },
    handle: (b, ctx) => {
      const { unlocked, expiresSeconds } = ctx.sessions.auth(String(b.wallet_handle_token))
      return { wallet_handle: { wallet: ctx.store.metadata(unlocked.walletId), expires_seconds: expiresSeconds } }
    },
  },
  {
    method: 'POST',
    path: '/v1/master-key/export',
    fields: { wallet_handle_token: 'string', wallet_password: 'string' },
    handle: (b, ctx) => ({
      master_derivation_key: b64(wallet(ctx, b.wallet_handle_token).exportMasterDerivationKey(String(b.wallet_password))),
    }),
  },
  {
    method: 'POST',
    path: '/v1/key/list',
    fields: { wallet_handle_token: 'string' },
    handle: (b, ctx) => ({ addresses: wallet(ctx, b.wallet_handle_token).listKeys().map(addressString) }),
  },
  {
    method: 'POST',
    path: '/v1/key/import',
    fields: { wallet_handle_token: 'string', private_key: 'b64' },
    handle: (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      return { address: addressString(w.importKey(b.private_key as Uint8Array)) }
    },
  },
  {
    method: 'POST',
    path: '/v1/key/export',
    fields: { wallet_handle_token: 'string', address: 'string', wallet_password: 'string' },
    handle: (b, ctx) => {
      const addr = address(b.address)
      const w = wallet(ctx, b.wallet_handle_token)
      return { private_key: b64(w.exportKey(addr, String(b.wallet_password))) }
    },
  },
  {
    method: 'POST',
    path: '/v1/key',
    fields: { wallet_handle_token: 'string', display_mnemonic: 'bool' },
    handle: async (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      // kmd answers the sqlite driver's refusal to show a mnemonic with 500; asking for it is the client's choice: 400
      const addr = await withStatus(400, () => w.generateKey(b.display_mnemonic === true))
      return { address: addressString(addr) }
    },
  },
  {
    method: 'DELETE',
    path: '/v1/key',
    fields: { wallet_handle_token: 'string', address: 'string', wallet_password: 'string' },
    handle: (b, ctx) => {
      const addr = address(b.address)
      wallet(ctx, b.wallet_handle_token).deleteKey(addr, String(b.wallet_password))
      return {}
    },
  },
  {
    method: 'POST',
    path: '/v1/transaction/sign',
    fields: { wallet_handle_token: 'string', transaction: 'bytes', public_key: 'b32', wallet_password: 'string' },
    handle: (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      const txn = transaction(b.transaction)
      const stxn = w.signTransaction(txn, b.public_key as Uint8Array, String(b.wallet_password))
      return { signed_transaction: b64(stxn) }
    },
  },
  {
    method: 'POST',
    path: '/v1/program/sign',
    fields: { wallet_handle_token: 'string', address: 'string', data: 'bytes', wallet_password: 'string' },
    handle: (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      const addr = address(b.address)
      return { sig: b64(w.signProgram(b.data as Uint8Array, addr, String(b.wallet_password))) }
    },
  },
  {
    method: 'POST',
    path: '/v1/multisig/list',
    fields: { wallet_handle_token: 'string' },
    handle: (b, ctx) => ({ addresses: wallet(ctx, b.wallet_handle_token).listMultisig().map(addressString) }),
  },
  {
    method: 'POST',
    path: '/v1/multisig/import',
    fields: { wallet_handle_token: 'string', multisig_version: 'u8', threshold: 'u8', pks: 'pks' },
    handle: (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      const addr = w.importMultisig(b.multisig_version as number, b.threshold as number, b.pks as Uint8Array[])
      return { address: addressString(addr) }
    },
  },
  {
    method: 'POST',
    path: '/v1/multisig/export',
    fields: { wallet_handle_token: 'string', address: 'string' },
    handle: (b, ctx) => {
      const addr = address(b.address)
      const pre = wallet(ctx, b.wallet_handle_token).lookupMultisig(addr)
      return { multisig_version: pre.version, threshold: pre.threshold, pks: pre.pks.map(b64) }
    },
  },
  {
    method: 'POST',
    path: '/v1/multisig/sign',
    fields: {
      wallet_handle_token: 'string',
      transaction: 'bytes',
      public_key: 'b32',
      partial_multisig: 'msig',
      wallet_password: 'string',
      signer: 'b32',
    },
    handle: (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      const txn = transaction(b.transaction)
      const sender = txn.sender.publicKey
      const msig = w.multisigSign(
        () => txn.bytesToSign(),
        sender,
        [sender, b.signer as Uint8Array],
        b.public_key as Uint8Array,
        b.partial_multisig as MultisigSig,
        String(b.wallet_password),
      )
      return { multisig: b64(encodeMultisig(msig)) }
    },
  },
  {
    method: 'POST',
    path: '/v1/multisig/signprogram',
    fields: {
      wallet_handle_token: 'string',
      address: 'string',
      data: 'bytes',
      public_key: 'b32',
      partial_multisig: 'msig',
      wallet_password: 'string',
      use_legacy_msig: 'bool',
    },
    handle: (b, ctx) => {
      const w = wallet(ctx, b.wallet_handle_token)
      const addr = address(b.address)
      const program = b.data as Uint8Array
      const message = (a: Uint8Array) => (b.use_legacy_msig === true ? programBytes(program) : multisigProgramBytes(a, program))
      const msig = w.multisigSign(
        message,
        addr,
        [addr],
        b.public_key as Uint8Array,
        b.partial_multisig as MultisigSig,
        String(b.wallet_password),
      )
      return { multisig: b64(encodeMultisig(msig)) }
    },
  },
  {
    method: 'DELETE',
    path: '/v1/multisig',
    fields: { wallet_handle_token: 'string', address: 'string', wallet_password: 'string' },
    handle: (b, ctx) => {
      const addr = address(b.address)
      wallet(ctx, b.wallet_handle_token).deleteMultisig(addr, String(b.wallet_password))
      return {}
    },
  },
]

/** Zero values for absent fields, per kind. */
export function zeroOf(kind: FieldKind): unknown {
  switch (kind) {
    case 'string':
      return ''
    case 'bool':
      return false
    case 'u8':
      return 0
    case 'bytes':
      return new Uint8Array()
    case 'b32':
      return zero32
    case 'b64':
      return new Uint8Array(64)
    case 'pks':
      return []
    case 'msig':
      return { v: 0, thr: 0, subsig: [] }
  }
}
