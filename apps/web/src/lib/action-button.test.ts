import { describe, expect, it } from 'vitest'
import { actionButtonState, type ActionButtonInput } from './action-button.ts'

const ready: ActionButtonInput = {
  connected: true,
  networkOk: true,
  amount: 1_500_000n,
  balance: 2_000_000n,
  needsOptIn: false,
  assetName: 'USDC',
  actionLabel: 'Swap',
}

describe('actionButtonState', () => {
  it.each<[string, Partial<ActionButtonInput>, { kind: string; label: string; disabled: boolean }]>([
    ['asks to connect before anything else', { connected: false, networkOk: false, amount: null }, { kind: 'connect', label: 'Connect wallet', disabled: false }],
    ['reports a wrong network before the amount', { networkOk: false, amount: null }, { kind: 'wrong-network', label: 'Wrong network', disabled: true }],
    ['names the network to switch to when known', { networkOk: false, networkName: 'TestNet' }, { kind: 'wrong-network', label: 'Switch wallet to TestNet', disabled: true }],
    ['asks for an amount when none is typed', { amount: null }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['asks for an amount when a bigint amount is zero', { amount: 0n }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['refuses a bigint amount above the balance', { amount: 2_000_001n }, { kind: 'insufficient-balance', label: 'Insufficient USDC balance', disabled: true }],
    ['reports insufficient balance before a needed opt-in', { amount: 3_000_000n, needsOptIn: true }, { kind: 'insufficient-balance', label: 'Insufficient USDC balance', disabled: true }],
    ['words insufficient balance without an asset name', { amount: 3_000_000n, assetName: undefined }, { kind: 'insufficient-balance', label: 'Insufficient balance', disabled: true }],
    ['allows exactly the balance', { amount: 2_000_000n }, { kind: 'ready', label: 'Swap', disabled: false }],
    ['skips the balance check while the balance loads', { amount: 1_000_000_000n, balance: undefined }, { kind: 'ready', label: 'Swap', disabled: false }],
    ['offers the opt-in as a clickable step', { needsOptIn: true }, { kind: 'opt-in', label: 'Opt in to USDC', disabled: false }],
    ['asks to pick what is missing after the network', { select: 'Select a token', amount: null }, { kind: 'select-token', label: 'Select a token', disabled: true }],
    ['shows the page’s own words for an unreadable amount', { amount: null, amountError: 'Too many decimals: USDC has 6' }, { kind: 'enter-amount', label: 'Too many decimals: USDC has 6', disabled: true }],
    ['reports insufficient balance before a problem such as price impact', { amount: 3_000_000n, problem: 'Price impact too high' }, { kind: 'insufficient-balance', label: 'Insufficient USDC balance', disabled: true }],
    ['reports a problem when the balance covers the amount', { amount: 1_000_000n, problem: 'No route for this pair' }, { kind: 'blocked', label: 'No route for this pair', disabled: true }],
    ['asks for an amount before reporting a problem', { amount: null, problem: 'No route for this pair' }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['names the asset received in the opt-in step', { needsOptIn: true, optInName: 'GROVE' }, { kind: 'opt-in', label: 'Opt in to GROVE', disabled: false }],
    ['is ready with the page verb', {}, { kind: 'ready', label: 'Swap', disabled: false }],
    ['allows a bigint amount equal to the balance', { amount: 1_000_001n, balance: 1_000_001n }, { kind: 'ready', label: 'Swap', disabled: false }],
  ])('%s', (_name, patch, expected) => {
    expect(actionButtonState({ ...ready, ...patch })).toEqual(expected)
  })
})
