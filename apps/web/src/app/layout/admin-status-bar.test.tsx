import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import algosdk from 'algosdk'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ProtocolContext } from '@/lib/protocol.ts'
import { registryQuery, type RegistryGlobals } from '@/lib/registry/registry.ts'
import { walletSession } from '@/lib/wallet-session.ts'
import { AdminStatusBar } from './admin-status-bar.tsx'

const protocol: ProtocolContext = {
  network: { id: 'localnet', name: 'LocalNet' } as ProtocolContext['network'],
  algod: { server: 'http://algod.test', port: '', token: '' },
  deployment: { network: 'localnet', firstRound: 1, dexAppId: 1, registryAppId: 2, lockAppId: 4, stakingAppId: 5, vaultAppId: 6, ordersAppId: 90006, stablePoolsAppId: 190006, groveAssetId: 3, sGroveAssetId: 7 },
}
vi.mock('@/lib/protocol.ts', () => ({ useProtocol: () => protocol }))

const admin = algosdk.generateAccount().addr
const user = algosdk.generateAccount().addr
const globals = (paused: number): RegistryGlobals => ({ admin: admin.publicKey, pendingAdmin: null, treasury: admin.publicKey, paused, defaultFeeBps: 30, protocolFeeDivisor: 6 })

function renderBar(paused: number, active: string | null) {
  walletSession.update({ activeAddress: active })
  const client = new QueryClient()
  client.setQueryData(registryQuery(protocol.algod, 2).queryKey, globals(paused))
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminStatusBar />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

afterEach(() => walletSession.reset())

describe('AdminStatusBar', () => {
  it('is absent when nothing is paused and the account is not the admin', () => {
    renderBar(0, user.toString())
    expect(screen.queryByTestId('admin-status')).toBeNull()
  })
  it('tells everyone which actions are paused', () => {
    renderBar(3, user.toString())
    expect(screen.getByTestId('admin-status')).toHaveTextContent('Paused by the protocol admin: swaps and new pools. Withdrawals stay open.')
    expect(screen.getByTestId('admin-status')).not.toHaveTextContent('signed in as the protocol admin')
  })
  it('tells the admin they are signed in as admin, paused or not', () => {
    renderBar(0, admin.toString())
    expect(screen.getByTestId('admin-status')).toHaveTextContent('You are signed in as the protocol admin.')
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin')
  })
})
