// Production and dev build of the web app. Wallet SDKs and algosdk stay out of the first
// load: use-wallet imports them only when the user opens the wallet modal (see features/wallet).
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { buildIdPlugin } from './vite-plugin-build-id.ts'

export default defineConfig({
  plugins: [react(), buildIdPlugin()],
  define: {
    // Wallet SDKs (and algosdk's dependencies) expect Node's `global`.
    global: 'globalThis',
    // DESIGN §6: GROVE_NETWORK=testnet|mainnet picks the default network of a build.
    ...(process.env.GROVE_NETWORK ? { 'import.meta.env.VITE_GROVE_NETWORK': JSON.stringify(process.env.GROVE_NETWORK) } : {}),
  },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: {
    // The bench walks this manifest to measure what each route loads first.
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      onwarn(warning, warn) {
        // lottie-web (an animation library inside Pera's and Defly's connect modals) uses eval;
        // it is third-party code loaded only on connect, so the warning is noise here.
        if (warning.code === 'EVAL' && warning.id?.includes('lottie-web')) return
        warn(warning)
      },
    },
  },
})
