// Wallet SDKs and algosdk use Node's Buffer; this module is imported first in main.tsx so the
// global exists before any of them is evaluated.
import { Buffer } from 'buffer'

const scope = globalThis as typeof globalThis & { Buffer?: typeof Buffer }
scope.Buffer ??= Buffer
