import { describe, expect, it } from 'vitest'
import { actionButtonState, type ActionButtonInput } from './action-button.ts'

const ready: ActionButtonInput = {
  connected: true,
  networkOk: true,
  amount: '1.5',
  balance: 2_000_000n,
  decimals: 6,
  needsOptIn: false,
  assetName: 'USDC',
  actionLabel: 'Swap',
}

describe('actionButtonState', () => {
  it.each<[string, Partial<ActionButtonInput>, { kind: string; label: string; disabled: boolean }]>([
    ['asks to connect before anything else', { connected: false, networkOk: false, amount: null }, { kind: 'connect', label: 'Connect wallet', disabled: false }],
    ['reports a wrong network before the amount', { networkOk: false, amount: '' }, { kind: 'wrong-network', label: 'Wrong network', disabled: true }],
    ['names the network to switch to when known', { networkOk: false, networkName: 'TestNet' }, { kind: 'wrong-network', label: 'Switch wallet to TestNet', disabled: true }],
    ['asks for an amount when none is typed', { amount: null }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['asks for an amount when the text is blank', { amount: '  ' }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['asks for an amount when it is zero', { amount: '0.000' }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['asks for an amount when a bigint amount is zero', { amount: 0n }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['explains an amount that is not a number', { amount: '1.2.3' }, { kind: 'enter-amount', label: 'Not a number', disabled: true }],
    ['explains too many decimals for the asset', { amount: '1.1234567' }, { kind: 'enter-amount', label: 'Too many decimals: USDC has 6', disabled: true }],
    ['reads the amount with the asset decimals', { amount: '1.5', decimals: 0 }, { kind: 'enter-amount', label: 'Too many decimals: USDC has 0', disabled: true }],
    ['refuses more than the balance', { amount: '2.000001' }, { kind: 'insufficient-balance', label: 'Insufficient USDC balance', disabled: true }],
    ['refuses a bigint amount above the balance', { amount: 2_000_001n }, { kind: 'insufficient-balance', label: 'Insufficient USDC balance', disabled: true }],
    ['reports insufficient balance before a needed opt-in', { amount: '3', needsOptIn: true }, { kind: 'insufficient-balance', label: 'Insufficient USDC balance', disabled: true }],
    ['words insufficient balance without an asset name', { amount: '3', assetName: undefined }, { kind: 'insufficient-balance', label: 'Insufficient balance', disabled: true }],
    ['allows exactly the balance', { amount: '2' }, { kind: 'ready', label: 'Swap', disabled: false }],
    ['skips the balance check while the balance loads', { amount: '1000', balance: undefined }, { kind: 'ready', label: 'Swap', disabled: false }],
    ['offers the opt-in as a clickable step', { needsOptIn: true }, { kind: 'opt-in', label: 'Opt in to USDC', disabled: false }],
    ['asks to pick what is missing after the network', { select: 'Select a token', amount: '' }, { kind: 'select-token', label: 'Select a token', disabled: true }],
    ['shows the page’s own words for an unreadable amount', { amount: null, amountError: 'Too many decimals: USDC has 6' }, { kind: 'enter-amount', label: 'Too many decimals: USDC has 6', disabled: true }],
    ['reports a problem with the amount before the balance', { amount: '3', problem: 'No route for this pair' }, { kind: 'blocked', label: 'No route for this pair', disabled: true }],
    ['asks for an amount before reporting a problem', { amount: '', problem: 'No route for this pair' }, { kind: 'enter-amount', label: 'Enter an amount', disabled: true }],
    ['names the asset received in the opt-in step', { needsOptIn: true, optInName: 'GROVE' }, { kind: 'opt-in', label: 'Opt in to GROVE', disabled: false }],
    ['is ready with the page verb', {}, { kind: 'ready', label: 'Swap', disabled: false }],
    ['uses ALGO decimals when none are given', { amount: '1.000001', decimals: undefined, balance: 1_000_001n }, { kind: 'ready', label: 'Swap', disabled: false }],
  ])('%s', (_name, patch, expected) => {
    expect(actionButtonState({ ...ready, ...patch })).toEqual(expected)
  })
})
