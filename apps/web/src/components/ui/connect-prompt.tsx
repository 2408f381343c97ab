import { walletSession, useWalletSession } from '@/lib/wallet-session.ts'
import { Notice } from './notice.tsx'

/** "Connect a wallet" with a button that opens the wallet modal; renders nothing once connected. */
export function ConnectPrompt(props: { reason: string }) {
  const session = useWalletSession()
  if (session.activeAddress) return null
  return (
    <Notice
      title="Connect a wallet"
      action={
        <button type="button" className="button button--primary" onClick={() => walletSession.openModal()}>
          Connect wallet
        </button>
      }
    >
      {props.reason}
    </Notice>
  )
}
