// Constants of the wallet feature that must not pull use-wallet into the caller's chunk.
import { RUNTIME } from '@/lib/runtime.ts'

/** The embedded localnet's kmd, as AlgoKit LocalNet runs it. */
export const LOCAL_KMD = { baseServer: 'http://127.0.0.1', port: RUNTIME.kmdPort || import.meta.env.VITE_GROVE_KMD_PORT || '4002', token: 'a'.repeat(64), wallet: 'unencrypted-default-wallet' } as const

/** The kmd URL shown in messages. */
export const LOCAL_KMD_URL = `${LOCAL_KMD.baseServer}:${LOCAL_KMD.port}`
